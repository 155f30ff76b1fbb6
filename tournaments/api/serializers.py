"""Serializers for events: create with a movement, entries, results."""
import datetime

from rest_framework import serializers

from cardroom import limits
from scoring.engine.conventions import CONVENTION_CHOICES
from tournaments.api.fields import AdjustedField, TricksField
from tournaments.models import PARTY_GAMES, PATIENCE_GAMES, Entry, Event, EventFormat, Game, ScoringMethod


# The games an event of boards and movements plays (the schema names this choice set DuplicateGameEnum).
DUPLICATE_GAME_CHOICES = [c for c in Game.choices if c[0] not in PARTY_GAMES + PATIENCE_GAMES]

class EventSerializer(serializers.ModelSerializer):
    sections = serializers.SerializerMethodField()
    provisional_until = serializers.SerializerMethodField(
        help_text="While the correction period after publishing runs: when it ends (results are provisional).")
    analysis = serializers.SerializerMethodField(
        help_text="Double dummy of the boards after Start: {boards, analysed, done}; null before there are boards.")
    teams = serializers.SerializerMethodField(
        help_text="A teams event's settings: format, boards_per_match, rounds, current_round, options; null for "
                  "pairs.")

    class Meta:
        model = Event
        fields = ["id", "name", "date", "game", "scoring", "format", "convention", "rules", "across_field", "status",
                  "current_round", "created_at", "published_at", "provisional_until", "sections", "analysis", "teams",
                  "championship", "session"]
        read_only_fields = ["id", "status", "format", "current_round", "created_at", "published_at", "sections",
                            "analysis", "teams", "championship", "session"]

    def get_teams(self, event) -> dict | None:
        from tournaments.models import TeamsEvent

        if not event.is_teams or not TeamsEvent.objects.filter(event=event).exists():
            return None
        from tournaments.selectors_teams import teams_settings

        return teams_settings(event)

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
    across_field = serializers.BooleanField(required=False, default=False, help_text=(
        "Score the sections across the field (they must play the same boards): ranked per section and overall."))
    deal_seed = serializers.CharField(max_length=128, required=False, allow_blank=True)
    format = serializers.ChoiceField(choices=EventFormat.choices, required=False, default=EventFormat.PAIRS, help_text=(
        "pairs (the default), individual (single players, an individual or rainbow movement by players), "
        "or a teams format: round_robin, swiss, knockout (a bridge game; scoring imps, "
        "board_a_match or patton; no movement: rounds are drawn)."))
    boards_per_match = serializers.IntegerField(required=False, min_value=1, max_value=limits.MAX_BOARDS_PER_ROUND,
                                                help_text="Teams: boards a match (default 8).")
    rounds = serializers.IntegerField(required=False, min_value=0, max_value=limits.MAX_ROUNDS,
                                      help_text="Teams: rounds planned (a Swiss: required; 0: the format's whole).")
    options = serializers.JSONField(required=False, help_text=(
        "Teams: vp_scale, win_draw_loss, bye, tie_breaks, butler, first_round, draw_seed, segments, tie_rule."))

    def validate_rules(self, value):
        from scoring.engine import PRESETS

        if value and value not in PRESETS:
            raise serializers.ValidationError(f"Unknown rule set; choose from {', '.join(sorted(PRESETS))}.")
        return value

    def validate(self, attrs):
        if attrs.get("scoring") in (ScoringMethod.BOARD_A_MATCH, ScoringMethod.PATTON):
            raise serializers.ValidationError({"scoring": ["Board-a-match and Patton score teams matches: give a "
                                                           "teams format (round_robin, swiss or knockout)."]})
        if not attrs.get("movement") and not attrs.get("sections"):
            raise serializers.ValidationError({"movement": ["Choose a movement (kind and tables or pairs)."]})
        return attrs


class EntrySerializer(serializers.ModelSerializer):
    section = serializers.CharField(source="section.name", read_only=True)
    members = serializers.SerializerMethodField()

    class Meta:
        model = Entry
        fields = ["id", "label", "names", "section", "status", "members", "joined_round", "withdrawn_after_round",
                  "carried_from"]
        read_only_fields = ["carried_from"]

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
    ns = serializers.CharField(required=False, help_text="A pairs event: the N-S pair's number.")
    ew = serializers.CharField(required=False, help_text="A pairs event: the E-W pair's number.")
    north = serializers.CharField(required=False, max_length=16, help_text="An individual: North's player number.")
    south = serializers.CharField(required=False, max_length=16, help_text="An individual: South's player number.")
    east = serializers.CharField(required=False, max_length=16, help_text="An individual: East's player number.")
    west = serializers.CharField(required=False, max_length=16, help_text="An individual: West's player number.")
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
