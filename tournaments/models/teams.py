"""Teams events: teams of four to six, drawn into matches round by round (round robin, Swiss,
knockout); each match is two rooms (two tables of the event's one section) with the boards
exchanged.

A teams event is an ``Event`` of a bridge game whose ``format`` is a teams format. Its settings hang
off it as ``TeamsEvent`` (as a party's hang off ``Party``). Play reuses the pairs shape: team k
has two ``Entry`` rows, "kNS" (its pair sitting North-South) and "kEW", in the event's one
section, whose movement gains a round each time a round is drawn; tables enter ``Result`` rows
from their phones as for pairs. A ``Match`` names the two teams and the two tables (rooms) of a
round; its stored score and the ``TeamStanding`` rows are written by the teams scoring service.
"""
from django.db import models


class TeamsEvent(models.Model):
    """A teams event's settings and progress (its format is ``Event.format``): the match length,
    the rounds planned, the last round drawn; the rest (VP scale, bye rule, tie-breaks, Butler, first-round
    draw, knockout segments and carry-over) in ``options``."""

    event = models.OneToOneField("tournaments.Event", on_delete=models.CASCADE, related_name="teams_event")
    boards_per_match = models.PositiveSmallIntegerField(default=8)
    rounds = models.PositiveSmallIntegerField(
        default=0, help_text="Rounds planned (Swiss, partial round robin); 0: the format's whole (complete round "
                             "robin, the knockout to its final).")
    options = models.JSONField(default=dict, blank=True, help_text=(
        "Scoring options: vp_scale (one of tournaments.services.teams.options.VP_SCALES), bye (rule and VPs), "
        "tie_breaks, butler, first_round (seeded or random) and draw_seed, knockout segments, carry-over and tie "
        "rule."))
    current_round = models.PositiveSmallIntegerField(default=0, help_text="The last round drawn.")

    def __str__(self) -> str:
        return f"{self.event.name}: {self.event.get_format_display()}"


class TeamStatus(models.TextChoices):
    ACTIVE = "active", "Playing"
    WITHDRAWN = "withdrawn", "Withdrawn"


class Team(models.Model):
    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="teams")
    number = models.PositiveSmallIntegerField()
    name = models.CharField(max_length=80)
    seed = models.PositiveSmallIntegerField(null=True, blank=True,
                                            help_text="Seeding order for the first round's draw (1 = strongest).")
    status = models.CharField(max_length=16, choices=TeamStatus.choices, default=TeamStatus.ACTIVE)
    joined_round = models.PositiveSmallIntegerField(default=1)
    withdrawn_after_round = models.PositiveSmallIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event", "number"]
        constraints = [models.UniqueConstraint(fields=["event", "number"], name="unique_team_number_per_event")]

    def __str__(self) -> str:
        return f"{self.number}: {self.name}"


class TeamPlayer(models.Model):
    """One of a team's four to six players: a member or a guest; one of them is the captain."""

    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="players")
    member = models.ForeignKey("clubs.Member", null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    guest = models.ForeignKey("clubs.Guest", null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    name = models.CharField(max_length=120)
    captain = models.BooleanField(default=False)
    position = models.PositiveSmallIntegerField(default=1)

    class Meta:
        ordering = ["team", "position", "id"]
        constraints = [
            models.UniqueConstraint(fields=["team"], condition=models.Q(captain=True), name="one_captain_per_team"),
        ]
        indexes = [models.Index(fields=["member"])]

    def __str__(self) -> str:
        return self.name


class MatchStatus(models.TextChoices):
    DRAWN = "drawn", "Drawn"
    PLAYING = "playing", "Playing"
    COMPLETE = "complete", "Complete"


class Match(models.Model):
    """Two teams in a round at two tables (the open room: home N-S; the closed room: home E-W),
    or a team's bye (``away`` empty, no tables). A knockout match of several segments is one row
    per segment, sharing ``tie``."""

    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="matches")
    round = models.PositiveSmallIntegerField()
    number = models.PositiveSmallIntegerField(help_text="The match's number in its round.")
    home = models.ForeignKey(Team, on_delete=models.RESTRICT, related_name="home_matches")
    away = models.ForeignKey(Team, null=True, blank=True, on_delete=models.RESTRICT, related_name="away_matches")
    table_open = models.PositiveSmallIntegerField(null=True, blank=True)
    table_closed = models.PositiveSmallIntegerField(null=True, blank=True)
    tie = models.CharField(max_length=16, blank=True, help_text="Knockout: the tie this segment belongs to.")
    segment = models.PositiveSmallIntegerField(default=1)
    status = models.CharField(max_length=16, choices=MatchStatus.choices, default=MatchStatus.DRAWN)
    boards_compared = models.PositiveSmallIntegerField(default=0)
    imps_home = models.FloatField(default=0)
    imps_away = models.FloatField(default=0)
    carry_over_home = models.FloatField(default=0)
    carry_over_away = models.FloatField(default=0)
    vp_home = models.FloatField(null=True, blank=True)
    vp_away = models.FloatField(null=True, blank=True)

    class Meta:
        verbose_name_plural = "matches"
        ordering = ["event", "round", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "round", "number"], name="unique_match_number_per_round"),
        ]
        indexes = [models.Index(fields=["event", "round"])]

    def __str__(self) -> str:
        away = self.away.name if self.away_id else "bye"
        return f"round {self.round} match {self.number}: {self.home.name} v {away}"

    @property
    def is_bye(self) -> bool:
        return self.away_id is None


class TeamStanding(models.Model):
    """A team's place after the scored matches: victory points (or board-a-match points), IMPs
    for and against, and the tie-break values used."""

    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="team_standings")
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="standings")
    position = models.PositiveIntegerField()
    rank = models.CharField(max_length=8)
    total = models.FloatField(help_text="Victory points, or board-a-match points")
    imps_for = models.FloatField(default=0)
    imps_against = models.FloatField(default=0)
    played = models.PositiveSmallIntegerField(default=0)
    tie_breaks = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["event", "position"]
        constraints = [models.UniqueConstraint(fields=["event", "team"], name="one_standing_per_team")]

    def __str__(self) -> str:
        return f"{self.rank} {self.team.name} {self.total}"
