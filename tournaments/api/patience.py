"""API for poker patience under /api/clubs/{slug}/events/{id}/patience/.

Thin: an input serializer per action validates once, a service writes, a selector answers.
Domain errors go through the one exception handler (``cardroom.api``): ``ValidationError``
is a 400 naming the field, ``PatienceConflict`` a 409. Reads follow ``patience_visible``
(anyone once the evening has started); writes need a club director, except a player's own
placing with their PIN (``"pin"`` in the body; a director or scorer needs none).
"""
from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import SAFE_METHODS, AllowAny, BasePermission
from rest_framework.response import Response
from rest_framework.views import APIView

from cardroom import limits
from cardroom.clients import client_address
from cardroom.permissions import IsClubDirector, require_pin
from clubs.models import Club
from clubs.permissions import is_director, is_scorer
from scoring.engine import patience as engine
from tournaments import selectors
from tournaments.models.patience import Patience, PatienceDeal, PatiencePlayer
from tournaments.selectors_patience import (
    deal_data, patience_data, patience_standings, patience_visible, player_data, player_grid)
from tournaments.services import patience as services


class PatienceCreateInput(serializers.Serializer):
    name = serializers.CharField(max_length=limits.NAME_MAX)
    date = serializers.DateField()
    game = serializers.ChoiceField(choices=["poker_patience"], required=False)
    rules = serializers.DictField(required=False, default=dict,
                                  help_text=f"{', '.join(engine.RULE_DEFAULTS)}; e.g. {{\"deals\": 3}}")
    deal_seed = serializers.CharField(required=False, allow_blank=True, max_length=128)


class PlayerInput(serializers.Serializer):
    member = serializers.IntegerField(required=False, min_value=1, max_value=limits.MAX_ID)
    guest = serializers.CharField(required=False, max_length=limits.NAME_MAX)

    def validate(self, data):
        if ("member" in data) == ("guest" in data):
            raise serializers.ValidationError({"member": ["give a member id or a guest name (one of them)"]})
        return data


class CallInput(serializers.Serializer):
    card = serializers.CharField(required=False, max_length=4, help_text="Calling from a pack: the card, e.g. 7H.")
    count = serializers.IntegerField(required=False, min_value=1, max_value=engine.CELLS, default=1,
                                     help_text="A seeded deal: how many cards to call (25 reveals the deal).")
    deal = serializers.IntegerField(required=False, min_value=1, max_value=engine.MAX_DEALS)


class PlaceInput(serializers.Serializer):
    square = serializers.IntegerField(min_value=0, max_value=engine.CELLS - 1, help_text="0-24, row by row.")
    card = serializers.CharField(max_length=4, help_text="The card placed (the next called one), e.g. 7H.")
    deal = serializers.IntegerField(required=False, min_value=1, max_value=engine.MAX_DEALS)
    pin = serializers.CharField(required=False, max_length=8)


class GridInput(serializers.Serializer):
    deal = serializers.IntegerField(min_value=1, max_value=engine.MAX_DEALS)
    cells = serializers.ListField(child=serializers.CharField(max_length=4), min_length=engine.CELLS,
                                  max_length=engine.CELLS, help_text="25 cards, row by row.")


class CloseInput(serializers.Serializer):
    confirm = serializers.BooleanField(required=False, default=False)


def patience_create(view, request) -> Response:
    """``POST /api/clubs/{slug}/events/`` with ``"game": "poker_patience"`` (directors only)."""
    body = PatienceCreateInput(data=request.data)
    body.is_valid(raise_exception=True)
    values = {k: v for k, v in body.validated_data.items() if k != "game"}
    patience = services.patience_create(club=view.get_club(), created_by=request.user, **values)
    return Response(patience_data(patience), status=status.HTTP_201_CREATED)


class ReadsOnceStarted(BasePermission):
    """Reads: the queryset's rule (anyone once started); writes: signed in."""

    def has_permission(self, request, view) -> bool:
        return request.method in SAFE_METHODS or bool(request.user and request.user.is_authenticated)


class PatienceView(APIView):
    """Base: the club and the evening from the URL, visible to this user."""

    permission_classes = [ReadsOnceStarted]

    def get_club(self) -> Club:
        if not hasattr(self, "_club"):
            self._club = get_object_or_404(Club, slug=self.kwargs["club_slug"])
        return self._club

    def visible_events(self):
        club, user = self.get_club(), self.request.user
        return (patience_visible(club=club, user=user) if self.request.method in SAFE_METHODS
                else selectors.club_events_visible(club=club, user=user))

    def check_permissions(self, request):
        """An evening hidden from the user is a 404 for every action, before any role is asked."""
        get_object_or_404(self.visible_events(), pk=self.kwargs["pk"])
        super().check_permissions(request)

    def get_patience(self) -> Patience:
        event = get_object_or_404(self.visible_events(), pk=self.kwargs["pk"])
        return get_object_or_404(Patience.objects.select_related("event", "event__club"), event=event)

    def body(self, serializer_class):
        """The request body through its input serializer, first: a bad body is a 400 naming the
        field whatever the evening's state."""
        body = serializer_class(data=self.request.data)
        body.is_valid(raise_exception=True)
        return body.validated_data


