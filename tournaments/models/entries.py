"""Entries: the pairs who play in a section, each with its movement label ("3", "2NS")."""
from django.db import models


class EntryStatus(models.TextChoices):
    ACTIVE = "active", "Playing"
    WITHDRAWN = "withdrawn", "Withdrawn"


class Entry(models.Model):
    """A pair: two members, two guests, or one of each; ``label`` is its movement pair number."""

    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="entries")
    section = models.ForeignKey("tournaments.Section", on_delete=models.CASCADE, related_name="entries")
    label = models.CharField(max_length=16)
    member_a = models.ForeignKey("clubs.Member", null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    member_b = models.ForeignKey("clubs.Member", null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    guest_a = models.ForeignKey("clubs.Guest", null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    guest_b = models.ForeignKey("clubs.Guest", null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    team = models.ForeignKey("tournaments.Team", null=True, blank=True, on_delete=models.CASCADE,
                             related_name="entries", help_text="A teams event: the team whose pair this is.")
    carried_from = models.ForeignKey("self", null=True, blank=True, on_delete=models.SET_NULL, related_name="carried_to",
                                     help_text="A championship's later session: the same pair's entry in the "
                                               "session before (the chain's first entry is the pair's identity).")
    names = models.CharField(max_length=400, blank=True)
    status = models.CharField(max_length=16, choices=EntryStatus.choices, default=EntryStatus.ACTIVE)
    withdrawn_after_round = models.PositiveSmallIntegerField(null=True, blank=True)
    joined_round = models.PositiveSmallIntegerField(default=1)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name_plural = "entries"
        ordering = ["section", "id"]
        constraints = [
            models.UniqueConstraint(fields=["section", "label"], condition=models.Q(status="active"),
                                    name="unique_active_label_per_section"),
        ]
        indexes = [models.Index(fields=["member_a"]), models.Index(fields=["member_b"])]

    def __str__(self) -> str:
        return f"{self.label}: {self.names}"

    @property
    def direction(self) -> str:
        """"NS" or "EW" for a two-winner Mitchell label, else ""."""
        return self.label[-2:] if self.label.endswith(("NS", "EW")) else ""
