"""Board sets and boards: the deals an event plays, with their double-dummy analysis."""
from django.db import models
from django.urls import reverse

from .events import Game


class BoardSource(models.TextChoices):
    DEALT = "dealt", "Dealt from the seed"
    IMPORTED = "imported", "Imported from PBN"


class BoardSet(models.Model):
    """An event's boards, or a reusable club set (no event).  A dealt set keeps its seed and
    algorithm so anyone can re-derive the deals from the published hand record."""

    club = models.ForeignKey("clubs.Club", on_delete=models.CASCADE, related_name="board_sets")
    event = models.ForeignKey(
        "tournaments.Event", null=True, blank=True, on_delete=models.CASCADE, related_name="board_sets"
    )
    name = models.CharField(max_length=120, blank=True)
    game = models.CharField(max_length=32, choices=Game.choices, default=Game.DUPLICATE_BRIDGE)
    source = models.CharField(max_length=16, choices=BoardSource.choices, default=BoardSource.DEALT)
    seed = models.CharField(max_length=128, blank=True)
    algorithm = models.CharField(max_length=40, blank=True)
    published = models.BooleanField(default=False, help_text="Hand records shown to players before the event ends.")
    copied_from = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="copies",
        help_text="The club set this event's boards were copied from.",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["event"], condition=models.Q(event__isnull=False), name="one_board_set_per_event"
            ),
            models.UniqueConstraint(
                fields=["club", "name"], condition=models.Q(event__isnull=True), name="unique_club_set_name",
                violation_error_message="The club already has a board set with this name.",
            ),
        ]

    def __str__(self) -> str:
        return self.name or (f"Boards of {self.event}" if self.event_id else f"Board set {self.pk}")

    @property
    def is_club_set(self) -> bool:
        return self.event_id is None

    def get_absolute_url(self) -> str:
        if self.event_id:
            return reverse("handrecord-set", kwargs={"slug": self.club.slug, "pk": self.event_id})
        return reverse("club-boardset-detail", kwargs={"slug": self.club.slug, "pk": self.pk})


class Board(models.Model):
    """One board: its deal in PBN (North first), the 96-bit Big Deal index as a decimal
    string, dealer, vulnerability (bridge) or turn-up (whist), and the stored analysis."""

    board_set = models.ForeignKey(BoardSet, on_delete=models.CASCADE, related_name="boards")
    number = models.PositiveIntegerField()
    deal = models.CharField(max_length=80)
    deal_index = models.CharField(max_length=32)
    dealer = models.CharField(max_length=1, choices=[(s, s) for s in "NESW"])
    vulnerability = models.CharField(
        max_length=4, blank=True, choices=[(v, v) for v in ("None", "NS", "EW", "All")]
    )
    turn_up = models.CharField(max_length=2, blank=True)
    double_dummy = models.JSONField(null=True, blank=True)
    par = models.JSONField(null=True, blank=True)
    analysed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["board_set", "number"]
        constraints = [
            models.UniqueConstraint(fields=["board_set", "number"], name="unique_board_number_per_set"),
            models.CheckConstraint(condition=models.Q(number__gte=1), name="board_number_from_one"),
        ]

    def __str__(self) -> str:
        return f"Board {self.number}"

    def get_absolute_url(self) -> str:
        event = self.board_set.event
        if event is None:
            return self.board_set.get_absolute_url() + f"#board-{self.number}"
        return reverse(
            "handrecord-board", kwargs={"slug": event.club.slug, "pk": event.pk, "number": self.number}
        )
