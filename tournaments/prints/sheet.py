"""What a print needs to know about an event, as plain frozen data (no Django).

``EventSheet`` is filled from the database by ``source.event_sheet`` or built by hand in tests
and benchmarks; every print kind builds its context from a sheet alone. Scores are never computed for a
print: ``scored`` carries the stored scores and standings (``source._stored_session``), so a
print shows what the standings page shows.
"""
from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from functools import cached_property
from typing import Mapping

from scoring.engine import SessionScore
from tournaments.deals.boards import Board
from tournaments.deals.doubledummy import BoardAnalysis
from tournaments.movements.model import Movement

from .teams_sheet import TeamsSheet

BRIDGE_GAMES = {"duplicate_bridge", "auction_bridge"}
WHIST_GAMES = {"duplicate_whist", "whist_drive"}


@dataclass(frozen=True)
class PlayedResult:
    """One table's result on one board as a print shows it; ``score_ns`` is the raw N-S score."""

    board: int
    round: int
    table: int
    ns: str
    ew: str
    contract: str = ""
    declarer: str = ""
    tricks: int | None = None
    tricks_ns: int | None = None
    lead: str = ""
    score_ns: int | None = None
    adjusted_ns: str = ""
    adjusted_ew: str = ""
    ns_entrant: str = ""  # the scorer's per-entry key when it differs from the pair number
    ew_entrant: str = ""

    @property
    def is_adjusted(self) -> bool:
        return bool(self.adjusted_ns or self.adjusted_ew)


@dataclass(frozen=True)
class TableLink:
    """Where a table's phone scores (the absolute URL of the table page) and its PIN."""

    table: int
    url: str
    pin: str


@dataclass(frozen=True)
class OverallRow:
    """One entrant in the ranking of an event scored across the field (``entrant`` as the
    section's sheet names it)."""

    overall: str
    field: str
    section: str
    entrant: str
    names: str
    total: float
    top: float | None
    percentage: float | None
    rank: str  # within its section


@dataclass(frozen=True)
class EventSheet:
    """One section of an event: movement, boards (with analysis), names and results."""

    club: str
    name: str
    date: datetime.date | None
    game: str
    scoring: str
    movement: Movement
    boards: tuple[Board, ...] = ()
    seed: str = ""
    seed_algorithm: str = ""
    analyses: Mapping[int, BoardAnalysis] = field(default_factory=dict)
    names: Mapping[str, str] = field(default_factory=dict)
    results: tuple[PlayedResult, ...] = ()
    section: str = ""
    scored: SessionScore | None = None  # the stored scores and standings; None: nothing scored yet
    provisional_until: str = ""  # the correction period's end while it runs, in the club's time
    tables: tuple["TableLink", ...] = ()  # each table's page and PIN; filled for directors only
    teams: TeamsSheet | None = None  # a teams event's teams, matches and standings
    overall: tuple[OverallRow, ...] = ()  # an event scored across the field: the whole field's ranking

    @property
    def is_bridge(self) -> bool:
        return self.game in BRIDGE_GAMES

    @property
    def is_whist(self) -> bool:
        return self.game in WHIST_GAMES

    @property
    def is_teams(self) -> bool:
        return self.teams is not None

    @property
    def title(self) -> str:
        section = f" · section {self.section}" if self.section and self.section != "A" else ""
        return f"{self.name}{section}"

    @property
    def date_text(self) -> str:
        return self.date.strftime("%A %-d %B %Y") if self.date else ""

    @cached_property
    def pairs(self) -> tuple[str, ...]:
        """The movement's labels, naturally sorted: worked out once a sheet (a score-card part
        asks for each of its pairs whether it is absent: 2.6 % of a pack's CPU, issue 18)."""
        return self.movement.entrants

    @cached_property
    def absent(self) -> frozenset[str]:
        """The movement's places no pair holds once pairs are entered (the phantom of a half
        table): nobody plays there, so its opponents sit out. Before any pair is entered, none."""
        if not self.names:
            return frozenset()
        return frozenset(label for label in self.pairs if label not in self.names)

    def board(self, number: int) -> Board | None:
        return next((b for b in self.boards if b.number == number), None)

    def board_numbers(self) -> tuple[int, ...]:
        return tuple(sorted({*self.movement.board_numbers(), *(b.number for b in self.boards)}))

    def name_of(self, label: str) -> str:
        return self.names.get(label, "")


def entrant_label(key: str) -> str:
    """The pair number of a scorer's per-entry key: "2/17" (a late pair holding a withdrawn
    pair's number 2, ``scoring.services.entrant_keys``) -> "2"; a plain label is itself."""
    return key.split("/", 1)[0]


def side_label(side) -> str:
    """A side as the travellers print it: a pair's number, or an individual's "North & South"."""
    return " & ".join(entrant_label(e) for e in side) if isinstance(side, tuple) else entrant_label(side)


def pair_text(label: str) -> str:
    """A pair label as printed: "3NS" -> "3 N-S", "12" -> "12", "2/17" -> "2"."""
    label = entrant_label(label)
    if label.endswith(("NS", "EW")) and label[:-2]:
        return f"{label[:-2]} {label[-2]}-{label[-1]}"
    return label


def pair_in(label: str, direction: str) -> str:
    """A label in its own direction's column drops the suffix: ("3NS", "NS") -> "3"."""
    if label.endswith(direction) and label[:-2]:
        return label[:-2]
    return pair_text(label)


def plays_of_board(movement: Movement, board: int) -> list[tuple[int, int, str, str]]:
    """(round, table, ns, ew) for every scheduled play of a board, in movement order."""
    out = []
    for rnd, t in movement.board_plays(board):
        ns, ew = (" & ".join(side) for side in t.sides)
        out.append((rnd, t.table, ns, ew))
    return out


def results_by_board(sheet: EventSheet) -> dict[int, list[PlayedResult]]:
    out: dict[int, list[PlayedResult]] = {}
    for r in sheet.results:
        out.setdefault(r.board, []).append(r)
    return out


def comparison(sheet: EventSheet) -> tuple[str, bool]:
    """(column heading, whether the value is IMP-like) for the sheet's scoring method; the books'
    average method prints each result against the board's average (Standard Hoyle)."""
    return {"matchpoints": ("MPs", False), "imps": ("IMPs", True), "cross_imps": ("IMPs", True),
            "average": ("± avg", True), "total_tricks": ("± avg", True)}.get(sheet.scoring, ("MPs", False))


def score_lookup(session: SessionScore | None) -> dict[tuple[int, str, str], object]:
    """(board, ns, ew) -> the engine's ResultScore, for filling rows, by pair number: a late
    pair and the withdrawn pair whose number it took never play the same board."""
    out = {}
    for board in (session.boards if session else ()):
        for rs in board.results:
            out[(int(board.board), side_label(rs.result.ns), side_label(rs.result.ew))] = rs
    return out
