"""Serializers for events: create with a movement, entries, results."""
import datetime

from rest_framework import serializers

from cardroom import limits
from scoring.engine.conventions import CONVENTION_CHOICES
from tournaments.api.fields import AdjustedField, TricksField
from tournaments.models import PARTY_GAMES, PATIENCE_GAMES, Entry, Event, Game, ScoringMethod


# The games an event of boards and movements plays (the schema names this choice set DuplicateGameEnum).
DUPLICATE_GAME_CHOICES = [c for c in Game.choices if c[0] not in PARTY_GAMES + PATIENCE_GAMES]

class EventSerializer(serializers.ModelSerializer):
    sections = serializers.SerializerMethodField()
    provisional_until = serializers.SerializerMethodField(
        help_text="While the correction period after publishing runs: when it ends (results are provisional).")
    analysis = serializers.SerializerMethodField(
        help_text="Double dummy of the boards after Start: {boards, analysed, done}; null before there are boards.")

    class Meta:
        model = Event
        fields = ["id", "name", "date", "game", "scoring", "convention", "rules", "status", "current_round",
                  "created_at", "published_at", "provisional_until", "sections", "analysis"]
        read_only_fields = ["id", "status", "current_round", "created_at", "published_at", "sections", "analysis"]

    def get_provisional_until(self, event) -> datetime.datetime | None:
        from tournaments.selectors_lifecycle import provisional_until

        return provisional_until(event)

    def get_analysis(self, event) -> dict | None:
        from tournaments.selectors_boards import board_analysis_progress

        return board_analysis_progress(event=event)

    def get_sections(self, event) -> list:
        return [{"name": s.name, "kind": s.schedule.kind, "tables": s.schedule.tables, "rounds": s.schedule.rounds,
                 "boards_per_round": s.schedule.boards_per_round, "winners": s.schedule.winners}
                for s in event.sections.all()]


class EventCreateSerializer(serializers.Serializer):
    """``movement`` is ``{"kind","tables"|"pairs","boards_per_round"?,"rounds"?}`` or an imported
    movement JSON; ``sections`` a list of ``{"name","movement"}`` for several sections."""

    name = serializers.CharField(max_length=160)
    date = serializers.DateField()
    game = serializers.ChoiceField(choices=DUPLICATE_GAME_CHOICES)
    scoring = serializers.ChoiceField(choices=[c for c in ScoringMethod.choices if c[0] != ScoringMethod.TALLY],
                                      default=ScoringMethod.MATCHPOINTS)
    rules = serializers.CharField(max_length=40, required=False, allow_blank=True, default="")
    convention = serializers.ChoiceField(choices=CONVENTION_CHOICES, required=False, allow_blank=True, default="",
                                         help_text="Whose scoring rules (blank: the club's).")
    movement = serializers.JSONField(required=False)
    sections = serializers.ListField(child=serializers.DictField(), required=False, max_length=limits.MAX_SECTIONS)
    deal_seed = serializers.CharField(max_length=128, required=False, allow_blank=True)

    def validate_rules(self, value):
        from scoring.engine import PRESETS

        if value and value not in PRESETS:
            raise serializers.ValidationError(f"Unknown rule set; choose from {', '.join(sorted(PRESETS))}.")
        return value

    def validate(self, attrs):
        if not attrs.get("movement") and not attrs.get("sections"):
            raise serializers.ValidationError({"movement": ["Choose a movement (kind and tables or pairs)."]})
        return attrs


class EntrySerializer(serializers.ModelSerializer):
    section = serializers.CharField(source="section.name", read_only=True)
    members = serializers.SerializerMethodField()

    class Meta:
        model = Entry
        fields = ["id", "label", "names", "section", "status", "members", "joined_round", "withdrawn_after_round"]

    def get_members(self, entry) -> list[int]:
        return [m for m in (entry.member_a_id, entry.member_b_id) if m]


class EntryCreateSerializer(serializers.Serializer):
    """``members`` by id; ``guests`` by typed name: a name that is exactly one active member's
    links that member, one that matches several is a 400 listing them, "guest:Name" forces a guest."""

    members = serializers.ListField(child=serializers.IntegerField(min_value=1, max_value=limits.MAX_ID),
                                    required=False, default=list, max_length=2)
    guests = serializers.ListField(child=serializers.CharField(max_length=limits.NAME_MAX), required=False,
                                   default=list, max_length=2,
                                   help_text="Typed names: a member's name links the member (see above).")
    section = serializers.CharField(required=False, allow_blank=True)
    label = serializers.CharField(required=False, allow_blank=True)
    movement = serializers.DictField(required=False, help_text=(
        "When the movement is full: switch the section to this one first "
        '({"kind", "pairs"|"tables", "boards_per_round"?, "rounds"?}); results already in keep their place.'))


class MovementChangeSerializer(serializers.Serializer):
    """A section's new movement; ``preview`` shows what changes without storing anything."""

    section = serializers.CharField(required=False, allow_blank=True, max_length=limits.NAME_MAX)
    kind = serializers.CharField(max_length=40)
    pairs = serializers.IntegerField(required=False, min_value=1)
    tables = serializers.IntegerField(required=False, min_value=1)
    boards_per_round = serializers.IntegerField(required=False, min_value=1)
    rounds = serializers.IntegerField(required=False, min_value=1)
    preview = serializers.BooleanField(required=False, default=False)

    def validate(self, attrs):
        if (attrs.get("pairs") is None) == (attrs.get("tables") is None):
            raise serializers.ValidationError({"pairs": ["Give the number of pairs or of tables (one of them)."]})
        return attrs


class CardsGroupsSerializer(serializers.Serializer):
    """Results of one board played with the same cards share a group label (fouled board)."""

    section = serializers.CharField(required=False, allow_blank=True)
    board = serializers.IntegerField(min_value=1, max_value=32767)
    groups = serializers.DictField(child=serializers.CharField(max_length=8, allow_blank=True), allow_empty=False)
    reason = serializers.CharField(required=False, allow_blank=True, default="", max_length=400)


class ResultSerializer(serializers.Serializer):
    """The fields a result may carry, tricks and adjusted scores read into typed values here;
    the service validates them against the game and the movement."""

    section = serializers.CharField(required=False, allow_blank=True)
    board = serializers.IntegerField(min_value=1, max_value=limits.MAX_BOARD_NUMBER)
    ns = serializers.CharField()
    ew = serializers.CharField()
    contract = serializers.CharField(required=False, allow_blank=True)
    declarer = serializers.CharField(required=False, allow_blank=True)
    tricks = TricksField(help_text="Tricks taken by the declarer (bridge, auction).")
    tricks_ns = TricksField(help_text="Tricks won by North-South (whist games).")
    lead = serializers.CharField(required=False, allow_blank=True)
    adjusted_ns = AdjustedField()
    adjusted_ew = AdjustedField()
    round = serializers.IntegerField(required=False, min_value=1, max_value=limits.MAX_ROUNDS)
    table = serializers.IntegerField(required=False, min_value=1, max_value=limits.MAX_TABLES)
    override = serializers.BooleanField(required=False, default=False)
    reason = serializers.CharField(required=False, allow_blank=True, default="")


class RoundInput(serializers.Serializer):
    """The round the evening is in (the tables' pages follow it)."""

    round = serializers.IntegerField(min_value=1, max_value=limits.MAX_ROUNDS)


class ReasonInput(serializers.Serializer):
    """Why (kept in the audit trail)."""

    reason = serializers.CharField(required=False, allow_blank=True, max_length=400, default="")
