"""Table scoring through the API: what a phone app (or a Bridgemate-style terminal) at one
table needs. A table authenticates with its PIN in the ``X-Table-Pin`` header; a scorer or
director of the club needs none. A table writes only its own current round's boards, and a
result it sends waits for the other side's confirmation, as on the table's page.

- ``GET  /{id}/tables/{section}/{table}/``: round, pairs and names, boards, boards done, results
  awaiting confirmation.
- ``POST /{id}/tables/{section}/{table}/`` ``{"board", "contract", "declarer", "tricks"}`` (bridge)
  or ``{"board", "tricks_ns"}`` (whist): 201, unconfirmed; the same again is 200; a different
  result for a confirmed board is 409.
- ``POST /{id}/tables/{section}/{table}/confirm/`` ``{"result": id}``: the other side agrees.
"""
from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound, PermissionDenied, Throttled, ValidationError
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from clubs.models import Club
from clubs.permissions import is_scorer
from tournaments import selectors_event
from tournaments.models import Event, EventStatus, Result
from tournaments.services import play
from cardroom.clients import client_address
from tournaments.services.pins import PinCheck, event_table_pin_check

PIN_HEADER = OpenApiParameter("X-Table-Pin", OpenApiTypes.STR, OpenApiParameter.HEADER, required=False,
                              description="The table's four-digit PIN (printed on the table card).")


def require_pin(check: PinCheck) -> None:
    """A wrong PIN is a 403; a client that must wait first is a 429 with Retry-After."""
    if check.ok:
        return
    if not check.tried:
        raise Throttled(wait=check.wait, detail=check.message)
    raise PermissionDenied(check.message)


class TableResultSerializer(serializers.Serializer):
    board = serializers.IntegerField(min_value=1)
    contract = serializers.CharField(required=False, allow_blank=True)
    declarer = serializers.CharField(required=False, allow_blank=True)
    tricks = serializers.CharField(required=False, allow_blank=True, allow_null=True)
    tricks_ns = serializers.CharField(required=False, allow_blank=True, allow_null=True)
    lead = serializers.CharField(required=False, allow_blank=True)


class TableConfirmSerializer(serializers.Serializer):
    result = serializers.IntegerField()


def _pending(section, table: int, now: dict) -> list[dict]:
    rows = Result.objects.filter(section=section, table=table, round=now["round"], confirmed=False)
    return [r.snapshot() | {"id": r.pk} for r in rows.select_related("ns", "ew").order_by("board")]


class TableView(APIView):
    permission_classes = [AllowAny]

    def table(self, request, club_slug, pk, section, table):
        club = get_object_or_404(Club, slug=club_slug)
        event = get_object_or_404(Event, club=club, pk=pk)
        sec = selectors_event.section_named(event, section)
        if sec is None or not 1 <= table <= int(sec.movement.get("tables", 0)):
            raise NotFound("No such table in this event.")
        if not is_scorer(request.user, club):
            if "HTTP_X_TABLE_PIN" not in request.META:
                raise PermissionDenied("Send the table's PIN in the X-Table-Pin header.")
            require_pin(event_table_pin_check(event, sec, table, request.META["HTTP_X_TABLE_PIN"],
                                              client_address(request)))
        now = selectors_event.table_round(event, sec, table)
        if now is None:
            raise NotFound("The movement has no play at this table.")
        return event, sec, now

    def open(self, event):
        if event.status not in (EventStatus.PLAYING, EventStatus.SEATED):
            raise ValidationError({"event": ["The event is not in play: ask the director."]})

    @extend_schema(parameters=[PIN_HEADER], responses=OpenApiTypes.OBJECT)
    def get(self, request, club_slug, pk, section, table):
        event, sec, now = self.table(request, club_slug, pk, section, table)
        return Response(now | {"section": sec.name, "event_status": event.status,
                               "pending": _pending(sec, table, now)})

    @extend_schema(parameters=[PIN_HEADER], request=TableResultSerializer, responses=OpenApiTypes.OBJECT)
    def post(self, request, club_slug, pk, section, table):
        event, sec, now = self.table(request, club_slug, pk, section, table)
        self.open(event)
        body = TableResultSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = dict(body.validated_data, ns=now["ns"], ew=now["ew"], section=sec.name)
        if data["board"] not in now["boards"]:
            raise ValidationError({"board": [f"Board {data['board']} is not at table {table} in round "
                                             f"{now['round']} (boards {', '.join(map(str, now['boards']))})."]})
        try:
            result, created = play.result_submit(event=event, data=data, source="table", table=table,
                                                 confirmed=False)
        except play.ResultConflict as exc:
            return Response({"detail": f"{exc}: ask the director to correct it.", "id": exc.result.pk},
                            status=status.HTTP_409_CONFLICT)
        return Response(result.snapshot() | {"id": result.pk},
                        status=status.HTTP_201_CREATED if created else status.HTTP_200_OK)


class TableConfirmView(TableView):
    http_method_names = ["post", "options"]

    @extend_schema(parameters=[PIN_HEADER], request=TableConfirmSerializer, responses=OpenApiTypes.OBJECT)
    def post(self, request, club_slug, pk, section, table):
        event, sec, now = self.table(request, club_slug, pk, section, table)
        self.open(event)
        body = TableConfirmSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        result = Result.objects.filter(section=sec, table=table, pk=body.validated_data["result"]).first()
        if result is None:
            raise ValidationError({"result": ["No result with that id at this table."]})
        result = play.result_confirm(result=result, table=table)
        return Response(result.snapshot() | {"id": result.pk})
