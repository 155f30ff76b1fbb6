"""API for progressive parties under /api/clubs/{slug}/events/.

``EventViewSet`` hands party events to ``party_create``, ``party_start`` and
``party_standings`` (``EventViewSet.action_permissions`` says who may); the party's own routes
(players, rounds, tables, close) are the views below, appended to ``tournaments.api.urls``. Thin:
each action's ``InputSerializer`` checks the body, a service is called, the answer is shaped.
Input errors are 400 naming the field (the serializer's, or the service's ``ValidationError``),
clashes with the party's state a ``PartyConflict``, which the API's one exception handler
(``cardroom.api``) answers 409 with a ``detail``; nothing is written.

Who may: first whether the party is visible to the caller at all (``PartyView.check_permissions``;
a hidden party is a 404 for everyone, never a 403 that would say it exists), then each view's
permission classes (``cardroom.permissions``): anyone who sees a party reads it, directors run it,
and a table reports with its PIN in the ``X-Table-Pin`` header (``TablePinAuthentication``) or a
scorer's login.
"""
from __future__ import annotations

from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound, PermissionDenied
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.views import APIView

from cardroom import limits
from cardroom.clients import client_address
from cardroom.permissions import DirectorWrites, IsClubDirector, IsScorerOrTable, TablePinAuthentication, TableSeat
from clubs.permissions import is_director
from tournaments import selectors_party
from tournaments.api.mixins import EventScopedMixin
from tournaments.models import Event
from tournaments.models.party import Party, PartyPlayer, Progression
from tournaments.movements.limits import MAX_PARTY_TABLES
from tournaments.services import party as party_services
from tournaments.visibility import parties_visible


