"""Derived rows: comparative scores of results and the standings of each section.

Every row here is rebuilt by a scoring run (``scoring.services.event_rescore``); nothing is
edited by hand, so a rescore can always replace them.
"""
from django.db import models


class EventScoring(models.Model):
    """One row per event: the lock a scoring run takes, and what it last scored."""

    event = models.OneToOneField("tournaments.Event", on_delete=models.CASCADE, related_name="scoring_state")
    version = models.PositiveIntegerField(default=0, help_text="Event.results_version last scored")
    runs = models.PositiveIntegerField(default=0)
    computed_at = models.DateTimeField(null=True, blank=True)
    duration_ms = models.FloatField(default=0)
    results_scored = models.PositiveIntegerField(default=0)
    error = models.TextField(blank=True, help_text="Why the last scoring run failed; empty once one succeeds")
    failed_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"Scoring of {self.event_id} at v{self.version}"


class RescoreQueued(models.Model):
    """A scoring run of the event is queued and has not started yet: a change to its results
    committed meanwhile needs no other run, as the run reads the results when it starts. The
    write that changes the results claims this row in its own statement (on a table's
    confirmation, no round trip to anything else); the run deletes it as it starts; a row older
    than ``cardroom.tasks.PENDING_SECONDS`` (a task the broker lost) is claimed again."""

    event = models.OneToOneField("tournaments.Event", on_delete=models.CASCADE, primary_key=True, related_name="+")
    at = models.DateTimeField(help_text="When the run was queued.")

    def __str__(self) -> str:
        return f"Scoring of {self.event_id} queued at {self.at:%H:%M:%S}"


class Score(models.Model):
    """The comparative score of one result for each side: matchpoints and percent, IMPs, or the
    books' plus/minus the board's average (``plus_*``, methods "average" and "total_tricks");
    ``value(side, scoring)`` reads the one the event's method fills."""

    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="scores")
    result = models.OneToOneField("tournaments.Result", on_delete=models.CASCADE, related_name="score")
    top = models.FloatField(null=True, blank=True)
    mp_ns = models.FloatField(null=True, blank=True)
    mp_ew = models.FloatField(null=True, blank=True)
    pct_ns = models.FloatField(null=True, blank=True)
    pct_ew = models.FloatField(null=True, blank=True)
    imp_ns = models.FloatField(null=True, blank=True)
    imp_ew = models.FloatField(null=True, blank=True)
    plus_ns = models.FloatField(null=True, blank=True, help_text="The books' methods: plus or minus the average")
    plus_ew = models.FloatField(null=True, blank=True, help_text="The books' methods: plus or minus the average")

    def value(self, side: str, scoring: str) -> float | None:
        """One side's ("ns"/"ew") value in the event's scoring method's own unit."""
        from scoring.engine.session import comparative

        return comparative(self, side, scoring)

    def __str__(self) -> str:
        return f"score of result {self.result_id}"


class Standing(models.Model):
    """One entry's place in its section (and field, for two-winner movements)."""

    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="standings")
    section = models.ForeignKey("tournaments.Section", on_delete=models.CASCADE, related_name="standings")
    entry = models.ForeignKey("tournaments.Entry", on_delete=models.CASCADE, related_name="standings")
    position = models.PositiveIntegerField()
    rank = models.CharField(max_length=8)
    field = models.CharField(max_length=8, blank=True)
    total = models.FloatField()
    top = models.FloatField(null=True, blank=True)
    percentage = models.FloatField(null=True, blank=True)
    boards = models.PositiveIntegerField()
    overall = models.CharField(max_length=8, blank=True,
                               help_text="Rank across the field (an event scored across the field), per direction "
                                         "when the sections are two-winner; blank otherwise.")
    overall_position = models.PositiveIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["section", "field", "position"]
        constraints = [models.UniqueConstraint(fields=["section", "entry"], name="one_standing_per_entry")]

    def __str__(self) -> str:
        return f"{self.rank} {self.entry}"


class BoardTally(models.Model):
    """What one board of a section last scored to (an incremental run's memory): the digest of
    the engine's input for the board and the tally its standings are summed from, so a run
    rescores only the boards whose input changed (``scoring.services.event_rescore``)."""

    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="board_tallies")
    section = models.ForeignKey("tournaments.Section", on_delete=models.CASCADE, related_name="board_tallies")
    board = models.PositiveIntegerField()
    digest = models.CharField(max_length=64)
    tally = models.TextField(help_text="FieldPart.to_json(boards=False) as JSON text (its key order kept)")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["section", "board"], name="one_tally_per_board")]

    def __str__(self) -> str:
        return f"Tally of board {self.board} in {self.section_id}"


class CompetitionKind(models.TextChoices):
    LADDER = "ladder", "Ladder (best results)"
    AVERAGE = "average", "Average percentage"
    MOST_IMPROVED = "most_improved", "Most improved"
    MASTERPOINTS = "masterpoints", "Masterpoints"
    HANDICAP = "handicap", "Handicap cup"
    CHAMPIONSHIP = "championship", "Club championship"


