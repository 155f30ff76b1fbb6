"""API for simultaneous pairs under /api/clubs/{slug}/simultaneous/.

- ``GET /`` the club's simultaneous events (organized, joined, open); ``POST /`` a new one
  organized by the club (its directors). ``GET /joinable/``: open ones the club may join.
- ``GET /{id}/`` one, ``PATCH`` its name, times (and boards, scoring until a club joins); ``POST /{id}/{open|close|publish|unpublish}/`` the organizer's directors.
- ``GET /{id}/heats/`` every heat; ``GET /{id}/heats/{heat}/`` a heat's ranking (its event's
  standings with each pair's national rank: the organizer's directors, and whoever sees the
  heat's standings).
- ``POST /{id}/join/`` the club (of the URL) joins with a heat; ``DELETE`` withdraws it before it
  starts (the club's directors).
- ``GET /{id}/standings/`` the national ranking (the organizer's directors; everyone once published).
- ``GET /{id}/booklet/`` the commentary booklet (the organizer's directors; everyone from ``release_at``).

Thin: an input serializer per write, ``tournaments.services.simultaneous`` writes, the selectors
answer; ``ValidationError`` is a 400 naming the field, ``HeatConflict`` a 409 (one handler).
"""
from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound
from rest_framework.permissions import AllowAny, BasePermission
from rest_framework.response import Response
from rest_framework.views import APIView

from cardroom import limits
from cardroom.permissions import DirectorWrites, IsClubDirector
from clubs.api.mixins import ClubScopedMixin
from clubs.permissions import is_director
from tournaments import selectors_simultaneous as reads
from tournaments.models import Heat, Simultaneous
from tournaments.movements.limits import MAX_BOARD_NUMBER
from tournaments.services import simultaneous as services


class SimultaneousSerializer(serializers.ModelSerializer):
    """A simultaneous' public face (never its seed: that would give every deal away)."""

    organizer = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    organizer_name = serializers.CharField(source="organizer.name", read_only=True)
    heats = serializers.SerializerMethodField()

    class Meta:
        model = Simultaneous
        fields = ["id", "name", "date", "organizer", "organizer_name", "game", "scoring", "boards", "starts_at",
                  "ends_at", "release_at", "status", "results_version", "heats"]

    def get_heats(self, sim) -> int:
        return getattr(sim, "heat_count", None) if hasattr(sim, "heat_count") else sim.heats.count()


class HeatSerializer(serializers.ModelSerializer):
    club = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    club_name = serializers.CharField(source="club.name", read_only=True)
    event_name = serializers.CharField(source="event.name", read_only=True)
    status = serializers.CharField(source="event.status", read_only=True)
    pairs = serializers.IntegerField(read_only=True, required=False)
    results = serializers.IntegerField(read_only=True, required=False)

    class Meta:
        model = Heat
        fields = ["id", "club", "club_name", "event", "event_name", "status", "pairs", "results", "joined_at"]


class SimultaneousCreateInput(serializers.Serializer):
    name = serializers.CharField(max_length=limits.NAME_MAX)
    date = serializers.DateField()
    boards = serializers.IntegerField(min_value=1, max_value=MAX_BOARD_NUMBER, default=24)
    scoring = serializers.ChoiceField(choices=list(services.NATIONAL_SCORING), default="matchpoints")
    starts_at = serializers.DateTimeField(help_text="Heats may start from here.")
    ends_at = serializers.DateTimeField(help_text="No heat starts after this.")
    release_at = serializers.DateTimeField(help_text="Hand records hidden in every heat until this time.")
    deal_seed = serializers.CharField(max_length=128, required=False, allow_blank=True,
                                      help_text="Blank: a fresh secret seed.")


