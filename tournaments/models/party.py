"""Progressive parties: euchre and whist drives with individual tallies.

A Party hangs off an Event whose game is progressive euchre or a whist drive. Players carry a
label (the number on their tally) and a category for the prizes; each Round stores its seating
(table 1 = the head table) and each table's reported Result; stars are the awards of a closed
round (Hoyle's Games Modernized, Progressive Euchre: gold, red and green).
"""

import secrets

from django.db import models


def new_pin_secret() -> str:
    """The default of a field the PINs no longer use (``Event.pin_secret``); historical
    migrations still name it."""
    return secrets.token_hex(8)


class Progression(models.TextChoices):
    HOYLE = "hoyle", "The books' euchre: gold, red and green stars"
    STANDARD_HOYLE = "standard_hoyle", "Standard Hoyle euchre: gold and green only"
    WINNERS_MOVE = "winners_move", "Modern euchre: fixed hands, winners move up"
    ROTATION = "rotation", "Modern euchre: rotation chart, partner everyone once"
    LADIES_UP = "ladies_up", "Whist drive: winners stay, ladies up, gents down"
    PROGRESSIVE = "progressive", "Progressive whist: change partners every round"
    HEARTS = "hearts", "Progressive hearts: four losers retire each round, to a final table"
    POKER = "poker", "Progressive poker: a banker, the bell at the head table's jack-pot"


STAR_PROGRESSIONS = {Progression.HOYLE, Progression.STANDARD_HOYLE}
EUCHRE_PROGRESSIONS = STAR_PROGRESSIONS | {Progression.WINNERS_MOVE, Progression.ROTATION}
WHIST_PROGRESSIONS = {Progression.LADIES_UP, Progression.PROGRESSIVE}


class Category(models.TextChoices):
    LADY = "lady", "Lady"
    GENTLEMAN = "gentleman", "Gentleman"
    OPEN = "open", "Open"


class PlayerStatus(models.TextChoices):
    PLAYING = "playing", "Playing"
    WAITING = "waiting", "Waiting to join at the booby table"
    LEFT = "left", "Left"


class Star(models.TextChoices):
    GOLD = "gold", "Gold"
    RED = "red", "Red"
    GREEN = "green", "Green"
    WIN = "win", "Won the table"


class Party(models.Model):
    event = models.OneToOneField("tournaments.Event", on_delete=models.CASCADE, related_name="party")
    progression = models.CharField(max_length=20, choices=Progression.choices, default=Progression.HOYLE)
    tables = models.PositiveSmallIntegerField(default=0, help_text="Expected tables; the draw sets the count.")
    options = models.JSONField(default=dict, blank=True,
                               help_text="The party's options by progression (game points, rounds, the missed "
                                         "rule, hearts' scheme, poker's stake...); an event's rules is a rule-set "
                                         "name.")
    current_round = models.PositiveSmallIntegerField(default=0)
    chart_slots = models.JSONField(default=list, blank=True,
                                   help_text="Rotation chart: player label in each chart position.")

    class Meta:
        verbose_name_plural = "parties"

    def __str__(self) -> str:
        return f"{self.event.name}: {self.get_progression_display()}"

    @property
    def has_stars(self) -> bool:
        return self.progression in STAR_PROGRESSIONS


