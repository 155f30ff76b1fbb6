"""Progressive poker's banker's book: chips issued, borrowed and returned (Standard Hoyle,
Progressive Poker). The rules are ``scoring.engine.poker``; a row is one line of the book."""
from django.conf import settings
from django.db import models


class LedgerKind(models.TextChoices):
    ISSUED = "issued", "Issued by the banker"
    BORROWED = "borrowed", "Borrowed from the banker (charged at the end)"
    RETURNED = "returned", "Returned to the banker (a loan repaid, or lent to the banker: credited)"


class PokerLedger(models.Model):
    party = models.ForeignKey("tournaments.Party", on_delete=models.CASCADE, related_name="ledger")
    player = models.ForeignKey("tournaments.PartyPlayer", on_delete=models.CASCADE, related_name="ledger")
    kind = models.CharField(max_length=10, choices=LedgerKind.choices)
    chips = models.PositiveIntegerField(help_text="In white chips.")
    round = models.PositiveSmallIntegerField(default=0, help_text="The round in play (0: before the draw).")
    note = models.CharField(max_length=200, blank=True)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                           related_name="+")
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["party", "id"]
        constraints = [models.CheckConstraint(condition=models.Q(chips__gte=1), name="poker_ledger_chips_positive")]

    def __str__(self) -> str:
        return f"{self.kind} {self.chips} to {self.player}"