def _valid(serializer_class, request) -> dict:
    """The body checked by the action's input serializer (a 400 naming the field otherwise)."""
    serializer = serializer_class(data=request.data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


def party_data(party: Party) -> dict:
    event = party.event
    return {"id": event.pk, "name": event.name, "date": event.date.isoformat(), "game": event.game,
            "status": event.status, "progression": party.progression, "tables": party.tables,
            "options": party_services.party_options(party), "round": party.current_round,
            "rounds": party_services.planned_rounds(party), "deal_seed": event.deal_seed}


class PartyCreateInput(serializers.Serializer):
    name = serializers.CharField(max_length=160)
    date = serializers.DateField()
    game = serializers.CharField()
    progression = serializers.CharField(required=False, allow_blank=True)
    tables = serializers.IntegerField(required=False, min_value=0, max_value=MAX_PARTY_TABLES, default=0)
    options = serializers.DictField(required=False, default=dict, help_text=(
        "The party's options by progression, e.g. {\"game_points\": 5}, {\"missed\": \"average\"}, "
        "{\"scheme\": \"eagle_2\"}, {\"stake\": {\"white\": 25}} (an event's \"rules\" is a scoring rule-set name)."))
    deal_seed = serializers.CharField(required=False, allow_blank=True, max_length=128)


def party_create(view, request) -> Response:
    """``POST /`` for a progressive_euchre or whist_drive event (directors: the viewset's ``create``)."""
    values = _valid(PartyCreateInput, request)
    party = party_services.party_create(club=view.get_club(), created_by=request.user, **values)
    return Response(party_data(party), status=status.HTTP_201_CREATED)


class PartyStartInput(serializers.Serializer):
    seating = serializers.JSONField(required=False, allow_null=True, help_text=(
        "The director's round-1 seating instead of the draw: tables of two sides of two labels "
        '([[["1", "2"], ["3", "4"]]]); progressive hearts: tables of four labels.'))


def party_start(view, request, event) -> Response:
    """``POST /{id}/start/``: draw round 1 from the seed, or take ``{"seating": [...]}``
    (directors: the viewset's ``start``)."""
    party = get_object_or_404(Party, event=event)
    body = _valid(PartyStartInput, request)
    round_ = party_services.party_start(party=party, seating=body.get("seating"), user=request.user)
    return Response(selectors_party.party_round(party=party, number=round_.number))


def party_standings(view, request, event) -> Response:
    """``GET /{id}/standings/``: ranked within each category (live); progressive hearts ranks
    everyone together, with the chips lost each round, the round retired after and the prize."""
    party = get_object_or_404(Party, event=event)
    return Response([row.as_dict() for row in selectors_party.party_standings(party=party)])


READ = extend_schema(responses=OpenApiTypes.OBJECT)
READ_LIST = extend_schema(responses={200: {"type": "array", "items": {"type": "object"}}})


class PartyView(EventScopedMixin, APIView):
    """Base: the club and the party's event from the URL. Reads: anyone who may see the party
    (``visibility.parties_visible``: the club's staff, and everyone once it has started);
    writes: the club's directors (``DirectorWrites``), unless a view names other classes."""

    permission_classes = [DirectorWrites]

    def get_event(self, user=None) -> Event:
        """The URL's party among those ``user`` (else the request's) may see; a 404 otherwise."""
        if not hasattr(self, "_event"):
            events = parties_visible(club=self.get_club(), user=user or self.request.user)
            self._event = events.filter(pk=self.kwargs[self.event_kwarg]).first()
            if self._event is None:
                raise NotFound("No such event.")
        return self._event

    def get_party(self) -> Party:
        if not hasattr(self, "_party"):
            self._party = get_object_or_404(Party.objects.select_related("event", "event__club"),
                                            event=self.get_event())
        return self._party

    def check_permissions(self, request):
        """The party first: one this user may not see is a 404 before any role is asked."""
        self.get_party()
        super().check_permissions(request)


class PartyDetailView(PartyView):
    """``GET /{id}/party/``: format, options, round; directors also see the table PINs."""

    @READ
    def get(self, request, club_slug, pk):
        party = self.get_party()
        data = party_data(party)
        if is_director(request.user, party.event.club):
            data["pins"] = {t: party_services.table_pin(party, t) for t in range(1, party.tables + 1)}
        return Response(data)


def player_data(player: PartyPlayer) -> dict:
    return {"label": player.label, "name": player.name, "category": player.category, "status": player.status,
            "member": player.member_id, "ghost": player.ghost, "card": player.card,
            "replaces": player.replaces.label if player.replaces_id else None,
            "joined_round": player.joined_round}


class PartyPlayersView(PartyView):
    """``GET /{id}/players/``; ``POST`` ``{"member": id}`` or ``{"guest": "name"}``, ``"category"``."""

    @READ_LIST
    def get(self, request, club_slug, pk):
        party = self.get_party()
        players = PartyPlayer.objects.filter(party=party).select_related("replaces")
        return Response([player_data(p) for p in players])

    class InputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "PartyPlayerAdd"  # the schema's component name (one InputSerializer a view)

        member = serializers.IntegerField(required=False, allow_null=True, min_value=1, max_value=limits.MAX_ID)
        guest = serializers.CharField(required=False, allow_null=True, max_length=limits.NAME_MAX)
        category = serializers.ChoiceField(choices=["lady", "gentleman", "open"], required=False, allow_null=True)

    @extend_schema(request=InputSerializer, responses={201: OpenApiTypes.OBJECT})
    def post(self, request, club_slug, pk):
        party = self.get_party()
        body = _valid(self.InputSerializer, request)
        player = party_services.party_player_add(party=party, member=body.get("member"), guest=body.get("guest"),
                                                 category=body.get("category") or "open")
        data = player_data(player)
        if getattr(player, "chart_note", None):
            data["chart"] = player.chart_note
        return Response(data, status=status.HTTP_201_CREATED)


class PartyLeaveView(PartyView):
    """``POST /{id}/players/{label}/leave/`` with an optional substitute ``member``/``guest``."""

    permission_classes = [IsClubDirector]

    class InputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "PartyPlayerLeave"  # the schema's component name (one InputSerializer a view)

        member = serializers.IntegerField(required=False, allow_null=True, min_value=1, max_value=limits.MAX_ID,
                                          help_text="The substitute, a member of the club.")
        guest = serializers.CharField(required=False, allow_null=True, max_length=limits.NAME_MAX,
                                      help_text="The substitute, a guest.")

    @extend_schema(request=InputSerializer, responses=OpenApiTypes.OBJECT)
    def post(self, request, club_slug, pk, label):
        party = self.get_party()
        player = get_object_or_404(PartyPlayer, party=party, label=label, ghost=False)
        body = _valid(self.InputSerializer, request)
        seat = party_services.party_player_leave(party=party, player=player, member=body.get("member"),
                                                 guest=body.get("guest"))
        return Response(player_data(seat))


class PartyRoundView(PartyView):
    """``GET /{id}/rounds/{n}/``: the seating (table 1 the head table) and results so far."""

    @READ
    def get(self, request, club_slug, pk, number):
        data = selectors_party.party_round(party=self.get_party(), number=number)
        if data is None:
            return Response({"detail": f"there is no round {number}"}, status=status.HTTP_404_NOT_FOUND)
        return Response(data)


class PartyTableDevice(PartyView):
    """Base of a party table's reports: the table's phone with its PIN in the ``X-Table-Pin``
    header (``TablePinAuthentication``; the PIN of ``party_services.table_pin``), or a scorer
    or director of the club. The phone sees what anyone sees: a party once it has started."""

    authentication_classes = [TablePinAuthentication, *api_settings.DEFAULT_AUTHENTICATION_CLASSES]
    permission_classes = [IsScorerOrTable]

    def get_table(self) -> tuple[Party, int]:
        """The party and the URL's table: a table the party never had is a 404, before any PIN
        is counted (as its phone page; which tables this round has is the service's 400)."""
        party, table = self.get_party(), self.kwargs["table"]
        if not selectors_party.party_has_table(party=party, table=table):
            raise NotFound("The party has no such table.")
        return party, table

    def table_pin_check(self, request, pin):
        """Asked while authenticating, before the user is known: the party as anyone sees it."""
        self.get_event(user=AnonymousUser())
        party, table = self.get_table()
        return (party_services.table_pin_check(party, table, pin, client_address(request)),
                TableSeat(event_id=party.event_id, table=str(table)))

    def correcting(self, request, body) -> bool:
        """``"correct": true`` replaces a report already in: the club's directors only (a table's
        phone or a scorer asking it is a 403 naming ``correct``, not a report quietly kept)."""
        if not body.get("correct"):
            return False
        if not is_director(request.user, self.get_club()):
            raise PermissionDenied({"correct": ["only a director of the club corrects a table's report"]})
        return True

    def entered_by(self, request) -> str:
        if isinstance(request.auth, TableSeat):
            return f"table {request.auth.table}"
        return request.user.get_username()


class PartyTableView(PartyTableDevice):
    """``POST /{id}/rounds/{n}/tables/{t}/`` ``{"points": [5, 3], "tricks"?, "cut"?}``;
    progressive hearts ``{"chips": [12, -20, 3, 6]}`` or ``{"hands": [{"hearts": [...]}, ...]}``.
    Scorers and directors report any table (directors may ``"correct"``); a table's phone sends
    its PIN in the ``X-Table-Pin`` header."""

    class InputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "PartyTableReport"  # the schema's component name (one InputSerializer a view)

        points = serializers.ListField(child=serializers.IntegerField(), min_length=2, max_length=2, required=False,
                                       help_text="Euchre and whist: each side's points.")
        tricks = serializers.ListField(child=serializers.IntegerField(), required=False, allow_null=True,
                                       help_text="Points tied: the tricks of the current hand.")
        chips = serializers.ListField(child=serializers.IntegerField(), required=False, allow_null=True,
                                      help_text="Progressive hearts: chips lost by each player in seat order.")
        hands = serializers.ListField(child=serializers.DictField(), required=False, allow_null=True,
                                      help_text='Progressive hearts instead of chips: [{"hearts": [1, 2, 4, 6]}, ...].')
        cut = serializers.ListField(child=serializers.IntegerField(allow_null=True), required=False, allow_null=True)
        correct = serializers.BooleanField(required=False, default=False)

    @extend_schema(request=InputSerializer, responses={201: OpenApiTypes.OBJECT})
    def post(self, request, club_slug, pk, number, table):
        party = self.get_party()
        body = _valid(self.InputSerializer, request)
        common = {"party": party, "round_number": number, "table": table, "cut": body.get("cut"),
                  "entered_by": self.entered_by(request),
                  "correct": self.correcting(request, body)}
        if party.progression == Progression.HEARTS:
            party_services.party_hearts_enter(chips=body.get("chips"), hands=body.get("hands"), **common)
        elif "points" not in body:
            raise ValidationError({"points": ["give the points of each side, e.g. [5, 3]"]})
        else:
            party_services.party_result_enter(points=body["points"], tricks=body.get("tricks"), **common)
        return Response(selectors_party.party_round(party=party, number=number), status=status.HTTP_201_CREATED)


class PartyCloseView(PartyView):
    """``POST /{id}/rounds/{n}/close/``: stars and the next round's seating (null at the end);
    progressive hearts: who retires, ``{"cut": {label: card}}`` to settle a tie to retire.
    ``DELETE`` reopens round n, the last closed round: its stars and the next round's seating
    go (400 once the next round has a result)."""

    permission_classes = [IsClubDirector]

    class InputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "PartyRoundClose"  # the schema's component name (one InputSerializer a view)

        cut = serializers.DictField(child=serializers.IntegerField(), required=False, allow_null=True, help_text=(
            'Progressive hearts: the cut of players tied to retire, {label: card}, 1 (ace) to 13 (king).'))

    @extend_schema(request=InputSerializer, responses=OpenApiTypes.OBJECT)
    def post(self, request, club_slug, pk, number):
        party = self.get_party()
        body = _valid(self.InputSerializer, request)
        nxt = party_services.party_round_close(party=party, round_number=number, cut=body.get("cut"),
                                               user=request.user)
        data = {"closed": number, "next": None if nxt is None else
                selectors_party.party_round(party=party, number=nxt.number)}
        if party.progression == Progression.HEARTS:
            data["retired"] = selectors_party.party_round(party=party, number=number).get("retired", [])
        return Response(data)

    @READ
    def delete(self, request, club_slug, pk, number):
        party = self.get_party()
        party_services.party_round_reopen(party=party, round_number=number, user=request.user)
        return Response({"reopened": number, "round": selectors_party.party_round(party=party, number=number)})


class PartyFinishView(PartyView):
    """``POST /{id}/party/finish/``: end play (the books set no number of games)."""

    permission_classes = [IsClubDirector]

    @extend_schema(request=None, responses=OpenApiTypes.OBJECT)
    def post(self, request, club_slug, pk):
        party = self.get_party()
        party_services.party_finish(party=party, user=request.user)
        return Response(party_data(Party.objects.select_related("event").get(pk=party.pk)))


class PartyTallyView(PartyView):
    """``GET /{id}/players/{label}/tally/``: the player's rounds, stars and running total."""

    @READ
    def get(self, request, club_slug, pk, label):
        row = selectors_party.party_tally(party=self.get_party(), label=label)
        if row is None:
            return Response({"detail": f"no player {label}"}, status=status.HTTP_404_NOT_FOUND)
        return Response({**row.as_dict(), "rounds": [vars(line) for line in row.lines]})


class PartyPrizesView(PartyView):
    """``GET /{id}/prizes/``: first and booby prizes per category; progressive hearts: first,
    second, third and booby."""

    @READ_LIST
    def get(self, request, club_slug, pk):
        prizes = selectors_party.party_prizes(party=self.get_party())
        return Response([{**p, "players": [r.as_dict() for r in p["players"]]} for p in prizes])