class SimultaneousUpdateInput(serializers.Serializer):
    name = serializers.CharField(max_length=limits.NAME_MAX, required=False)
    boards = serializers.IntegerField(min_value=1, max_value=MAX_BOARD_NUMBER, required=False,
                                      help_text="Fixed once a club has joined (409).")
    scoring = serializers.ChoiceField(choices=list(services.NATIONAL_SCORING), required=False,
                                      help_text="Fixed once a club has joined (409).")
    starts_at = serializers.DateTimeField(required=False)
    ends_at = serializers.DateTimeField(required=False)
    release_at = serializers.DateTimeField(required=False, help_text="Hand records hidden in every heat until this time.")


class JoinInput(serializers.Serializer):
    name = serializers.CharField(max_length=limits.NAME_MAX, required=False, allow_blank=True,
                                 help_text="The heat's event name (default: the simultaneous').")
    movement = serializers.DictField(required=False, help_text=(
        'The heat\'s movement, as for a new event: {"kind": "mitchell", "tables": 6, "boards_per_round": 3}; '
        "or choose it later on the event."))


class IsOrganizer(BasePermission):
    """The URL's club organizes the simultaneous and the user directs that club."""

    message = "Only a director of the organizer can do this."

    def has_permission(self, request, view) -> bool:
        club = view.get_club()
        return view.get_simultaneous().organizer_id == club.pk and is_director(request.user, club)


class OrganizerWrites(IsOrganizer):
    """Anyone reads; the organizer's directors change it."""

    def has_permission(self, request, view) -> bool:
        return request.method in ("GET", "HEAD", "OPTIONS") or super().has_permission(request, view)


class NationalStandingsVisible(BasePermission):
    message = "The national ranking is shown once the organizer publishes it."

    def has_permission(self, request, view) -> bool:
        return reads.standings_visible(request.user, view.get_simultaneous())


class BookletReleased(BasePermission):
    message = "The commentary booklet is released with the hand records."

    def has_permission(self, request, view) -> bool:
        return reads.booklet_visible(request.user, view.get_simultaneous())


class SimultaneousView(ClubScopedMixin, APIView):
    """Base: the club of the URL, and the simultaneous among the club's (organized, joined,
    open), found before any permission is asked (otherwise a 404)."""

    permission_classes = [AllowAny]

    def get_simultaneous(self) -> Simultaneous:
        if not hasattr(self, "_sim"):
            self._sim = reads.simultaneous_of(club=self.get_club(), pk=self.kwargs["pk"])
            if self._sim is None:
                raise NotFound("No such simultaneous pairs.")
        return self._sim

    def check_permissions(self, request):
        if "pk" in self.kwargs and not getattr(self, "swagger_fake_view", False):
            self.get_simultaneous()
        super().check_permissions(request)

    def body(self, serializer_class) -> dict:
        body = serializer_class(data=self.request.data)
        body.is_valid(raise_exception=True)
        return body.validated_data


class SimultaneousListView(SimultaneousView):
    """The club's simultaneous events; POST organizes a new one (the club's directors)."""

    permission_classes = [DirectorWrites]

    @extend_schema(tags=["simultaneous"], responses=SimultaneousSerializer(many=True))
    def get(self, request, club_slug):
        return Response(SimultaneousSerializer(reads.club_simultaneous(club=self.get_club()), many=True).data)

    @extend_schema(tags=["simultaneous"], request=SimultaneousCreateInput, responses={201: SimultaneousSerializer})
    def post(self, request, club_slug):
        values = self.body(SimultaneousCreateInput)
        sim = services.simultaneous_create(organizer=self.get_club(), **{
            k: v for k, v in values.items() if k != "deal_seed"}, deal_seed=values.get("deal_seed") or None)
        return Response(SimultaneousSerializer(sim).data, status=status.HTTP_201_CREATED)


class JoinableView(SimultaneousView):
    """Open simultaneous events the club has not joined (its directors)."""

    permission_classes = [IsClubDirector]

    @extend_schema(tags=["simultaneous"], responses=SimultaneousSerializer(many=True))
    def get(self, request, club_slug):
        return Response(SimultaneousSerializer(reads.joinable(club=self.get_club()), many=True).data)