class PartyPlayer(models.Model):
    party = models.ForeignKey(Party, on_delete=models.CASCADE, related_name="players")
    label = models.CharField(max_length=8)
    name = models.CharField(max_length=160)
    member = models.ForeignKey("clubs.Member", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    guest = models.ForeignKey("clubs.Guest", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    category = models.CharField(max_length=12, choices=Category.choices, default=Category.OPEN)
    status = models.CharField(max_length=12, choices=PlayerStatus.choices, default=PlayerStatus.PLAYING)
    ghost = models.BooleanField(default=False, help_text="A ghost hand played in an empty seat.")
    replaces = models.ForeignKey("self", null=True, blank=True, on_delete=models.SET_NULL,
                                 related_name="replaced_by")
    card = models.CharField(max_length=8, blank=True, help_text="The card drawn for the first seat.")
    joined_round = models.PositiveSmallIntegerField(default=1)
    left_round = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["party", "id"]
        constraints = [models.UniqueConstraint(fields=["party", "label"], name="unique_party_player_label")]

    def __str__(self) -> str:
        return f"{self.label} {self.name}"


class PartyRound(models.Model):
    party = models.ForeignKey(Party, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    seating = models.JSONField(help_text="[[[lady, gent], [lady, gent]], ...]; table 1 first.")
    byes = models.JSONField(default=list, blank=True)
    closed = models.BooleanField(default=False)
    closed_at = models.DateTimeField(null=True, blank=True)
    jackpot = models.CharField(max_length=8, blank=True, help_text="Progressive poker: who won the head table's "
                                                                   "jack-pot (the bell).")
    bell_at = models.DateTimeField(null=True, blank=True, help_text="Progressive poker: when the bell rang.")

    class Meta:
        ordering = ["party", "number"]
        constraints = [models.UniqueConstraint(fields=["party", "number"], name="unique_party_round")]

    def __str__(self) -> str:
        return f"Round {self.number} of {self.party}"


class PartyTableReport(models.Model):
    """A table's report for one round (by its phone or the director): points per side in the
    order of the seating (chips lost in hearts, chip counts in poker), tricks, the cut."""

    round = models.ForeignKey(PartyRound, on_delete=models.CASCADE, related_name="reports")
    table = models.PositiveSmallIntegerField()
    points = models.JSONField()
    tricks = models.JSONField(null=True, blank=True)
    cut = models.JSONField(null=True, blank=True)
    winner = models.PositiveSmallIntegerField(null=True, blank=True)
    entered_by = models.CharField(max_length=160, blank=True)
    entered_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["round", "table"]
        constraints = [models.UniqueConstraint(fields=["round", "table"], name="unique_party_table_report")]

    def __str__(self) -> str:
        return f"Table {self.table}, {self.round}: {self.points}"


class PartyStar(models.Model):
    round = models.ForeignKey(PartyRound, on_delete=models.CASCADE, related_name="stars")
    player = models.ForeignKey(PartyPlayer, on_delete=models.CASCADE, related_name="stars")
    star = models.CharField(max_length=8, choices=Star.choices)

    class Meta:
        ordering = ["round", "player"]

    def __str__(self) -> str:
        return f"{self.star} to {self.player} in {self.round}"


class PartyStanding(models.Model):
    """A player's stored place in the party (like ``scoring.Standing`` for pairs): written by
    every party write (``services.party.standings``), read by pages, the API and prints.
    ``points`` are points, or chips lost in progressive hearts (fewest best); ``lines`` the
    tally card, a line a round."""

    party = models.ForeignKey(Party, on_delete=models.CASCADE, related_name="standings")
    player = models.OneToOneField(PartyPlayer, on_delete=models.CASCADE, related_name="standing")
    position = models.PositiveSmallIntegerField()
    rank = models.PositiveSmallIntegerField()
    points = models.IntegerField(default=0)
    gold = models.PositiveSmallIntegerField(default=0)
    red = models.PositiveSmallIntegerField(default=0)
    green = models.PositiveSmallIntegerField(default=0)
    wins = models.PositiveSmallIntegerField(default=0)
    hearts = models.BooleanField(default=False)
    retired = models.PositiveSmallIntegerField(null=True, blank=True, help_text="Hearts: retired after this round.")
    prize = models.CharField(max_length=12, blank=True)
    note = models.TextField(blank=True)
    lines = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["party", "position"]
        constraints = [models.UniqueConstraint(fields=["party", "position"], name="unique_party_standing_position")]

    def __str__(self) -> str:
        return f"{self.rank}. {self.player} in {self.party}"
