"""Poker patience played duplicate (Standard Hoyle, Poker Patience): every player has a full
pack, the Caller calls 25 cards a deal and everyone places the same card in their own 5×5 grid.

A ``Patience`` hangs off an Event whose game is poker patience: its rules (the table of values,
placement, comparison, caller, the number of deals "decided upon before commencing"). Each
``PatienceDeal`` keeps the cards called so far in order; each ``PatienceGrid`` a player's grid
of that deal (from their phone, or entered from paper) and its score once the deal is closed.
``PatienceStanding`` is the stored standings (like ``PartyStanding``), written by every write.
"""

import secrets

from django.db import models


def new_pin_secret() -> str:
    """The default of a field the PINs no longer use (``Event.pin_secret``); historical
    migrations still name it."""
    return secrets.token_hex(8)


class Patience(models.Model):
    event = models.OneToOneField("tournaments.Event", on_delete=models.CASCADE, related_name="patience")
    options = models.JSONField(default=dict, blank=True, help_text=(
        "The evening's options (deals, table of values, placement, comparison, caller); an event's "
        "rules is a rule-set name."))
    current_deal = models.PositiveSmallIntegerField(default=0)

    class Meta:
        verbose_name_plural = "poker patience evenings"

    def __str__(self) -> str:
        return f"{self.event.name}: poker patience"


class PatiencePlayer(models.Model):
    patience = models.ForeignKey(Patience, on_delete=models.CASCADE, related_name="players")
    label = models.CharField(max_length=8)
    name = models.CharField(max_length=160)
    member = models.ForeignKey("clubs.Member", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    guest = models.ForeignKey("clubs.Guest", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    joined_deal = models.PositiveSmallIntegerField(default=1)

    class Meta:
        ordering = ["patience", "id"]
        constraints = [models.UniqueConstraint(fields=["patience", "label"], name="unique_patience_player_label")]

    def __str__(self) -> str:
        return f"{self.label} {self.name}"


class PatienceDeal(models.Model):
    patience = models.ForeignKey(Patience, on_delete=models.CASCADE, related_name="deals")
    number = models.PositiveSmallIntegerField()
    called = models.JSONField(default=list, blank=True, help_text='The cards called so far, in order: ["7H", ...].')
    closed = models.BooleanField(default=False)
    closed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["patience", "number"]
        constraints = [models.UniqueConstraint(fields=["patience", "number"], name="unique_patience_deal")]

    def __str__(self) -> str:
        return f"Deal {self.number} of {self.patience}"


class GridSource(models.TextChoices):
    PHONE = "phone", "Placed on the player's phone"
    PAPER = "paper", "Entered from paper by the director"


class PatienceGrid(models.Model):
    """One player's grid in one deal: 25 cells row by row (``None`` while empty)."""

    deal = models.ForeignKey(PatienceDeal, on_delete=models.CASCADE, related_name="grids")
    player = models.ForeignKey(PatiencePlayer, on_delete=models.CASCADE, related_name="grids")
    cells = models.JSONField()
    source = models.CharField(max_length=8, choices=GridSource.choices, default=GridSource.PHONE)
    score = models.IntegerField(null=True, blank=True, help_text="The ten hands' points, once the deal is closed.")
    hands = models.JSONField(default=list, blank=True)
    entered_by = models.CharField(max_length=160, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["deal", "player"]
        constraints = [models.UniqueConstraint(fields=["deal", "player"], name="unique_patience_grid")]

    def __str__(self) -> str:
        return f"{self.player} in {self.deal}"


class PatienceStanding(models.Model):
    """A player's stored place: ``total`` is points (or matchpoints when compared), ``points``
    the grids' points, ``lines`` a line a deal."""

    patience = models.ForeignKey(Patience, on_delete=models.CASCADE, related_name="standings")
    player = models.OneToOneField(PatiencePlayer, on_delete=models.CASCADE, related_name="standing")
    position = models.PositiveSmallIntegerField()
    rank = models.CharField(max_length=8)
    total = models.FloatField(default=0)
    points = models.IntegerField(default=0)
    lines = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["patience", "position"]
        constraints = [models.UniqueConstraint(fields=["patience", "position"],
                                               name="unique_patience_standing_position")]

    def __str__(self) -> str:
        return f"{self.rank}. {self.player} in {self.patience}"
