"""Multi-session championships through the API, under ``/api/clubs/{slug}/championships/``:

- ``GET    championships/``, ``GET championships/{id}/``: the club's championships, each with
  the sessions the caller may see (anyone reads: a session's standings follow its event's
  visibility, so visitors read published sessions only).
- ``POST   championships/``: a director sets one up (``ChampionshipInputSerializer``; 400 naming the field),
  ``event`` making an event of the club its first session.
- ``POST   championships/{id}/sessions/``: a director makes an existing event the next session
  (201; an event already a session of it: 200, nothing changed).
- ``POST   championships/{id}/next/``: a director adds the next session, carrying the pairs that
  go on (the qualifiers, when there is a cut-off).
- ``GET    championships/{id}/standings/?session=2``: the cumulative table after a session (the
  last one the caller may see by default), with ``session`` and ``cumulative`` columns.
- ``POST   championships/{id}/substitutions/``: a director records a substitute in a pair.
- ``DELETE championships/{id}/``: a director deletes it (its sessions stay as events).
"""
from django.http import Http404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_field
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from cardroom import limits
from cardroom.permissions import DirectorWrites, IsClubDirector
from clubs.api.mixins import ClubScopedMixin
from tournaments import selectors_championships as sel
from tournaments.models import CarryRule, Championship, Entry, Event
from tournaments.services import championships as services


class SessionSerializer(serializers.Serializer):
    session = serializers.IntegerField(source="number")
    event = serializers.IntegerField(source="event.pk")
    name = serializers.CharField(source="event.name")
    date = serializers.DateField(source="event.date")
    status = serializers.CharField(source="event.status")


class ChampionshipSerializer(serializers.ModelSerializer):
    sessions = serializers.SerializerMethodField(help_text="The sessions the caller may see, in order.")

    class Meta:
        model = Championship
        fields = ["id", "name", "carry_over", "carry_factor", "qualify_top", "qualify_per_section", "sessions",
                  "computed_at"]
        read_only_fields = fields

    @extend_schema_field(SessionSerializer(many=True))
    def get_sessions(self, instance) -> list[dict]:
        user = self.context["request"].user if "request" in self.context else None
        return SessionSerializer([s for s in sel.championship_sessions(instance, user) if s.visible], many=True).data


class CumulativeRowSerializer(serializers.Serializer):
    rank = serializers.CharField(help_text='Cumulative rank, "3=" when shared')
    position = serializers.IntegerField()
    entry = serializers.IntegerField(source="entry_id", help_text="The pair's entry in this session")
    identity = serializers.IntegerField(source="identity_id", help_text="The pair's first entry: the same in every session")
    label = serializers.CharField(help_text="Pair number in this session")
    names = serializers.CharField()
    section = serializers.CharField()
    session_rank = serializers.CharField(help_text="Rank in the session alone")
    session = serializers.FloatField(help_text="The session's figure by the rule (a total or a percentage)")
    carried = serializers.FloatField(help_text="Carried in from the sessions before")
    cumulative = serializers.FloatField()
    played = serializers.IntegerField(help_text="Sessions played")
    detail = serializers.ListField(child=serializers.FloatField(), help_text="The figure of each session played")
    qualified = serializers.BooleanField(help_text="Goes on to the next session (the cut-off)")


class SubstitutionSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    entry = serializers.IntegerField(source="entry_id")
    player_out = serializers.CharField()
    player_in = serializers.CharField()
    names = serializers.CharField(source="entry.names", help_text="The pair as it plays this session")


class CumulativeTableSerializer(serializers.Serializer):
    session = serializers.IntegerField()
    event = serializers.IntegerField()
    rows = CumulativeRowSerializer(many=True)


