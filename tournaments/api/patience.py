"""API for poker patience under /api/clubs/{slug}/events/{id}/patience/.

Thin: an input serializer per action validates once, a service writes, a selector answers.
Domain errors go through the one exception handler (``cardroom.api``): ``ValidationError``
is a 400 naming the field, ``PatienceConflict`` a 409. Who may is the party API's: first whether
the evening is visible at all (``patience_visible``: the club's staff, and anyone once it has
started; a hidden one is a 404 for everyone, never a 403), then each view's permission classes
(``cardroom.permissions``): anyone who sees it reads, directors write, and a player's phone
places with the player's PIN in the ``X-Table-Pin`` header (``TablePinAuthentication``; a
scorer's or director's login needs none, a PIN in the body is no PIN).
"""
from __future__ import annotations

from django.contrib.auth.models import AnonymousUser
from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.views import APIView

from cardroom import limits
from cardroom.clients import client_address
from cardroom.permissions import (
    DirectorWrites, IsClubDirector, IsScorerOrTable, TablePinAuthentication, TableSeat)
from clubs.permissions import is_director
from scoring.engine import patience as engine
from tournaments.api.mixins import EventScopedMixin
from tournaments.models import Event
from tournaments.models.patience import Patience, PatienceDeal, PatiencePlayer
from tournaments.selectors_patience import (
    deal_data, patience_data, patience_standings, patience_visible, player_data, player_grid)
from tournaments.services import patience as services


class PatienceCreateInput(serializers.Serializer):
    name = serializers.CharField(max_length=limits.NAME_MAX)
    date = serializers.DateField()
    game = serializers.ChoiceField(choices=["poker_patience"], required=False)
    options = serializers.DictField(required=False, default=dict, help_text=(
        f"{', '.join(engine.RULE_DEFAULTS)}; e.g. {{\"deals\": 3}} (an event's \"rules\" is a scoring rule-set name)."))
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


class PatienceView(EventScopedMixin, APIView):
    """Base: the club and the evening from the URL. Reads: anyone who may see the evening
    (``patience_visible``); writes: the club's directors (``DirectorWrites``), unless a view
    names other classes."""

    permission_classes = [DirectorWrites]

    def get_event(self, user=None) -> Event:
        """The URL's evening among those ``user`` (else the request's) may see; a 404 otherwise."""
        if not hasattr(self, "_event"):
            events = patience_visible(club=self.get_club(), user=user or self.request.user)
            self._event = events.filter(pk=self.kwargs[self.event_kwarg]).first()
            if self._event is None:
                raise NotFound("No such event.")
        return self._event

    def get_patience(self) -> Patience:
        if not hasattr(self, "_patience"):
            self._patience = get_object_or_404(Patience.objects.select_related("event", "event__club"),
                                               event=self.get_event())
        return self._patience

    def check_permissions(self, request):
        """The evening first: one this user may not see is a 404 before any role is asked."""
        self.get_patience()
        super().check_permissions(request)

    def body(self, serializer_class):
        """The request body through its input serializer, first: a bad body is a 400 naming the
        field whatever the evening's state."""
        body = serializer_class(data=self.request.data)
        body.is_valid(raise_exception=True)
        return body.validated_data


class PatienceDetailView(PatienceView):
    """``GET /{id}/patience/``: options, values, the deal in play; directors see players' PINs."""

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
    """``POST /{id}/patience/players/{label}/place/`` ``{"square", "card"}``: the player's phone
    places the next called card, with the player's PIN in the ``X-Table-Pin`` header (no login
    needed); a scorer or director of the club needs none. The phone sees what anyone sees: an
    evening once it has started."""

    authentication_classes = [TablePinAuthentication, *api_settings.DEFAULT_AUTHENTICATION_CLASSES]
    permission_classes = [IsScorerOrTable]

    def get_table(self) -> tuple[Patience, PatiencePlayer]:
        """The evening and the URL's player: a player it does not have is a 404, before any PIN
        is counted."""
        patience = self.get_patience()
        return patience, get_object_or_404(PatiencePlayer, patience=patience, label=self.kwargs["label"])

    def table_pin_check(self, request, pin):
        """Asked while authenticating, before the user is known: the evening as anyone sees it."""
        self.get_event(user=AnonymousUser())
        patience, player = self.get_table()
        return (services.player_pin_check(patience, player.label, pin, client_address(request)),
                TableSeat(event_id=patience.event_id, table=f"P{player.label}"))

    @extend_schema(request=PlaceInput, responses=OpenApiTypes.OBJECT)
    def post(self, request, club_slug, pk, label):
        body = self.body(PlaceInput)
        patience, player = self.get_table()
        services.patience_place(patience=patience, label=label, square=body["square"], card=body["card"],
                                deal=body.get("deal"))
        return Response(player_grid(patience, player))


class PatienceStandingsView(PatienceView):
    """``GET /{id}/patience/standings/``: the stored standings, highest first."""

    @extend_schema(responses={200: {"type": "array", "items": {"type": "object"}}})
    def get(self, request, club_slug, pk):
        return Response(patience_standings(self.get_patience()))
