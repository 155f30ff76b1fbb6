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

    class Meta:
        ordering = ["section", "field", "position"]
        constraints = [models.UniqueConstraint(fields=["section", "entry"], name="one_standing_per_entry")]

    def __str__(self) -> str:
        return f"{self.rank} {self.entry}"
