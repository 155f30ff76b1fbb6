"""Suggest movements for a field: given pairs (or players), boards wanted and rounds available.

Rules of thumb: a session is about 24-28 boards (N. American open sessions; 8 boards an hour);
Howells suit small fields (every pair meets every other, one winner); Mitchells suit larger
ones (two winners, N-S stationary); the EBU asks each entrant to play at least 70% of the board
groups in play. Every suggestion is generated and validated before it is offered.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from .howell import MAX_TABLES as HOWELL_MAX_TABLES
from .individual import available_sizes
from .validate import MovementError

DEFAULT_BOARDS = 26


@dataclass(frozen=True)
class Suggestion:
    kind: str
    tables: int
    rounds: int
    boards_per_round: int
    boards: int
    winners: int
    note: str = ""
    penalty: float = 0.0

    def options(self) -> dict:
        """Keyword arguments for ``generate`` (with the field size) that build this movement."""
        return {"rounds": self.rounds, "boards_per_round": self.boards_per_round}


def suggest(pairs: int | None = None, players: int | None = None,
            boards_wanted: int | None = None,
            rounds_available: int | None = None) -> list[Suggestion]:
    """Suitable movements, best first (smallest penalty). Each candidate is generated and
    validated (tens of milliseconds for a large field), so the answer is kept per process for
    the last ``SUGGESTIONS_KEPT`` questions: the director's event page asks it on every load."""
    return list(_suggest(pairs, players, boards_wanted, rounds_available))


SUGGESTIONS_KEPT = 128


@functools.lru_cache(maxsize=SUGGESTIONS_KEPT)
def _suggest(pairs: int | None, players: int | None, boards_wanted: int | None,
             rounds_available: int | None) -> tuple[Suggestion, ...]:
    wanted = boards_wanted or DEFAULT_BOARDS
    found: list[Suggestion] = []
    if pairs is not None:
        found += _pair_candidates(pairs, wanted, rounds_available)
    if players is not None:
        found += _individual_candidates(players, wanted, rounds_available)
    from .registry import generate  # local import: registry imports this module's siblings

    offered = []
    for s in sorted(found, key=lambda s: (s.penalty, s.kind)):
        field = {"players": players} if s.kind in ("individual", "rainbow") else {"pairs": pairs}
        try:
            generate(s.kind, **field, **s.options())
        except (ValueError, MovementError):
            continue
        offered.append(s)
    return tuple(offered)


def _boards_per_round(rounds: int, wanted: int) -> int:
    return min(range(1, 9), key=lambda b: (abs(b * rounds - wanted), -b))


def _make(kind: str, tables: int, complete: int, wanted: int, rounds_available: int | None,
          winners: int, note: str, penalty: float) -> Suggestion | None:
    rounds = complete if rounds_available is None else min(complete, rounds_available)
    if rounds < 1:
        return None
    bpr = _boards_per_round(rounds, wanted)
    boards = bpr * rounds
    sets_in_play = complete if kind != "relay-mitchell" else tables
    if rounds < complete:
        note = (note + "; " if note else "") + f"partial: {rounds} of {complete} rounds"
        if rounds < 0.7 * sets_in_play:
            penalty += 6  # EBU: at least 70% of the board groups
    penalty += abs(boards - wanted) / 2
    return Suggestion(kind=kind, tables=tables, rounds=rounds, boards_per_round=bpr,
                      boards=boards, winners=winners, note=note, penalty=round(penalty, 2))


def _pair_candidates(pairs: int, wanted: int, available: int | None) -> list[Suggestion]:
    tables = (pairs + 1) // 2
    half = " (half table: one pair sits out each round)" if pairs % 2 else ""
    out = []
    if 2 <= tables <= HOWELL_MAX_TABLES:
        # Howells shine for small fields; past 6 tables the session gets long.
        penalty = 0.0 if tables <= 5 else 2.0 * (tables - 5)
        out.append(_make("howell", tables, 2 * tables - 1, wanted, available, 1,
                         "every pair meets every other" + half, penalty))
    if tables >= 3:
        small = 4.0 if tables <= 4 else 0.0
        if tables % 2:
            out.append(_make("mitchell", tables, tables, wanted, available, 2,
                             "N-S stationary" + half, small))
        else:
            out.append(_make("skip-mitchell", tables, tables - 1, wanted, available, 2,
                             f"E-W skip table {tables // 2 + 1} after round {tables // 2}" + half,
                             small + 1))
            out.append(_make("relay-mitchell", tables, tables, wanted, available, 2,
                             "tables 1 and T share; bye stand between tables "
                             f"{tables // 2} and {tables // 2 + 1}" + half, small + 1.5))
    return [s for s in out if s is not None]


def _individual_candidates(players: int, wanted: int,
                           available: int | None) -> list[Suggestion]:
    out = []
    sizes = [v for v in available_sizes() if v >= players]
    if sizes:
        v = sizes[0]
        complete = v - 1 if v % 4 == 0 else v
        note = "everyone partners everyone once"
        if v > players:
            note += f"; {v - players} bye(s) a round"
        out.append(_make("individual", v // 4, complete, wanted, available, 1, note, 0.0))
    tables = (players + 3) // 4
    while tables % 2 == 0 or tables % 3 == 0 or tables < 5:
        tables += 1
    extra = 4 * tables - players
    note = "Rainbow: N stationary, three fields move" + (f"; {extra} bye seat(s)" if extra else "")
    out.append(_make("rainbow", tables, tables, wanted, available, 2, note, 3.0 + extra))
    return [s for s in out if s is not None]
