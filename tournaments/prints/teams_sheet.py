"""What a teams print needs to know about a teams event, as plain frozen data (no Django):
the teams, the drawn matches (with the tables and boards of their two rooms) and the stored
match scores and standings. ``teams_source.teams_sheet`` fills it from the database; tests
build it by hand. It rides on the section's ``EventSheet`` as ``sheet.teams``.
"""
from __future__ import annotations

from dataclasses import dataclass

from scoring.engine.vpscales import VP_SCALES

FORMAT_NAMES = {"round_robin": "Round-robin", "swiss": "Swiss", "knockout": "Knockout"}


def scale_text(scale: str) -> str:
    """How a print names the VP scale: the engine's label (one name in one place)."""
    known = VP_SCALES.get(scale)
    if known is None:
        return scale.replace("_", " ")
    if known.total is None:
        return known.label[0].lower() + known.label[1:]
    return f"victory points on the {known.label}"


@dataclass(frozen=True)
class TeamLine:
    number: int
    name: str
    players: tuple[str, ...] = ()
    captain: str = ""
    withdrawn: bool = False

    @property
    def label(self) -> str:
        return f"{self.number} · {self.name}"


@dataclass(frozen=True)
class MatchLine:
    """A drawn match (or a team's bye: ``away`` None, no tables) and its stored score."""

    round: int
    number: int
    home: int
    away: int | None
    table_open: int | None = None  # home N-S, away E-W
    table_closed: int | None = None  # away N-S, home E-W
    boards: tuple[int, ...] = ()
    status: str = "drawn"
    boards_compared: int = 0
    imps_home: float = 0
    imps_away: float = 0
    carry_over_home: float = 0
    carry_over_away: float = 0
    vp_home: float | None = None
    vp_away: float | None = None
    tie: str = ""
    segment: int = 1

    @property
    def is_bye(self) -> bool:
        return self.away is None

    @property
    def scored(self) -> bool:
        return self.boards_compared > 0 or (self.is_bye and self.vp_home is not None)


@dataclass(frozen=True)
class TeamStandingLine:
    position: int
    rank: str
    team: int
    total: float
    imps_for: float = 0
    imps_against: float = 0
    played: int = 0


@dataclass(frozen=True)
class TeamsSheet:
    format: str  # round_robin, swiss, knockout
    scoring: str = "imps"  # imps, board_a_match, patton
    boards_per_match: int = 8
    vp_scale: str = "wbf_continuous"
    rounds_planned: int = 0
    current_round: int = 0
    teams: tuple[TeamLine, ...] = ()
    matches: tuple[MatchLine, ...] = ()
    standings: tuple[TeamStandingLine, ...] = ()

    @property
    def format_name(self) -> str:
        return FORMAT_NAMES.get(self.format, self.format.replace("_", " ").capitalize())

    @property
    def board_a_match(self) -> bool:
        return self.scoring in ("board_a_match", "patton")

    @property
    def uses_vps(self) -> bool:
        """Matches end in VPs (a knockout's too, as stored, though its ties go by IMPs)."""
        return not self.board_a_match and self.vp_scale != "none"

    def team(self, number: int | None) -> TeamLine | None:
        return next((t for t in self.teams if t.number == number), None)

    def team_name(self, number: int | None) -> str:
        team = self.team(number)
        return team.name if team else (f"Team {number}" if number else "")

    def round_numbers(self) -> tuple[int, ...]:
        return tuple(sorted({m.round for m in self.matches}))

    def matches_of(self, round_: int) -> tuple[MatchLine, ...]:
        return tuple(sorted((m for m in self.matches if m.round == round_), key=lambda m: m.number))
