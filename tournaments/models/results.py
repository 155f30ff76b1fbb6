"""Results: what happened at a table on a board, and the audit trail of every change."""
from django.conf import settings
from django.db import models


class ResultSource(models.TextChoices):
    API = "api", "API"
    TABLE = "table", "Table scoring"
    TRAVELLER = "traveller", "Traveller entry"
    DIRECTOR = "director", "Director"


class Result(models.Model):
    """One table's result on one board. Bridge: contract, declarer, declarer's tricks; whist:
    tricks won by N-S; or an artificial adjusted score for each side (Law 12C).

    A pairs event: ``ns`` and ``ew`` are the two pairs. An individual: ``ns`` is North's entry and
    ``ew`` East's, ``south`` and ``west`` their partners (empty for pairs); each player of a side
    scores the side's score."""

    # No index of their own: the indexes below lead with each (every table's result writes them all).
    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="results", db_index=False)
    section = models.ForeignKey("tournaments.Section", on_delete=models.CASCADE, related_name="results",
                                db_index=False)
    board = models.PositiveSmallIntegerField()
    round = models.PositiveSmallIntegerField()
    table = models.PositiveSmallIntegerField()
    ns = models.ForeignKey("tournaments.Entry", on_delete=models.PROTECT, related_name="results_ns")
    ew = models.ForeignKey("tournaments.Entry", on_delete=models.PROTECT, related_name="results_ew")
    south = models.ForeignKey("tournaments.Entry", null=True, blank=True, on_delete=models.PROTECT,
                              related_name="results_south", help_text="An individual: North's partner.")
    west = models.ForeignKey("tournaments.Entry", null=True, blank=True, on_delete=models.PROTECT,
                             related_name="results_west", help_text="An individual: East's partner.")
    contract = models.CharField(max_length=8, blank=True)
    declarer = models.CharField(max_length=1, blank=True)
    tricks = models.PositiveSmallIntegerField(null=True, blank=True)
    tricks_ns = models.PositiveSmallIntegerField(null=True, blank=True)
    lead = models.CharField(max_length=3, blank=True)
    adjusted_ns = models.CharField(max_length=8, blank=True)
    adjusted_ew = models.CharField(max_length=8, blank=True)
    score_ns = models.IntegerField(null=True, blank=True)
    cards_group = models.CharField(max_length=8, blank=True, help_text=(
        "Fouled board or board played at the wrong table: results played with the same cards share "
        "a group and are compared only with each other"))
    confirmed = models.BooleanField(default=True)
    source = models.CharField(max_length=16, choices=ResultSource.choices, default=ResultSource.API)
    entered_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["section", "board", "round", "table"]
        constraints = [
            models.UniqueConstraint(fields=["section", "board", "ns", "ew"], name="one_result_per_board_per_pairs"),
        ]
        indexes = [models.Index(fields=["event", "board"]), models.Index(fields=["section", "round", "table"])]

    def __str__(self) -> str:
        return f"board {self.board}: {self.ns_label} v {self.ew_label} {self.summary}"

    @property
    def is_individual(self) -> bool:
        return self.south_id is not None or self.west_id is not None

    @property
    def ns_label(self) -> str:
        """The N-S side as printed: the pair's number, or an individual's "North & South"."""
        return f"{self.ns.label} & {self.south.label}" if self.south_id else self.ns.label

    @property
    def ew_label(self) -> str:
        return f"{self.ew.label} & {self.west.label}" if self.west_id else self.ew.label

    @property
    def is_adjusted(self) -> bool:
        return bool(self.adjusted_ns or self.adjusted_ew)

    @property
    def summary(self) -> str:
        if self.is_adjusted and self.score_ns is None:
            return f"{self.adjusted_ns}/{self.adjusted_ew}"
        if self.tricks_ns is not None:
            table = f"N-S {self.tricks_ns} tricks"
        elif self.contract.upper() == "PASS":
            table = "Pass"
        else:
            table = f"{self.contract} {self.declarer} {self.tricks}"
        if self.is_adjusted:  # a split score: one side keeps the table result
            return f"{table}; " + (f"N-S {self.adjusted_ns}" if self.adjusted_ns else f"E-W {self.adjusted_ew}")
        return table

    def snapshot(self) -> dict:
        """The fields an audit entry keeps before and after a change."""
        return {"board": self.board, "round": self.round, "table": self.table,
                "ns": self.ns.label, "ew": self.ew.label, **self.seats(), "contract": self.contract,
                "declarer": self.declarer, "tricks": self.tricks, "tricks_ns": self.tricks_ns,
                "lead": self.lead, "adjusted_ns": self.adjusted_ns, "adjusted_ew": self.adjusted_ew,
                "score_ns": self.score_ns, "cards_group": self.cards_group, "confirmed": self.confirmed}


    def seats(self) -> dict:
        """An individual's four players by seat (their player numbers); {} for pairs."""
        if not self.is_individual:
            return {}
        return {"north": self.ns.label, "south": self.south.label if self.south_id else "",
                "east": self.ew.label, "west": self.west.label if self.west_id else ""}


class ResultChange(models.Model):
    """Audit trail: who changed which result, when, what it was before and after, and why."""

    class Action(models.TextChoices):
        CREATE = "create", "Entered"
        UPDATE = "update", "Changed"
        DELETE = "delete", "Deleted"
        CONFIRM = "confirm", "Confirmed"

    # No index of its own: the index below leads with it.
    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="result_changes",
                              db_index=False)
    section = models.ForeignKey("tournaments.Section", on_delete=models.CASCADE, related_name="+")
    result = models.ForeignKey(Result, null=True, blank=True, on_delete=models.SET_NULL, related_name="changes")
    board = models.PositiveSmallIntegerField()
    action = models.CharField(max_length=16, choices=Action.choices)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    reason = models.CharField(max_length=400, blank=True)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                           related_name="+")
    by_table = models.PositiveSmallIntegerField(null=True, blank=True)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["at", "id"]
        indexes = [models.Index(fields=["event", "board"])]

    def __str__(self) -> str:
        return f"{self.get_action_display()} board {self.board} at {self.at:%H:%M}"