class LadderBasis(models.TextChoices):
    PERCENTAGE = "percentage", "Percentages"
    PLACINGS = "placings", "Points for placings"


class CarryOver(models.TextChoices):
    SUM = "sum", "Plain sum of percentages"
    AVERAGE = "average", "Average percentage"


class HandicapSource(models.TextChoices):
    RATING = "rating", "From the club rating at the start"
    DIRECTOR = "director", "Set by the director"


class Competition(models.Model):
    """A season competition of a club over a date range or a named set of events; its table
    (``CompetitionStanding``) is rebuilt from the published events' standings
    (``scoring.services_competitions.competition_standings_write``)."""

    club = models.ForeignKey("clubs.Club", on_delete=models.CASCADE, related_name="competitions")
    name = models.CharField(max_length=160)
    kind = models.CharField(max_length=16, choices=CompetitionKind.choices)
    date_from = models.DateField(null=True, blank=True)
    date_to = models.DateField(null=True, blank=True)
    events = models.ManyToManyField("tournaments.Event", blank=True, related_name="competitions",
                                    help_text="A named set of events (a championship); empty: every event in the dates.")
    best = models.PositiveSmallIntegerField(null=True, blank=True,
                                            help_text="Ladder and handicap cup: results counted per player (blank: all).")
    basis = models.CharField(max_length=12, choices=LadderBasis.choices, default=LadderBasis.PERCENTAGE)
    placing_points = models.JSONField(default=list, blank=True, help_text="Points for 1st, 2nd, ... (ladder by placings).")
    minimum = models.PositiveSmallIntegerField(default=1, help_text="Sessions a player needs to be ranked.")
    scale = models.JSONField(default=dict, blank=True, help_text="The masterpoint scale: bands by field size.")
    carry_over = models.CharField(max_length=8, choices=CarryOver.choices, default=CarryOver.SUM)
    handicap_source = models.CharField(max_length=8, choices=HandicapSource.choices, default=HandicapSource.RATING)
    computed_at = models.DateTimeField(null=True, blank=True)
    sessions = models.PositiveIntegerField(default=0, help_text="Events counted at the last update.")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-date_from", "name", "id"]
        indexes = [models.Index(fields=["club", "date_from", "date_to"])]

    def __str__(self) -> str:
        return self.name


class CompetitionStanding(models.Model):
    """A member's line in a competition's table (stored, rebuilt whole by each update)."""

    competition = models.ForeignKey(Competition, on_delete=models.CASCADE, related_name="standings")
    member = models.ForeignKey("clubs.Member", on_delete=models.CASCADE, related_name="+")
    position = models.PositiveIntegerField()
    rank = models.CharField(max_length=8, blank=True)
    score = models.FloatField()
    played = models.PositiveIntegerField()
    qualified = models.BooleanField(default=True)
    counted = models.JSONField(default=list, blank=True, help_text="Event ids counted")
    detail = models.JSONField(default=list, blank=True, help_text="The figure per counted event")

    class Meta:
        ordering = ["competition", "position"]
        constraints = [models.UniqueConstraint(fields=["competition", "member"], name="one_competition_standing")]

    def __str__(self) -> str:
        return f"{self.rank} {self.member_id} in {self.competition_id}"


class Handicap(models.Model):
    """A handicap the director set for a member in one handicap cup (percentage points added)."""

    competition = models.ForeignKey(Competition, on_delete=models.CASCADE, related_name="handicaps")
    member = models.ForeignKey("clubs.Member", on_delete=models.CASCADE, related_name="+")
    value = models.FloatField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["competition", "member"], name="one_handicap_per_member")]

    def __str__(self) -> str:
        return f"{self.member_id}: {self.value:+g}"


class Rating(models.Model):
    """A member's club rating (``scoring.engine.rating``): a percentage, the decayed boards
    behind it, boards and sessions played, the date of the last."""

    member = models.OneToOneField("clubs.Member", on_delete=models.CASCADE, related_name="rating")
    club = models.ForeignKey("clubs.Club", on_delete=models.CASCADE, related_name="+")
    value = models.FloatField()
    weight = models.FloatField(default=0)
    boards = models.PositiveIntegerField(default=0)
    sessions = models.PositiveIntegerField(default=0)
    date = models.DateField(null=True, blank=True)

    class Meta:
        ordering = ["-value"]

    def __str__(self) -> str:
        return f"{self.member_id}: {self.value:.2f}"


class RatingChange(models.Model):
    """What one event did to a member's rating: par (expected), the percentage scored, before and after."""

    member = models.ForeignKey("clubs.Member", on_delete=models.CASCADE, related_name="rating_changes")
    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="+")
    date = models.DateField()
    before = models.FloatField()
    after = models.FloatField()
    par = models.FloatField()
    percentage = models.FloatField()
    boards = models.PositiveIntegerField()

    class Meta:
        ordering = ["member", "date", "event"]
        constraints = [models.UniqueConstraint(fields=["member", "event"], name="one_rating_change_per_event")]
        indexes = [models.Index(fields=["member", "date"])]

    def __str__(self) -> str:
        return f"{self.member_id} {self.before:.2f} -> {self.after:.2f}"


