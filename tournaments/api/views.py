"""API views for events of one club. Progressive parties (euchre, whist drives) share the
create/start/standings endpoints and are handled by ``tournaments.api.party``."""
from django.utils.cache import get_conditional_response
from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema, extend_schema_view
from rest_framework import serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import NotFound, PermissionDenied, ValidationError
from rest_framework.permissions import AllowAny
from rest_framework.response import Response

from cardroom import limits
from cardroom.api import confirmed
from cardroom.inputs import is_whole
from clubs.api.trash import TRASH_DELETE
from cardroom.permissions import ActionPermissions, IsClubDirector, IsClubScorer
from clubs.permissions import is_director, is_scorer
from clubs.trash import trash_put
from tournaments import selectors, selectors_event, selectors_lifecycle
from tournaments.models import PARTY_GAMES, PATIENCE_GAMES, TEAMS_FORMATS, Entry, Event, EventStatus, Result
from tournaments.services import actions, entries, events, pair_names, results, seating, sections
from tournaments.selectors_patience import patience_visible
from tournaments.visibility import event_sight, parties_visible

from .mixins import EventScopedMixin
from .serializers import (CardsGroupsSerializer, EntryCreateSerializer, EntrySerializer, EventCreateSerializer,
                          EventSerializer, MovementChangeSerializer, ReasonInput, ResultSerializer, RoundInput)

TRAVELLER_HIDDEN = "While play is on you see a board's traveller once your pair has played it."


def _bounded_int(value, field: str, top: int) -> int:
    """A query or body number from 1 to ``top``; a 400 naming the field otherwise."""
    text = str(value if value is not None else "").strip()
    if not is_whole(text) or not 1 <= int(text) <= top:
        raise ValidationError({field: [f"Give a {field} number from 1 to {top}."]})
    return int(text)