class ChampionshipViewSet(ClubScopedMixin, mixins.ListModelMixin, mixins.RetrieveModelMixin,
                          mixins.DestroyModelMixin, viewsets.GenericViewSet):
    """A club's multi-session championships: anyone reads what its sessions let them see;
    its directors set them up, add sessions and record substitutes."""

    serializer_class = ChampionshipSerializer
    queryset = Championship.objects.none()
    permission_classes = [DirectorWrites]
    pagination_class = None
    lookup_value_regex = r"[0-9]{1,18}"

    class ChampionshipInputSerializer(serializers.Serializer):
        name = serializers.CharField(max_length=limits.NAME_MAX)
        carry_over = serializers.ChoiceField(choices=CarryRule.choices, default=CarryRule.SUM)
        carry_factor = serializers.FloatField(required=False, allow_null=True, min_value=0, max_value=1,
                                              help_text="Factored carry-over only: the fraction carried, e.g. 0.25.")
        qualify_top = serializers.IntegerField(required=False, allow_null=True, min_value=1, max_value=limits.MAX_PAIRS,
                                               help_text="The top N go on to the next session (null: everyone).")
        qualify_per_section = serializers.BooleanField(default=False)
        event = serializers.IntegerField(required=False, allow_null=True, min_value=1, max_value=limits.MAX_ID,
                                         help_text="An event of the club to be the first session.")

    class SessionInputSerializer(serializers.Serializer):
        event = serializers.IntegerField(min_value=1, max_value=limits.MAX_ID)

    class NextInputSerializer(serializers.Serializer):
        date = serializers.DateField()
        name = serializers.CharField(max_length=limits.NAME_MAX, required=False, allow_blank=True, default="")
        movement = serializers.JSONField(required=False, allow_null=True, help_text=(
            '{"kind", "tables"|"pairs", "boards_per_round"?, "rounds"?}; null: the first movement suggested '
            "for the pairs going on."))
        qualified_only = serializers.BooleanField(default=True, help_text="Carry the qualifiers only (false: every pair).")

    class SubstitutionInputSerializer(serializers.Serializer):
        entry = serializers.IntegerField(min_value=1, max_value=limits.MAX_ID, help_text="The pair's entry in the session")
        player = serializers.ChoiceField(choices=["a", "b"], help_text="Which of the pair's players is replaced")
        member = serializers.IntegerField(required=False, allow_null=True, min_value=1, max_value=limits.MAX_ID)
        guest = serializers.CharField(required=False, allow_blank=True, max_length=limits.NAME_MAX, default="")

    def club_queryset(self, club):
        return Championship.objects.filter(club=club).order_by("-created_at", "-pk")

    def _event(self, pk: int, field: str = "event") -> Event:
        event = Event.objects.filter(club=self.get_club(), pk=pk).first()
        if event is None:
            raise serializers.ValidationError({field: ["not an event of this club"]})
        return event

    @extend_schema(request=ChampionshipInputSerializer, responses={201: ChampionshipSerializer})
    def create(self, request, club_slug=None):
        """Set up a championship (with its first session when ``event`` is given)."""
        data = self.ChampionshipInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        fields = dict(data.validated_data)
        event = self._event(fields.pop("event")) if fields.get("event") else None
        fields.pop("event", None)
        championship = services.championship_create(club=self.get_club(), event=event, created_by=request.user,
                                                    **fields)
        return Response(ChampionshipSerializer(championship, context={"request": request}).data,
                        status=status.HTTP_201_CREATED)

    def perform_destroy(self, instance):
        services.championship_delete(championship=instance)

    @extend_schema(request=SessionInputSerializer, responses={201: ChampionshipSerializer, 200: ChampionshipSerializer})
    @action(detail=True, methods=["post"], permission_classes=[IsClubDirector])
    def sessions(self, request, pk=None, club_slug=None):
        """Make an existing event of the club the championship's next session; an event that is
        already one of its sessions is a 200 that changes nothing (as a result entered twice)."""
        championship = self.get_object()
        data = self.SessionInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        event = self._event(data.validated_data["event"])
        already = event.championship_id == championship.pk
        services.championship_session_add(championship=championship, event=event)
        return Response(ChampionshipSerializer(championship, context={"request": request}).data,
                        status=status.HTTP_200_OK if already else status.HTTP_201_CREATED)

    @extend_schema(request=NextInputSerializer, responses={201: SessionSerializer})
    @action(detail=True, methods=["post"], permission_classes=[IsClubDirector])
    def next(self, request, pk=None, club_slug=None):
        """Add the next session: a new event like the last, its entries the pairs going on."""
        championship = self.get_object()
        data = self.NextInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        movement = data.validated_data.get("movement")
        if movement is not None and not isinstance(movement, dict):
            raise serializers.ValidationError({"movement": ["an object with kind and tables or pairs, or null"]})
        event = services.championship_next_session(
            championship=championship, date=data.validated_data["date"], movement=movement,
            name=data.validated_data["name"], qualified_only=data.validated_data["qualified_only"], user=request.user)
        return Response(SessionSerializer(sel.SessionView(event=event, number=event.session, visible=True,
                                                          standings=True)).data, status=status.HTTP_201_CREATED)

    @extend_schema(parameters=[OpenApiParameter("session", OpenApiTypes.INT, description=(
        "Which session's cumulative table (default: the last the caller may see)"))],
        responses={200: CumulativeTableSerializer})
    @action(detail=True, methods=["get"])
    def standings(self, request, pk=None, club_slug=None):
        """The cumulative table after a session, with each pair's session and cumulative figures."""
        championship = self.get_object()
        sessions = [s for s in sel.championship_sessions(championship, request.user) if s.standings]
        wanted = request.query_params.get("session")
        if wanted is not None:
            if not wanted.isdigit() or not 1 <= int(wanted) <= limits.MAX_SESSIONS:
                raise serializers.ValidationError({"session": [f"a session number from 1 to {limits.MAX_SESSIONS}"]})
            sessions = [s for s in sessions if s.number == int(wanted)]
        if not sessions:
            raise Http404("No session of this championship you may see.")
        chosen = sessions[-1]
        return Response(CumulativeTableSerializer({"session": chosen.number, "event": chosen.pk,
                                                   "rows": sel.cumulative_rows(chosen.event)}).data)

    @extend_schema(request=SubstitutionInputSerializer, responses={201: SubstitutionSerializer})
    @action(detail=True, methods=["post"], permission_classes=[IsClubDirector])
    def substitutions(self, request, pk=None, club_slug=None):
        """Record a substitute: player ``a`` or ``b`` of a pair replaced by a member or a guest."""
        championship = self.get_object()
        data = self.SubstitutionInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        entry = Entry.objects.filter(pk=data.validated_data["entry"], event__championship=championship).first()
        if entry is None:
            raise serializers.ValidationError({"entry": ["not a pair of this championship"]})
        sub = services.entry_substitute(entry=entry, player=data.validated_data["player"],
                                        member=data.validated_data.get("member"),
                                        guest=data.validated_data.get("guest") or "", user=request.user)
        return Response(SubstitutionSerializer(sub).data, status=status.HTTP_201_CREATED)
