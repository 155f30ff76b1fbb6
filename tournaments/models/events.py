"""Events: one evening's duplicate game or progressive party at a club."""
import secrets

from django.conf import settings
from django.db import models
from django.urls import reverse

from cardroom.trash import Trashable
from scoring.engine.conventions import CONVENTION_CHOICES


class Game(models.TextChoices):
    DUPLICATE_WHIST = "duplicate_whist", "Duplicate whist"
    DUPLICATE_BRIDGE = "duplicate_bridge", "Duplicate (contract) bridge"
    AUCTION_BRIDGE = "auction_bridge", "Auction bridge (1909)"
    BRIDGE_WHIST = "bridge_whist", "Bridge whist (1904)"
    PROGRESSIVE_EUCHRE = "progressive_euchre", "Progressive euchre"
    WHIST_DRIVE = "whist_drive", "Whist drive"
    PROGRESSIVE_HEARTS = "progressive_hearts", "Progressive hearts"
    PROGRESSIVE_POKER = "progressive_poker", "Progressive poker"
    POKER_PATIENCE = "poker_patience", "Poker patience (duplicate)"


DUPLICATE_GAMES = {Game.DUPLICATE_WHIST, Game.DUPLICATE_BRIDGE, Game.AUCTION_BRIDGE, Game.BRIDGE_WHIST}
PARTY_GAMES = (Game.PROGRESSIVE_EUCHRE, Game.WHIST_DRIVE, Game.PROGRESSIVE_HEARTS, Game.PROGRESSIVE_POKER)
PATIENCE_GAMES = (Game.POKER_PATIENCE,)


class ScoringMethod(models.TextChoices):
    MATCHPOINTS = "matchpoints", "Matchpoints"
    IMPS = "imps", "IMPs (Butler)"
    CROSS_IMPS = "cross_imps", "Cross-IMPs"
    AVERAGE = "average", "Plus/minus the average (the books' method)"
    TOTAL_TRICKS = "total_tricks", "Total tricks"
    TALLY = "tally", "Progressive tally"
    GRIDS = "grids", "Poker patience grids"
    BOARD_A_MATCH = "board_a_match", "Board-a-match (teams)"
    PATTON = "patton", "Patton (teams: board-a-match and total points)"


class EventFormat(models.TextChoices):
    """Who the entries are: pairs, single players (an individual: partners change every round),
    or teams drawn into matches by one of three formats."""
    PAIRS = "pairs", "Pairs"
    INDIVIDUAL = "individual", "Individual"
    ROUND_ROBIN = "round_robin", "Teams: round robin"
    SWISS = "swiss", "Teams: Swiss"
    KNOCKOUT = "knockout", "Teams: knockout"


TEAMS_FORMATS = {EventFormat.ROUND_ROBIN, EventFormat.SWISS, EventFormat.KNOCKOUT}


class EventStatus(models.TextChoices):
    DRAFT = "draft", "Draft"
    PLAYING = "playing", "Playing"
    FINISHED = "finished", "Finished"
    PUBLISHED = "published", "Published"


def new_deal_seed() -> str:
    return secrets.token_hex(16)


class Event(Trashable):
    club = models.ForeignKey("clubs.Club", on_delete=models.CASCADE, related_name="events")
    name = models.CharField(max_length=160)
    date = models.DateField()
    game = models.CharField(max_length=32, choices=Game.choices, default=Game.DUPLICATE_BRIDGE)
    scoring = models.CharField(max_length=32, choices=ScoringMethod.choices, default=ScoringMethod.MATCHPOINTS)
    format = models.CharField(max_length=16, choices=EventFormat.choices, default=EventFormat.PAIRS,
                              help_text="Pairs, individual, or a teams format (a bridge game only): round robin, Swiss, "
                                        "knockout.")
    status = models.CharField(max_length=16, choices=EventStatus.choices, default=EventStatus.DRAFT)
    deal_seed = models.CharField(max_length=128, default=new_deal_seed, blank=True)
    rules = models.CharField(max_length=40, blank=True, help_text="Rule set preset name (scoring.engine.PRESETS)")
    convention = models.CharField(
        max_length=20, choices=CONVENTION_CHOICES, blank=True,
        help_text="Whose scoring rules (scoring.engine.CONVENTIONS); new events take the club's. Blank: Cardroom's.")
    across_field = models.BooleanField(
        default=False, help_text="Score the sections across the field: every result of a board compared with the "
                                 "board's results in all sections (they play the same boards), ranked per section "
                                 "and overall.")
    current_round = models.PositiveSmallIntegerField(default=0)
    pin_secret = models.CharField(max_length=64, default=new_deal_seed, blank=True,
                                  help_text="The secret every PIN of the event is derived from (tables, party "
                                            "tables, patience players): a new one changes them all.")
    results_version = models.PositiveIntegerField(default=0)
    published_at = models.DateTimeField(null=True, blank=True,
                                        help_text="When the results were last published (starts the correction period).")
    championship = models.ForeignKey("tournaments.Championship", null=True, blank=True, on_delete=models.SET_NULL,
                                     related_name="sessions",
                                     help_text="The multi-session championship this event is a session of.")
    session = models.PositiveSmallIntegerField(null=True, blank=True,
                                               help_text="Which session of its championship (1, 2, ...).")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-date", "-id"]
        indexes = [models.Index(fields=["club", "status", "date"])]
        constraints = [models.UniqueConstraint(fields=["championship", "session"], name="one_event_per_session")]

    def __str__(self) -> str:
        return f"{self.name} ({self.date:%Y-%m-%d})"

    @property
    def is_public(self) -> bool:
        return self.status == EventStatus.PUBLISHED

    @property
    def is_duplicate(self) -> bool:
        return self.game in DUPLICATE_GAMES

    @property
    def is_progressive(self) -> bool:
        return self.game in PARTY_GAMES

    @property
    def is_patience(self) -> bool:
        return self.game in PATIENCE_GAMES

    @property
    def is_teams(self) -> bool:
        return self.format in TEAMS_FORMATS

    @property
    def is_individual(self) -> bool:
        """Entries of one player, seated by an individual movement (every player partners
        every other once)."""
        return self.format == EventFormat.INDIVIDUAL

    @property
    def is_bridge(self) -> bool:
        """Games scored from contract, declarer and tricks (the rest: tricks won by N-S)."""
        return self.game in (Game.DUPLICATE_BRIDGE, Game.AUCTION_BRIDGE)

    def get_absolute_url(self) -> str:
        return reverse("event-detail", kwargs={"slug": self.club.slug, "pk": self.pk})


class EventChange(models.Model):
    """The lifecycle's audit trail: who moved the event from which status to which, when and why
    (start, finish, publish, and the ways back: reopen, unpublish)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="changes")
    from_status = models.CharField(max_length=16, choices=EventStatus.choices)
    to_status = models.CharField(max_length=16, choices=EventStatus.choices)
    reason = models.CharField(max_length=400, blank=True)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                           related_name="+")
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["at", "id"]
        indexes = [models.Index(fields=["event", "at"])]

    def __str__(self) -> str:
        return f"{self.event}: {self.from_status} -> {self.to_status} at {self.at:%Y-%m-%d %H:%M}"
