"""Table scoring through the API: what a phone app (or a Bridgemate-style terminal) at one
table needs. A table authenticates with its PIN in the ``X-Table-Pin`` header; a scorer or
director of the club needs none. A table writes only its own current round's boards, and a
result it sends waits for the other side's confirmation, as on the table's page.

- ``GET  /{id}/tables/{section}/{table}/``: the table's own current round (the dict the table's
  page renders): pairs and names, boards with dealer, vulnerability and status, results
  awaiting confirmation, boards reported not played, sit-outs and when they play next, and
  where everyone goes after the round. An individual's table also lists ``seats`` (north, south,
  east, west: player number and name); ``ns``/``ew`` are then North's and East's numbers.
- ``POST /{id}/tables/{section}/{table}/`` ``{"board", "contract", "declarer", "tricks"}`` (bridge)
  or ``{"board", "tricks_ns"}`` (whist): 201, unconfirmed; the same again is 200; a different
  result for a confirmed board is 409. An individual's four seats come from the movement.
- ``POST /{id}/tables/{section}/{table}/confirm/`` ``{"result": id}``: the other side agrees (any
  device with the PIN).
- ``POST /{id}/tables/{section}/{table}/not-played/`` ``{"board", "reason"}``: the board waits for
  the director (``/{id}/not-played/``).
- ``POST /{id}/tables/{section}/{table}/identify/`` ``{"ns": [numbers], "ew": [numbers]}``: first
  round only; fills empty names or warns when they do not match.
- ``GET /{id}/not-played/``, ``POST /{id}/not-played/{report}/`` ``{"decision": "cancel"|"adjust"|
  "play", "adjusted_ns", "adjusted_ew"}``: the director's decision (directors only).
"""
from django.core.exceptions import SuspiciousOperation
from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound, ParseError, UnsupportedMediaType
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.views import APIView

from cardroom.clients import client_address
from cardroom.inputs import is_whole
from cardroom.limits import MAX_BOARD_NUMBER, MAX_ID
from cardroom.permissions import IsClubDirector, IsScorerOrTable, TablePinAuthentication, TableSeat
from clubs.api.mixins import ClubScopedMixin
from tournaments.api.fields import AdjustedField, TricksField
from tournaments.api.mixins import EventScopedMixin
from tournaments import selectors_event, selectors_table
from tournaments.models import BoardNotPlayed, Event
from tournaments.services.pins import TABLE_WINDOW, PinSeen, event_table_pin_check
from tournaments.services import tables as table_services



class TableResultSerializer(serializers.Serializer):
    board = serializers.IntegerField(min_value=1, max_value=MAX_BOARD_NUMBER)
    contract = serializers.CharField(required=False, allow_blank=True)
    declarer = serializers.CharField(required=False, allow_blank=True)
    tricks = TricksField(help_text="Tricks taken by the declarer (bridge, auction).")
    tricks_ns = TricksField(help_text="Tricks won by North-South (whist games).")
    lead = serializers.CharField(required=False, allow_blank=True)


class TableConfirmSerializer(serializers.Serializer):
    result = serializers.IntegerField(min_value=1, max_value=MAX_ID)


class NotPlayedSerializer(serializers.Serializer):
    board = serializers.IntegerField(min_value=1)
    reason = serializers.CharField(required=False, allow_blank=True, max_length=200)


class IdentifySerializer(serializers.Serializer):
    ns = serializers.ListField(child=serializers.CharField(max_length=32), required=False, max_length=2)
    ew = serializers.ListField(child=serializers.CharField(max_length=32), required=False, max_length=2)


class DecisionSerializer(serializers.Serializer):
    decision = serializers.ChoiceField(choices=table_services.DECISIONS)
    adjusted_ns = AdjustedField()
    adjusted_ew = AdjustedField()


