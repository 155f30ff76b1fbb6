"""Simultaneous pairs: one board set played on the same evening by many clubs, each running its
own heat, ranked in its club and across the whole field (the national ranking).

A ``Simultaneous`` belongs to its organizer (a club, or a federation set up as one); a club
joins it by creating a ``Heat``: an ordinary pairs ``Event`` of the club (its own movement,
sections, phones and lifecycle) whose boards are dealt from the simultaneous' seed, so every
heat plays the same deals. Hand records stay hidden in every heat until ``release_at``. The
national ranking (``scoring.models.NationalScore`` and ``NationalStanding``) compares every
heat's results of a board as one field; it is rebuilt by the national scoring run.
"""
from django.db import models

from .events import new_deal_seed


class SimultaneousStatus(models.TextChoices):
    OPEN = "open", "Open for clubs to join"
    CLOSED = "closed", "Closed to new heats"
    PUBLISHED = "published", "National results published"


class Simultaneous(models.Model):
    organizer = models.ForeignKey("clubs.Club", on_delete=models.CASCADE, related_name="simultaneous_organized")
    name = models.CharField(max_length=160)
    date = models.DateField()
    game = models.CharField(max_length=32, default="duplicate_bridge")
    scoring = models.CharField(max_length=32, default="matchpoints",
                               help_text="The national ranking's method (matchpoints or IMPs across the field).")
    boards = models.PositiveSmallIntegerField(default=24, help_text="Boards in the set every heat plays.")
    deal_seed = models.CharField(max_length=128, default=new_deal_seed,
                                 help_text="Every heat's boards are dealt from this seed: the same deals everywhere.")
    starts_at = models.DateTimeField(help_text="The start window opens: heats may start from here.")
    ends_at = models.DateTimeField(help_text="The start window closes: no heat starts after this.")
    release_at = models.DateTimeField(
        help_text="Hand records and the commentary are hidden from every club and player until this time.")
    status = models.CharField(max_length=16, choices=SimultaneousStatus.choices, default=SimultaneousStatus.OPEN)
    results_version = models.PositiveIntegerField(
        default=0, help_text="Bumped whenever a heat's confirmed results change (the national run's input).")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-date", "-id"]
        verbose_name_plural = "simultaneous events"

    def __str__(self) -> str:
        return f"{self.name} ({self.date:%Y-%m-%d})"


class Heat(models.Model):
    """A club's heat of a simultaneous: its own pairs event, played on the simultaneous' boards."""

    simultaneous = models.ForeignKey(Simultaneous, on_delete=models.CASCADE, related_name="heats")
    club = models.ForeignKey("clubs.Club", on_delete=models.CASCADE, related_name="heats")
    event = models.OneToOneField("tournaments.Event", on_delete=models.CASCADE, related_name="heat")
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["simultaneous", "club__name", "id"]
        constraints = [models.UniqueConstraint(fields=["simultaneous", "club"], name="one_heat_per_club")]

    def __str__(self) -> str:
        return f"{self.club} in {self.simultaneous}"