@extend_schema_view(destroy=TRASH_DELETE)
class EventViewSet(ActionPermissions, EventScopedMixin, viewsets.ModelViewSet):
    """Events of a club: directors create and run them, scorers enter results; others read
    what they may see (published events; the club's players, events under way: the queryset)."""

    serializer_class = EventSerializer
    queryset = Event.objects.none()
    permission_classes = [AllowAny]
    action_permissions = {
        **{name: [IsClubDirector] for name in (
            "create", "update", "partial_update", "destroy", "entry_add", "withdraw", "start", "set_round",
            "table_pins", "movement_change", "result_correct", "result_delete", "cards_groups", "finish",
            "publish", "reopen", "unpublish", "rescore")},
        **{name: [IsClubScorer] for name in ("result_add", "round_status", "changes")},
    }
    http_method_names = ["get", "post", "put", "patch", "delete", "head", "options"]
    filterset_fields = ["status", "game", "date"]
    ordering_fields = ["date", "name"]

    def club_queryset(self, club):
        return selectors.club_events_visible(club=club, user=self.request.user)

    def visible_events(self):
        """``standings/`` of a party or a poker patience evening follows the game's own rule, as
        its own routes do (``parties_visible``, ``patience_visible``: anyone once it has started,
        the room hears them called out); every other action the event's (``club_events_visible``)."""
        events = super().visible_events()
        if getattr(self, "action", None) != "standings":
            return events
        club, user = self.get_club(), self.request.user
        return events | parties_visible(club=club, user=user) | patience_visible(club=club, user=user)

    @extend_schema(request=EventCreateSerializer, responses={201: OpenApiResponse(
        OpenApiTypes.OBJECT, description="The event as GET shows it; for a party game, the party's details.")})
    def create(self, request, *args, **kwargs):
        if request.data.get("game") in PARTY_GAMES:
            from .party import party_create

            return party_create(self, request)
        if request.data.get("game") in PATIENCE_GAMES:
            from .patience import patience_create

            return patience_create(self, request)
        if isinstance(request.data.get("format"), str) and request.data["format"] in TEAMS_FORMATS:
            from .teams import teams_event_create

            return teams_event_create(self, request)
        serializer = EventCreateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        fields = {k: v for k, v in serializer.validated_data.items()
                  if k not in ("boards_per_match", "rounds", "options")}
        event = events.event_setup(club=self.get_club(), created_by=request.user, **fields)
        return Response(EventSerializer(event).data, status=status.HTTP_201_CREATED)

    def perform_update(self, serializer):
        serializer.instance = events.event_update(event=serializer.instance, **serializer.validated_data)

    def perform_destroy(self, instance):
        """To the trash (restorable for 30 days); with results, only with ``?confirm=1``."""
        trash_put(obj=instance, user=self.request.user, confirm=confirmed(self.request))

    @extend_schema(responses=EntrySerializer(many=True))
    @action(detail=True, methods=["get"], pagination_class=None)
    def entries(self, request, pk=None, club_slug=None):
        event = self.get_object()
        return Response(EntrySerializer(event.entries.select_related("section").defer("section__movement"), many=True).data)

    @extend_schema(request=EntryCreateSerializer, responses={201: OpenApiTypes.OBJECT})
    @entries.mapping.post
    def entry_add(self, request, pk=None, club_slug=None):
        event = self.get_object()
        data = EntryCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        section = selectors_event.section_named(event, data.validated_data.get("section"))
        if data.validated_data.get("section") and section is None:
            raise ValidationError({"section": ["No such section."]})
        entered = pair_names.entry_add_named(
            event=event, members=data.validated_data["members"], section=section,
            players=[("guests", name) for name in data.validated_data["guests"]],
            label=data.validated_data.get("label") or None, movement=data.validated_data.get("movement") or None)
        return Response(EntrySerializer(entered.entry).data | {
            "members_linked": list(entered.linked), "guests_entered": list(entered.guests), "notes": entered.notes},
            status=status.HTTP_201_CREATED)

    @extend_schema(request=None, responses=EntrySerializer)
    @action(detail=True, methods=["post"], url_path=r"entries/(?P<entry_id>\d+)/withdraw")
    def withdraw(self, request, pk=None, club_slug=None, entry_id=None):
        event = self.get_object()
        entry = get_object_or_404(Entry, event=event, pk=entry_id)
        return Response(EntrySerializer(entries.entry_withdraw(entry=entry)).data)

    @extend_schema(request=OpenApiTypes.OBJECT, responses=OpenApiResponse(
        OpenApiTypes.OBJECT, description="The event as GET shows it; for a party, the first round's draw."))
    @action(detail=True, methods=["post"])
    def start(self, request, pk=None, club_slug=None):
        event = self.get_object()
        if event.game in PARTY_GAMES:
            from .party import party_start

            return party_start(self, request, event)
        event = actions.event_start(event=event, user=request.user)
        return Response(EventSerializer(event).data)

    @extend_schema(request=RoundInput, responses=EventSerializer)
    @action(detail=True, methods=["post"], url_path="round")
    def set_round(self, request, pk=None, club_slug=None):
        event = self.get_object()
        data = RoundInput(data=request.data)
        data.is_valid(raise_exception=True)
        number = data.validated_data["round"]
        return Response(EventSerializer(actions.event_set_round(event=event, round_number=number)).data)

    @extend_schema(request=None, responses=OpenApiTypes.OBJECT)
    @action(detail=True, methods=["get", "post"], url_path="table-pins")
    def table_pins(self, request, pk=None, club_slug=None):
        """GET: each table's PIN (directors); POST: new PINs for every table, the old ones stop working."""
        event = self.get_object()
        if request.method == "POST":
            from tournaments.services.pins import event_table_pins_regenerate

            event = event_table_pins_regenerate(event=event, user=request.user)
        return Response({"tables": selectors_event.tables_with_pins(event)})

    @extend_schema(responses=OpenApiTypes.OBJECT)
    @action(detail=True, methods=["get"])
    def movement(self, request, pk=None, club_slug=None):
        """Every section's movement as played."""
        return Response(selectors_event.event_movement(self.get_object()))

    @extend_schema(request=MovementChangeSerializer, responses=OpenApiTypes.OBJECT)
    @movement.mapping.post
    def movement_change(self, request, pk=None, club_slug=None):
        """Change a section's movement during the evening (directors); ``preview`` shows the new
        rounds and where each result goes; a result the new movement does not schedule makes it
        a 400 naming those results."""
        event = self.get_object()
        data = MovementChangeSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        spec = dict(data.validated_data)
        name, dry = spec.pop("section", ""), spec.pop("preview")
        section = selectors_event.section_named(event, name)
        if section is None:
            raise ValidationError({"section": ["No such section."]})
        movement = sections.movement_build(spec)
        if dry:
            return Response(seating.movement_preview(section=section, movement=movement).to_dict())
        return Response(seating.section_change_movement(section=section, movement=movement).to_dict())

    @extend_schema(responses=OpenApiTypes.OBJECT)
    @action(detail=True, methods=["get"])
    def results(self, request, pk=None, club_slug=None):
        event = self.get_object()
        section = selectors_event.section_named(event, request.query_params.get("section"))
        if section is None:
            raise NotFound("No such section.")
        board = request.query_params.get("board")
        sight = event_sight(event, request.user)
        if board is None:
            boards = [b for b in section.schedule.board_numbers() if sight.traveller(section.name, b)]
            return Response({"boards": [selectors_event.board_traveller(event, b, section, with_audit=False)
                                        for b in boards]})
        board = _bounded_int(board, "board", limits.MAX_BOARD_NUMBER)
        if not sight.traveller(section.name, board):
            raise PermissionDenied(TRAVELLER_HIDDEN)
        return Response(selectors_event.board_traveller(event, board, section,
                                                        with_audit=is_scorer(request.user, event.club)))

    @extend_schema(request=ResultSerializer, responses={200: OpenApiTypes.OBJECT, 201: OpenApiTypes.OBJECT})
    @results.mapping.post
    def result_add(self, request, pk=None, club_slug=None):
        """Enter a result (scorers); the same again is 200, a different one for a board with a
        result is 409 with the stored one (a director may ``override``)."""
        event = self.get_object()
        data = ResultSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        override = data.validated_data.pop("override") and is_director(request.user, event.club)
        data.validated_data.pop("reason", None)
        result, created = results.result_submit(event=event, data=data.validated_data, user=request.user,
                                                source="api", override=override)
        body = selectors_event.board_traveller(event, result.board, result.section, with_audit=False)
        row = next((r for r in body["rows"] if r["id"] == result.pk), {"id": result.pk})
        return Response(row, status=status.HTTP_201_CREATED if created else status.HTTP_200_OK)

    def _result(self, result_id) -> tuple[Event, Result]:
        event = self.get_object()
        return event, get_object_or_404(Result.objects.select_related("ns", "ew", "section"), event=event,
                                        pk=result_id)

    @extend_schema(operation_id="clubs_events_result_detail_retrieve", responses=OpenApiTypes.OBJECT)
    @action(detail=True, methods=["get"], url_path=r"results/(?P<result_id>\d+)")
    def result_detail(self, request, pk=None, club_slug=None, result_id=None):
        event, result = self._result(result_id)
        if not event_sight(event, request.user).traveller(result.section.name, result.board):
            raise PermissionDenied(TRAVELLER_HIDDEN)
        body = selectors_event.board_traveller(event, result.board, result.section,
                                               with_audit=is_scorer(request.user, event.club))
        return Response(next((r for r in body["rows"] if r["id"] == result.pk), result.snapshot()))

    @extend_schema(operation_id="clubs_events_result_detail_destroy", request=ReasonInput, responses={204: None})
    @result_detail.mapping.delete
    def result_delete(self, request, pk=None, club_slug=None, result_id=None):
        event, result = self._result(result_id)
        data = ReasonInput(data=request.data)
        data.is_valid(raise_exception=True)
        results.result_delete(result=result, user=request.user, reason=data.validated_data["reason"])
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(operation_id="clubs_events_result_detail_update", request=ResultSerializer,
                   responses=OpenApiTypes.OBJECT)
    @result_detail.mapping.put
    def result_correct(self, request, pk=None, club_slug=None, result_id=None):
        event, result = self._result(result_id)
        merged = {"board": result.board, "ns": result.ns.label, "ew": result.ew.label, **request.data}
        data = ResultSerializer(data=merged)
        data.is_valid(raise_exception=True)
        reason = data.validated_data.pop("reason", "")
        data.validated_data.pop("override", None)
        result = results.result_correct(result=result, data=data.validated_data, user=request.user, reason=reason)
        return Response(result.snapshot() | {"id": result.pk})

    @extend_schema(request=CardsGroupsSerializer, responses=OpenApiTypes.OBJECT)
    @action(detail=True, methods=["post"], url_path="results/groups")
    def cards_groups(self, request, pk=None, club_slug=None):
        """Fouled board or board played at the wrong table: mark which results were played with
        the same cards (``{"board": 5, "groups": {"<result id>": "B"}}``); directors only."""
        event = self.get_object()
        data = CardsGroupsSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        section = selectors_event.section_named(event, data.validated_data.get("section"))
        if section is None:
            raise ValidationError({"section": ["No such section."]})
        board = data.validated_data["board"]
        results.board_set_cards_groups(event=event, section=section, board=board, groups=data.validated_data["groups"],
                                       user=request.user, reason=data.validated_data["reason"])
        return Response(selectors_event.board_traveller(event, board, section))

    @extend_schema(responses=OpenApiTypes.OBJECT, parameters=[OpenApiParameter(
        "round", int, required=False, description="A teams event: the standings after this round.")])
    @action(detail=True, methods=["get"])
    def standings(self, request, pk=None, club_slug=None):
        event = self.get_event()
        if event.game in PARTY_GAMES:
            from .party import party_standings

            return party_standings(self, request, event)
        if event.game in PATIENCE_GAMES:
            from tournaments.selectors_patience import patience_standings

            return Response(patience_standings(event.patience))
        if event.is_teams:
            from tournaments.selectors_teams import team_standings

            after = request.query_params.get("round")
            return Response(team_standings(event, _bounded_int(after, "round", limits.MAX_ROUNDS)
                                           if after is not None else None))
        # A poll that finds nothing new is a 304 (If-None-Match) without reading the standings.
        etag = f'"{selectors_event.standings_etag(event, request.user)}"'
        unchanged = get_conditional_response(request._request, etag=etag)
        if unchanged is not None:
            unchanged.headers["ETag"] = etag
            return unchanged
        return Response(selectors_event.event_standings(event), headers={"ETag": etag})

    @extend_schema(responses=OpenApiTypes.OBJECT)
    @action(detail=True, methods=["get"], url_path=r"score-cards/(?P<label>[0-9A-Za-z]+)")
    def score_cards(self, request, pk=None, club_slug=None, label=None):
        event = self.get_object()
        section = selectors_event.section_named(event, request.query_params.get("section"))
        card = selectors_event.pair_score_card(event, label.upper(), section) if section else None
        if card is None:
            raise NotFound(f"No pair {label}.")
        if not event_sight(event, request.user).score_card(section.name, card["label"]):
            raise PermissionDenied("While play is on you see your own score card only.")
        return Response(card)

    @extend_schema(responses={200: {"type": "array", "items": {"type": "object"}}})
    @action(detail=True, methods=["get"], url_path="round-status")
    def round_status(self, request, pk=None, club_slug=None):
        event = self.get_object()
        number = request.query_params.get("round")
        return Response(selectors_event.round_status(
            event, _bounded_int(number, "round", limits.MAX_ROUNDS) if number else None))

    class LifecycleInput(serializers.Serializer):
        """Finish, publish, reopen and unpublish: why (kept in the audit trail); Finish with
        results missing or unconfirmed also needs ``confirm``."""

        confirm = serializers.BooleanField(required=False, default=False)
        reason = serializers.CharField(required=False, allow_blank=True, max_length=400, default="")

    def _lifecycle(self, request, change):
        event = self.get_object()
        data = self.LifecycleInput(data=request.data)
        data.is_valid(raise_exception=True)
        return Response(EventSerializer(change(event, **data.validated_data)).data)

    @extend_schema(request=LifecycleInput, responses=EventSerializer)
    @action(detail=True, methods=["post"])
    def finish(self, request, pk=None, club_slug=None):
        """Finish play; with results missing a 400 lists them unless ``{"confirm": true}``."""
        return self._lifecycle(request, lambda event, confirm, reason: actions.event_finish(
            event=event, user=request.user, confirm=confirm, reason=reason))

    @extend_schema(request=LifecycleInput, responses=EventSerializer)
    @action(detail=True, methods=["post"])
    def publish(self, request, pk=None, club_slug=None):
        """Publish the results; they stay provisional for the club's correction period."""
        return self._lifecycle(request, lambda event, confirm, reason: actions.event_publish(
            event=event, user=request.user, reason=reason))

    @extend_schema(request=LifecycleInput, responses=EventSerializer)
    @action(detail=True, methods=["post"])
    def reopen(self, request, pk=None, club_slug=None):
        """A finished event back in play (tables may enter results again)."""
        return self._lifecycle(request, lambda event, confirm, reason: actions.event_reopen(
            event=event, user=request.user, reason=reason))

    @extend_schema(request=LifecycleInput, responses=EventSerializer)
    @action(detail=True, methods=["post"])
    def unpublish(self, request, pk=None, club_slug=None):
        """A published event back to finished: private again, and results can be corrected."""
        return self._lifecycle(request, lambda event, confirm, reason: actions.event_unpublish(
            event=event, user=request.user, reason=reason))

    @extend_schema(responses=OpenApiTypes.OBJECT)
    @action(detail=True, methods=["get"])
    def changes(self, request, pk=None, club_slug=None):
        """The lifecycle's audit trail (scorers and directors)."""
        event = self.get_object()
        return Response({"event": event.pk, "changes": selectors_lifecycle.event_changes(event)})

    @extend_schema(request=None, responses={202: OpenApiTypes.OBJECT})
    @action(detail=True, methods=["post"])
    def rescore(self, request, pk=None, club_slug=None):
        """A full rescore, queued (inline when no broker is configured)."""
        event = self.get_object()
        from scoring.services import event_rescore_later

        event_rescore_later(event=event, force=True)
        return Response({"queued": True}, status=status.HTTP_202_ACCEPTED)