class TableView(ClubScopedMixin, APIView):
    """One table of a section: its device (``TablePinAuthentication``) or a scorer."""

    authentication_classes = [TablePinAuthentication, *api_settings.DEFAULT_AUTHENTICATION_CLASSES]
    permission_classes = [IsScorerOrTable]

    unreadable = None  # the body's parse error, met by ``ahead``: said by ``body``

    def get_table(self):
        """The event and section of the URL, with the table in the section's movement (else 404):
        one query (``selectors_table.table_section``), which also reads what the PIN check needs,
        and with it, in the same round trip, what the request reads next (``ahead``)."""
        if not hasattr(self, "_event_section"):
            sec = selectors_table.table_section(club_slug=self.kwargs["club_slug"], event_id=self.kwargs["pk"],
                                                name=self.kwargs["section"], table=self.kwargs["table"],
                                                client=client_address(self.request), pin_window=TABLE_WINDOW,
                                                ahead=self.ahead())
            if sec is not None:
                event = sec.event
                self._club = event.club
            else:  # say what is missing, as before: the club, the event or the section
                event = get_object_or_404(Event, club=self.get_club(), pk=self.kwargs["pk"])
                sec = selectors_event.section_named(event, self.kwargs["section"])
            if sec is None or not sec.schedule.has_table(self.kwargs["table"]):
                raise NotFound("No such table in this event.")
            self._event_section = event, sec
        return self._event_section

    def ahead(self) -> selectors_table.Ahead | None:
        """What the request reads after its section (``selectors_table.Ahead``): the table's
        state; a result's, with the board's results at every table (the board as
        ``services.tables.table_result_submit`` asks for it)."""
        if self.request.method in ("GET", "HEAD"):
            return selectors_table.Ahead()
        if self.request.method != "POST":
            return None
        return selectors_table.Ahead(board=self.number("board", MAX_BOARD_NUMBER))

    def number(self, field: str, most: int) -> int | None:
        """The body's whole number ``field`` (1 to ``most``) for ``ahead``, else None; a body
        that cannot be parsed is kept for ``body`` to say, after the PIN's check as before."""
        try:
            data = self.request.data
        except (ParseError, UnsupportedMediaType, SuspiciousOperation) as exc:  # too big, too many fields
            self.unreadable = exc
            return None
        value = data.get(field) if hasattr(data, "get") else None
        if isinstance(value, str) and is_whole(value, max_digits=len(str(most))):
            value = int(value)
        return value if type(value) is int and 0 < value <= most else None

    def body(self):
        """The request's data, as the serializers read it."""
        if self.unreadable is not None:
            raise self.unreadable
        return self.request.data

    def table_pin_check(self, request, pin):
        event, sec = self.get_table()
        table = self.kwargs["table"]
        seen = PinSeen(streak=sec.pin_streak, table_streaks=sec.pin_table_streaks) \
            if hasattr(sec, "pin_table_streaks") else None
        return (event_table_pin_check(event, sec, table, pin, client_address(request), seen=seen),
                TableSeat(event_id=event.pk, table=f"{sec.name}/{table}"))

    def table_event(self):
        """The event and section, for a table the movement seats (else 404)."""
        event, sec = self.get_table()
        if not sec.schedule.rounds:
            raise NotFound("The movement has no play at this table.")
        return event, sec

    def table(self, request, club_slug, pk, section, table):
        event, sec = self.table_event()
        now = selectors_table.table_round(event, sec, table)
        if now is None:
            raise NotFound("The movement has no play at this table.")
        return event, sec, now

    @extend_schema(responses=OpenApiTypes.OBJECT)
    def get(self, request, club_slug, pk, section, table):
        event, sec, now = self.table(request, club_slug, pk, section, table)
        return Response(now | {"event_status": event.status})

    @extend_schema(request=TableResultSerializer, responses=OpenApiTypes.OBJECT)
    def post(self, request, club_slug, pk, section, table):
        event, sec = self.table_event()
        body = TableResultSerializer(data=self.body())
        body.is_valid(raise_exception=True)
        result, created = table_services.table_result_submit(event=event, section=sec, table=table,
                                                             data=dict(body.validated_data))
        return Response(result.snapshot() | {"id": result.pk},
                        status=status.HTTP_201_CREATED if created else status.HTTP_200_OK)


class TableConfirmView(TableView):
    http_method_names = ["post", "options"]

    def ahead(self) -> selectors_table.Ahead | None:
        """The result to confirm (``services.results.table_result_confirm_store`` reads it first)."""
        result = self.number("result", MAX_ID) if self.request.method == "POST" else None
        return None if result is None else selectors_table.Ahead(result=result)

    @extend_schema(request=TableConfirmSerializer, responses=OpenApiTypes.OBJECT)
    def post(self, request, club_slug, pk, section, table):
        event, sec = self.table_event()
        body = TableConfirmSerializer(data=self.body())
        body.is_valid(raise_exception=True)
        result = table_services.table_result_confirm(event=event, section=sec, table=table,
                                                     result_id=body.validated_data["result"])
        return Response(result.snapshot() | {"id": result.pk})


class TableNotPlayedView(TableView):
    http_method_names = ["post", "options"]

    def ahead(self) -> selectors_table.Ahead | None:
        return selectors_table.Ahead() if self.request.method == "POST" else None  # the table's round

    @extend_schema(request=NotPlayedSerializer, responses=OpenApiTypes.OBJECT)
    def post(self, request, club_slug, pk, section, table):
        event, sec = self.table_event()
        body = NotPlayedSerializer(data=self.body())
        body.is_valid(raise_exception=True)
        report = table_services.table_board_not_played(event=event, section=sec, table=table,
                                                       **body.validated_data)
        return Response(report.as_dict(), status=status.HTTP_201_CREATED)


class TableIdentifyView(TableView):
    http_method_names = ["post", "options"]

    def ahead(self) -> selectors_table.Ahead | None:
        return selectors_table.Ahead() if self.request.method == "POST" else None  # the table's round

    @extend_schema(request=IdentifySerializer, responses=OpenApiTypes.OBJECT)
    def post(self, request, club_slug, pk, section, table):
        event, sec = self.table_event()
        body = IdentifySerializer(data=self.body())
        body.is_valid(raise_exception=True)
        said = table_services.table_identify(event=event, section=sec, table=table, numbers=body.validated_data)
        return Response({"messages": [{"level": level, "text": text} for level, text in said]})


class NotPlayedView(EventScopedMixin, APIView):
    """The director's list of boards reported not played that wait for a decision."""

    http_method_names = ["get", "options"]
    permission_classes = [IsClubDirector]

    @extend_schema(responses=OpenApiTypes.OBJECT)
    def get(self, request, club_slug, pk):
        event = self.get_event()
        return Response({"awaiting": selectors_table.not_played_awaiting(event)})


class NotPlayedDecideView(NotPlayedView):
    """The director's decision on one board reported not played."""

    http_method_names = ["post", "options"]

    @extend_schema(request=DecisionSerializer, responses=OpenApiTypes.OBJECT)
    def post(self, request, club_slug, pk, report):
        event = self.get_event()
        found = BoardNotPlayed.objects.filter(event=event, pk=report).first()
        if found is None:
            raise NotFound("No such board reported not played in this event.")
        body = DecisionSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        decided = table_services.board_not_played_decide(report=found, user=request.user, **body.validated_data)
        return Response(decided.as_dict() if decided else {"id": report, "status": "deleted"})