class RatedEvent(models.Model):
    """An event the club rating includes, and the results version it was rated at."""

    club = models.ForeignKey("clubs.Club", on_delete=models.CASCADE, related_name="+")
    event = models.OneToOneField("tournaments.Event", on_delete=models.CASCADE, related_name="+")
    date = models.DateField()
    version = models.PositiveIntegerField(default=0)

    class Meta:
        indexes = [models.Index(fields=["club", "date"])]

    def __str__(self) -> str:
        return f"rated {self.event_id} v{self.version}"


class NationalScore(models.Model):
    """One result of a simultaneous' heat scored across the whole field (every heat's results of
    the board); rebuilt by the national scoring run (the heat's own ``Score`` is its club's)."""

    simultaneous = models.ForeignKey("tournaments.Simultaneous", on_delete=models.CASCADE, related_name="scores")
    result = models.OneToOneField("tournaments.Result", on_delete=models.CASCADE, related_name="national_score")
    board = models.PositiveSmallIntegerField()
    top = models.FloatField(null=True, blank=True)
    mp_ns = models.FloatField(null=True, blank=True)
    mp_ew = models.FloatField(null=True, blank=True)
    pct_ns = models.FloatField(null=True, blank=True)
    pct_ew = models.FloatField(null=True, blank=True)
    imp_ns = models.FloatField(null=True, blank=True)
    imp_ew = models.FloatField(null=True, blank=True)

    class Meta:
        indexes = [models.Index(fields=["simultaneous", "board"])]

    def __str__(self) -> str:
        return f"national score of result {self.result_id}"


class NationalStanding(models.Model):
    """A pair's place in a simultaneous' national ranking (per direction for two-winner heats)."""

    simultaneous = models.ForeignKey("tournaments.Simultaneous", on_delete=models.CASCADE, related_name="standings")
    heat = models.ForeignKey("tournaments.Heat", on_delete=models.CASCADE, related_name="national_standings")
    entry = models.ForeignKey("tournaments.Entry", on_delete=models.CASCADE, related_name="national_standings")
    position = models.PositiveIntegerField()
    rank = models.CharField(max_length=8)
    field = models.CharField(max_length=8, blank=True)
    total = models.FloatField()
    top = models.FloatField(null=True, blank=True)
    percentage = models.FloatField(null=True, blank=True)
    boards = models.PositiveIntegerField()

    class Meta:
        ordering = ["simultaneous", "field", "position"]
        constraints = [models.UniqueConstraint(fields=["simultaneous", "entry"], name="one_national_standing_per_entry")]

    def __str__(self) -> str:
        return f"{self.rank} {self.entry_id} nationally"


class NationalScoring(models.Model):
    """One row per simultaneous: the national run's lock and what it last scored (as ``EventScoring``)."""

    simultaneous = models.OneToOneField("tournaments.Simultaneous", on_delete=models.CASCADE,
                                        related_name="scoring_state")
    version = models.PositiveIntegerField(default=0)
    runs = models.PositiveIntegerField(default=0)
    computed_at = models.DateTimeField(null=True, blank=True)
    duration_ms = models.FloatField(default=0)
    results_scored = models.PositiveIntegerField(default=0)
    chunks = models.PositiveIntegerField(default=0, help_text="Board chunks the last run was split into.")
    error = models.TextField(blank=True)

    def __str__(self) -> str:
        return f"national scoring of {self.simultaneous_id} at v{self.version}"


class CumulativeStanding(models.Model):
    """A pair's line in a championship's cumulative table after one session (stored, rebuilt
    whole whenever a session is rescored: ``scoring.services_championships``). ``entry`` is the
    pair in that session, ``identity`` the chain's first entry (the same pair in every session);
    ``session_score`` the session's own figure by the rule, ``carried`` what came in from the
    sessions before, ``cumulative`` what the table ranks by."""

    championship = models.ForeignKey("tournaments.Championship", on_delete=models.CASCADE, related_name="standings")
    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="cumulative_standings")
    session = models.PositiveSmallIntegerField()
    entry = models.ForeignKey("tournaments.Entry", on_delete=models.CASCADE, related_name="cumulative_standings")
    identity = models.ForeignKey("tournaments.Entry", on_delete=models.CASCADE, related_name="+")
    section = models.CharField(max_length=8, blank=True)
    position = models.PositiveIntegerField()
    rank = models.CharField(max_length=8)
    session_score = models.FloatField()
    carried = models.FloatField(default=0)
    cumulative = models.FloatField()
    played = models.PositiveSmallIntegerField(default=1)
    detail = models.JSONField(default=list, blank=True, help_text="The figure of each session, in session order.")
    qualified = models.BooleanField(default=False)

    class Meta:
        ordering = ["championship", "session", "position"]
        constraints = [models.UniqueConstraint(fields=["event", "entry"], name="one_cumulative_standing_per_entry")]

    def __str__(self) -> str:
        return f"{self.rank} {self.entry_id} after session {self.session}"
