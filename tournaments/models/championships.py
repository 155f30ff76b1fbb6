"""Multi-session championships: a club championship (or a congress pairs) played over several
sessions, each an ordinary ``Event`` (its own movement, boards, sections, phones and
lifecycle), linked here and carried over into one cumulative table.

A pair keeps its identity across the sessions: its ``Entry`` in a later session points back
to the one it was carried from (``Entry.carried_from``), the chain's first entry being the
identity; a player replaced for a session is recorded as a ``Substitution``. The carry-over
rules are ``scoring.engine.carryover``'s; the cumulative table is stored
(``scoring.models.CumulativeStanding``), rebuilt whenever a session is rescored.
"""
from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models


class CarryRule(models.TextChoices):
    SUM = "sum", "Plain sum of matchpoints or IMPs"
    AVERAGE = "average", "Average percentage"
    WEIGHTED = "weighted", "Percentage weighted by boards"
    FACTORED = "factored", "Factored carry-over (a fraction of the score so far)"


class Championship(models.Model):
    club = models.ForeignKey("clubs.Club", on_delete=models.CASCADE, related_name="championships")
    name = models.CharField(max_length=160)
    carry_over = models.CharField(max_length=12, choices=CarryRule.choices, default=CarryRule.SUM,
                                  help_text="How the sessions add up (scoring.engine.carryover).")
    carry_factor = models.FloatField(default=1.0, validators=[MinValueValidator(0.0), MaxValueValidator(1.0)],
                                     help_text="Factored carry-over: the fraction of the score so far carried into "
                                               "the next session (e.g. 0.25).")
    qualify_top = models.PositiveSmallIntegerField(null=True, blank=True, validators=[MinValueValidator(1)],
                                                   help_text="Qualification cut-off: the top N go on to the next "
                                                             "session (blank: everyone).")
    qualify_per_section = models.BooleanField(default=False,
                                              help_text="The cut-off is the top N of each section.")
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    computed_at = models.DateTimeField(null=True, blank=True, help_text="When the cumulative table was last rebuilt.")

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return self.name


class Substitution(models.Model):
    """A player of a pair replaced for one session: the pair (its entry in that session) keeps
    its identity and its carry-over; who left and who came in are kept here."""

    entry = models.ForeignKey("tournaments.Entry", on_delete=models.CASCADE, related_name="substitutions")
    player_out = models.CharField(max_length=160)
    player_in = models.CharField(max_length=160)
    member_out = models.ForeignKey("clubs.Member", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    member_in = models.ForeignKey("clubs.Member", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                           related_name="+")
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["at", "id"]

    def __str__(self) -> str:
        return f"{self.player_in} for {self.player_out} ({self.entry})"