class PatienceDetailView(PatienceView):
    """``GET /{id}/patience/``: rules, values, the deal in play; directors see players' PINs."""

    @extend_schema(responses=OpenApiTypes.OBJECT)
    def get(self, request, club_slug, pk):
        patience = self.get_patience()
        data = patience_data(patience)
        if is_director(request.user, patience.event.club):
            data["pins"] = {p.label: services.player_pin(patience, p.label)
                            for p in PatiencePlayer.objects.filter(patience=patience)}
        return Response(data)


class PatiencePlayersView(PatienceView):
    """``GET /{id}/patience/players/``; ``POST`` ``{"member": id}`` or ``{"guest": "name"}``."""

    def get_permissions(self):
        return [IsClubDirector()] if self.request.method == "POST" else super().get_permissions()

    @extend_schema(responses={200: {"type": "array", "items": {"type": "object"}}})
    def get(self, request, club_slug, pk):
        return Response([player_data(p) for p in PatiencePlayer.objects.filter(patience=self.get_patience())])

    @extend_schema(request=PlayerInput, responses={201: OpenApiTypes.OBJECT})
    def post(self, request, club_slug, pk):
        body = self.body(PlayerInput)
        patience = self.get_patience()
        player = services.patience_player_add(patience=patience, member=body.get("member"), guest=body.get("guest"))
        return Response(player_data(player), status=status.HTTP_201_CREATED)


class PatienceCallView(PatienceView):
    """``POST /{id}/patience/call/``: the Caller calls the next card (``{"count": 25}`` reveals
    a seeded deal; ``{"card": "7H"}`` when calling from a pack)."""

    permission_classes = [IsClubDirector]

    @extend_schema(request=CallInput, responses=OpenApiTypes.OBJECT)
    def post(self, request, club_slug, pk):
        body = self.body(CallInput)
        patience = self.get_patience()
        deal = services.patience_call(patience=patience, card=body.get("card"), count=body["count"],
                                      deal=body.get("deal"))
        return Response(deal_data(patience, deal))


class PatienceCloseView(PatienceView):
    """``POST /{id}/patience/close/``: score every grid of the deal in play, open the next
    (``{"confirm": true}`` when some grids are not full)."""

    permission_classes = [IsClubDirector]

    @extend_schema(request=CloseInput, responses=OpenApiTypes.OBJECT)
    def post(self, request, club_slug, pk):
        body = self.body(CloseInput)
        patience = self.get_patience()
        number = patience.current_deal
        nxt = services.patience_deal_close(patience=patience, confirm=body["confirm"], user=request.user)
        deal = PatienceDeal.objects.get(patience=patience, number=number)
        return Response({"closed": deal_data(patience, deal), "next": nxt.number if nxt else None,
                         "standings": patience_standings(patience)})


class PatienceDealView(PatienceView):
    """``GET /{id}/patience/deals/{n}/``: the cards called and every player's grid."""

    @extend_schema(responses=OpenApiTypes.OBJECT)
    def get(self, request, club_slug, pk, number):
        patience = self.get_patience()
        return Response(deal_data(patience, get_object_or_404(PatienceDeal, patience=patience, number=number)))


class PatienceGridView(PatienceView):
    """``GET /{id}/patience/players/{label}/grid/``: the player's grid in the deal in play;
    ``PUT`` ``{"deal", "cells"}``: the director enters a grid from paper."""

    def get_permissions(self):
        return [IsClubDirector()] if self.request.method == "PUT" else super().get_permissions()

    @extend_schema(responses=OpenApiTypes.OBJECT)
    def get(self, request, club_slug, pk, label):
        patience = self.get_patience()
        player = get_object_or_404(PatiencePlayer, patience=patience, label=label)
        return Response(player_grid(patience, player))

    @extend_schema(request=GridInput, responses=OpenApiTypes.OBJECT)
    def put(self, request, club_slug, pk, label):
        body = self.body(GridInput)
        patience = self.get_patience()
        get_object_or_404(PatiencePlayer, patience=patience, label=label)
        services.patience_grid_enter(patience=patience, label=label, cells=body["cells"], deal=body["deal"],
                                     entered_by=request.user.get_username())
        player = PatiencePlayer.objects.get(patience=patience, label=label)
        return Response(player_grid(patience, player, body["deal"]))


class PatiencePlaceView(PatienceView):
    """``POST /{id}/patience/players/{label}/place/`` ``{"square", "card", "pin"}``: the player's
    phone places the next called card (a director or scorer needs no PIN)."""

    permission_classes = [AllowAny]

    @extend_schema(request=PlaceInput, responses=OpenApiTypes.OBJECT)
    def post(self, request, club_slug, pk, label):
        body = self.body(PlaceInput)
        patience = self.get_patience()
        player = get_object_or_404(PatiencePlayer, patience=patience, label=label)
        if not is_scorer(request.user, patience.event.club):
            require_pin(services.player_pin_check(patience, player.label, body.get("pin"), client_address(request)))
        services.patience_place(patience=patience, label=label, square=body["square"], card=body["card"],
                                deal=body.get("deal"))
        return Response(player_grid(patience, player))

    def visible_events(self):
        """Players place from their phones without logging in: the started evenings anyone reads."""
        return patience_visible(club=self.get_club(), user=self.request.user)


class PatienceStandingsView(PatienceView):
    """``GET /{id}/patience/standings/``: the stored standings, highest first."""

    @extend_schema(responses={200: {"type": "array", "items": {"type": "object"}}})
    def get(self, request, club_slug, pk):
        return Response(patience_standings(self.get_patience()))
