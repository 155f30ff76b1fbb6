"""A board a table reports "not played" (out of time, a fouled board taken away): it waits for
the director, who cancels it for that table or gives an adjusted score (Law 12C), as a
Bridgemate's "not played" does."""
from django.conf import settings
from django.db import models


class NotPlayedStatus(models.TextChoices):
    AWAITING = "awaiting", "Not played: awaiting the director"
    CANCELLED = "cancelled", "Not played (board cancelled for this table)"
    ADJUSTED = "adjusted", "Adjusted score"


class BoardNotPlayed(models.Model):
    """One board at one table in one round reported not played; ``result`` is the adjusted
    score the director chose, if any."""

    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="boards_not_played")
    section = models.ForeignKey("tournaments.Section", on_delete=models.CASCADE, related_name="boards_not_played")
    board = models.PositiveSmallIntegerField()
    round = models.PositiveSmallIntegerField()
    table = models.PositiveSmallIntegerField()
    ns = models.ForeignKey("tournaments.Entry", on_delete=models.PROTECT, related_name="+")
    ew = models.ForeignKey("tournaments.Entry", on_delete=models.PROTECT, related_name="+")
    reason = models.CharField(max_length=200, blank=True)
    status = models.CharField(max_length=16, choices=NotPlayedStatus.choices, default=NotPlayedStatus.AWAITING)
    result = models.ForeignKey("tournaments.Result", null=True, blank=True, on_delete=models.SET_NULL,
                               related_name="+")
    reported_at = models.DateTimeField(auto_now_add=True)
    decided_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="+")
    decided_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["section", "round", "table", "board"]
        constraints = [
            models.UniqueConstraint(fields=["section", "board", "ns", "ew"], name="one_not_played_per_board_per_pairs"),
        ]

    def __str__(self) -> str:
        return f"board {self.board} at table {self.table}: {self.get_status_display()}"

    def as_dict(self) -> dict:
        return {"id": self.pk, "board": self.board, "round": self.round, "table": self.table,
                "section": self.section.name, "ns": self.ns.label, "ew": self.ew.label, "reason": self.reason,
                "status": self.status, "status_text": self.get_status_display(),
                "result": self.result_id}
