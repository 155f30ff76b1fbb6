"""Season competitions through the API, under ``/api/clubs/{slug}/competitions/``:

- ``GET    competitions/``: the club's competitions (anyone: they count published results only).
- ``POST   competitions/``: a director sets one up (``InputSerializer``; 400 naming the field).
- ``GET    competitions/{id}/``, ``DELETE competitions/{id}/`` (directors).
- ``GET    competitions/{id}/standings/``: its stored table, in order.
- ``POST   competitions/{id}/handicaps/``: a director sets a member's handicap in a handicap cup
  (``{"member": id, "value": 4.5}``; ``null`` goes back to the cup's rule).
"""
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from cardroom import limits
from cardroom.permissions import DirectorWrites, IsClubDirector
from clubs.models import Member
from scoring import selectors_competitions as sel
from scoring import services_competitions as services
from scoring.models import CarryOver, Competition, CompetitionKind, HandicapSource, LadderBasis

from .mixins import ClubScopedMixin


class BandSerializer(serializers.Serializer):
    min_size = serializers.IntegerField(min_value=1, max_value=limits.MAX_PAIRS,
                                        help_text="The band applies to fields of at least this many pairs.")
    awards = serializers.ListField(child=serializers.IntegerField(min_value=0, max_value=100_000),
                                   min_length=1, max_length=limits.MAX_PLACINGS,
                                   help_text="Masterpoints for first, second, ... place.")


class ScaleSerializer(serializers.Serializer):
    bands = BandSerializer(many=True, max_length=limits.MAX_MASTERPOINT_BANDS, min_length=1)


class CompetitionSerializer(serializers.ModelSerializer):
    events = serializers.PrimaryKeyRelatedField(many=True, read_only=True)
    scale = serializers.SerializerMethodField(help_text="Masterpoints only: the club's award scale.")
    placing_points = serializers.ListField(child=serializers.FloatField(), read_only=True)

    class Meta:
        model = Competition
        fields = ["id", "name", "kind", "date_from", "date_to", "events", "best", "basis", "placing_points",
                  "minimum", "scale", "carry_over", "handicap_source", "sessions", "computed_at"]
        read_only_fields = fields

    @extend_schema_field(ScaleSerializer(allow_null=True))
    def get_scale(self, instance) -> dict | None:
        return instance.scale or None


class StandingRowSerializer(serializers.Serializer):
    rank = serializers.CharField(help_text='"3=" when shared; empty for a player not yet ranked')
    member = serializers.IntegerField(source="member.pk")
    name = serializers.CharField()
    score = serializers.FloatField()
    played = serializers.IntegerField()
    qualified = serializers.BooleanField()
    counted = serializers.ListField(child=serializers.IntegerField(), help_text="Event ids counted")
    detail = serializers.ListField(child=serializers.FloatField(), help_text="The figure of each counted event")


class HandicapSerializer(serializers.Serializer):
    member = serializers.IntegerField(min_value=1, max_value=limits.MAX_ID)
    value = serializers.FloatField(allow_null=True, min_value=-limits.MAX_HANDICAP, max_value=limits.MAX_HANDICAP,
                                   help_text="Percentage points added to the pair's score; null: the cup's rule.")


class CompetitionViewSet(ClubScopedMixin, mixins.ListModelMixin, mixins.RetrieveModelMixin,
                         mixins.DestroyModelMixin, viewsets.GenericViewSet):
    """A club's season competitions: anyone reads them; its directors set them up and delete them."""

    serializer_class = CompetitionSerializer
    queryset = Competition.objects.none()
    permission_classes = [DirectorWrites]
    pagination_class = None
    lookup_value_regex = r"[0-9]{1,18}"

    class InputSerializer(serializers.Serializer):
        name = serializers.CharField(max_length=limits.NAME_MAX)
        kind = serializers.ChoiceField(choices=CompetitionKind.choices)
        date_from = serializers.DateField(required=False, allow_null=True)
        date_to = serializers.DateField(required=False, allow_null=True)
        events = serializers.ListField(child=serializers.IntegerField(min_value=1, max_value=limits.MAX_ID),
                                       required=False, max_length=limits.MAX_COMPETITION_EVENTS,
                                       help_text="A named set of events (a championship); else every event in the dates.")
        best = serializers.IntegerField(required=False, allow_null=True, min_value=1,
                                        max_value=limits.MAX_COMPETITION_EVENTS)
        basis = serializers.ChoiceField(choices=LadderBasis.choices, default=LadderBasis.PERCENTAGE)
        placing_points = serializers.ListField(child=serializers.FloatField(min_value=0, max_value=1000),
                                               required=False, max_length=limits.MAX_PLACINGS)
        minimum = serializers.IntegerField(default=1, min_value=1, max_value=limits.MAX_COMPETITION_EVENTS)
        scale = ScaleSerializer(required=False, allow_null=True)
        carry_over = serializers.ChoiceField(choices=CarryOver.choices, default=CarryOver.SUM)
        handicap_source = serializers.ChoiceField(choices=HandicapSource.choices, default=HandicapSource.RATING)

    def club_queryset(self, club):
        return Competition.objects.filter(club=club).prefetch_related("events").order_by("-date_from", "name", "pk")

    @extend_schema(request=InputSerializer, responses={201: CompetitionSerializer})
    def create(self, request, club_slug=None):
        """Set up a competition; its table is computed at once from the published events."""
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        competition = services.competition_create(club=self.get_club(), **data.validated_data)
        return Response(CompetitionSerializer(competition).data, status=status.HTTP_201_CREATED)

    def perform_destroy(self, instance):
        services.competition_delete(competition=instance)

    @extend_schema(request=HandicapSerializer, responses={200: StandingRowSerializer(many=True)})
    @action(detail=True, methods=["post"], permission_classes=[IsClubDirector])
    def handicaps(self, request, pk=None, club_slug=None):
        """Set a member's handicap in a handicap cup; answers the cup's table, recomputed."""
        competition = self.get_object()
        data = HandicapSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        member = Member.objects.filter(club=self.get_club(), pk=data.validated_data["member"]).first()
        if member is None:
            raise serializers.ValidationError({"member": ["not a member of this club"]})
        services.handicap_set(competition=competition, member=member, value=data.validated_data["value"])
        return Response(StandingRowSerializer(sel.competition_table(competition), many=True).data)

    @extend_schema(responses={200: StandingRowSerializer(many=True)})
    @action(detail=True, methods=["get"])
    def standings(self, request, pk=None, club_slug=None):
        """The competition's stored table, in order (unranked players last)."""
        return Response(StandingRowSerializer(sel.competition_table(self.get_object()), many=True).data)