class SimultaneousDetailView(SimultaneousView):
    """One simultaneous; PATCH (the organizer's directors) changes its name, times, and, until a
    club has joined, its boards and scoring."""

    permission_classes = [OrganizerWrites]

    @extend_schema(tags=["simultaneous"], responses=SimultaneousSerializer)
    def get(self, request, club_slug, pk):
        return Response(SimultaneousSerializer(self.get_simultaneous()).data)

    @extend_schema(tags=["simultaneous"], request=SimultaneousUpdateInput, responses=SimultaneousSerializer)
    def patch(self, request, club_slug, pk):
        values = self.body(SimultaneousUpdateInput)
        sim = services.simultaneous_update(simultaneous=self.get_simultaneous(), **values)
        return Response(SimultaneousSerializer(sim).data)


class SimultaneousActionView(SimultaneousView):
    """``POST /{id}/{open|close|publish|unpublish}/`` (the organizer's directors)."""

    permission_classes = [IsOrganizer]

    @extend_schema(tags=["simultaneous"], request=None, responses=SimultaneousSerializer,
                   operation_id="clubs_simultaneous_action")
    def post(self, request, club_slug, pk, action):
        sim = services.simultaneous_transition(simultaneous=self.get_simultaneous(), action=action)
        return Response(SimultaneousSerializer(sim).data)


class HeatsView(SimultaneousView):
    @extend_schema(tags=["simultaneous"], responses=HeatSerializer(many=True))
    def get(self, request, club_slug, pk):
        return Response(HeatSerializer(reads.heats(simultaneous=self.get_simultaneous()), many=True).data)


class HeatRankingView(SimultaneousView):
    """A heat's ranking: its event's standings, each pair with its national rank."""

    @extend_schema(tags=["simultaneous"], responses=OpenApiTypes.OBJECT)
    def get(self, request, club_slug, pk, heat):
        sim = self.get_simultaneous()
        found = Heat.objects.select_related("club", "event", "simultaneous").filter(simultaneous=sim, pk=heat).first()
        if found is None or not reads.heat_ranking_visible(request.user, found):
            raise NotFound("No such heat, or its ranking is not shown yet.")
        return Response(reads.heat_ranking(heat=found))


class JoinView(SimultaneousView):
    """``POST``: the URL's club joins with a heat; ``DELETE``: it withdraws the heat before it starts."""

    permission_classes = [IsClubDirector]

    @extend_schema(tags=["simultaneous"], request=JoinInput, responses={201: HeatSerializer})
    def post(self, request, club_slug, pk):
        values = self.body(JoinInput)
        heat = services.heat_join(simultaneous=self.get_simultaneous(), club=self.get_club(),
                                  name=values.get("name", ""), movement=values.get("movement") or None,
                                  created_by=request.user)
        return Response(HeatSerializer(heat).data, status=status.HTTP_201_CREATED)

    @extend_schema(tags=["simultaneous"], responses={204: None})
    def delete(self, request, club_slug, pk):
        heat = reads.club_heat(simultaneous=self.get_simultaneous(), club=self.get_club())
        if heat is None:
            raise NotFound("The club has no heat in this simultaneous.")
        services.heat_withdraw(heat=heat)
        return Response(status=status.HTTP_204_NO_CONTENT)


class NationalStandingsView(SimultaneousView):
    permission_classes = [NationalStandingsVisible]

    @extend_schema(tags=["simultaneous"], responses=OpenApiTypes.OBJECT)
    def get(self, request, club_slug, pk):
        return Response(reads.national_standings(simultaneous=self.get_simultaneous()))


class BookletView(SimultaneousView):
    permission_classes = [BookletReleased]

    @extend_schema(tags=["simultaneous"], responses=OpenApiTypes.OBJECT)
    def get(self, request, club_slug, pk):
        return Response(reads.booklet(simultaneous=self.get_simultaneous()))
