"""One entry point for every movement kind: ``generate(kind, tables=/pairs=/players=, ...)``.

Field size may be given as tables, pairs or players; odd pairs get a phantom (half table) and
players beyond a design's size are phantoms whose tables sit out (byes).
"""

from __future__ import annotations

from dataclasses import replace

from .howell import howell
from .individual import individual, rainbow
from .limits import LimitError, MAX_BOARD_NUMBER, MAX_ROUNDS, MAX_TABLES, within
from .mitchell import mitchell, relay_mitchell, skip_mitchell
from .model import Movement, RoundPlan
from .teams import team_round_robin
from .validate import check

KINDS = ("mitchell", "skip-mitchell", "relay-mitchell", "howell", "individual", "rainbow",
         "team-round-robin")


class MovementRequestError(ValueError):
    """An impossible or incomplete request; the message says why and what to use instead."""


def generate(kind: str, *, tables: int | None = None, pairs: int | None = None,
             players: int | None = None, boards_per_round: int | None = None,
             rounds: int | None = None) -> Movement:
    """Build and validate a movement of ``kind`` for the given field."""
    if kind not in KINDS:
        raise MovementRequestError(f"unknown movement {kind!r}; choose one of {', '.join(KINDS)}")
    given = [x for x in (tables, pairs, players) if x is not None]
    if len(given) != 1:
        raise MovementRequestError("give exactly one of --tables, --pairs or --players")
    if given[0] < 1:
        raise MovementRequestError("the field size must be a positive number")
    for name, value in (("boards_per_round", boards_per_round), ("rounds", rounds)):
        if value is not None and value < 1:
            raise MovementRequestError(f"{name} must be at least 1, not {value}")
    try:
        for name, value in (("tables", tables), ("pairs", pairs), ("players", players),
                            ("boards_per_round", boards_per_round), ("rounds", rounds)):
            within(name, value)
        if kind == "team-round-robin":
            within("teams", tables if tables is not None else (pairs // 2 if pairs else players // 4))
    except LimitError as exc:
        raise MovementRequestError(str(exc)) from None
    options = {"boards_per_round": boards_per_round, "rounds": rounds}
    try:
        if kind in ("mitchell", "skip-mitchell", "relay-mitchell"):
            count = _tables_for_pairs(tables, pairs, players)
            build = {"mitchell": mitchell, "skip-mitchell": skip_mitchell,
                     "relay-mitchell": relay_mitchell}[kind]
            odd = pairs is not None and pairs % 2 == 1
            return build(count, phantom=odd, **options)
        if kind == "howell":
            if pairs is not None:
                return howell(pairs=pairs, **options)
            return howell(_tables_for_pairs(tables, None, players), **options)
        if kind == "individual":
            count = players if players is not None else (4 * tables if tables else 2 * pairs)
            return individual(count, **options)
        if kind == "rainbow":
            count = tables if tables is not None else -(-(players or 2 * pairs) // 4)
            movement = rainbow(count, **options)
            real = players if players is not None else 4 * count
            return with_byes(movement, real) if real < 4 * count else movement
        count_teams = tables if tables is not None else (pairs // 2 if pairs else players // 4)
        return team_round_robin(count_teams, **options)
    except MovementRequestError:
        raise
    except ValueError as exc:
        raise MovementRequestError(str(exc)) from exc


def bounded(movement: Movement) -> Movement:
    """An imported movement within the limits (tables, rounds, highest board), else refused."""
    try:
        within("rounds", len(movement.rounds_detail), MAX_ROUNDS)
        within("tables", max((len(p.tables) for p in movement.rounds_detail), default=0), MAX_TABLES)
        within("board", max((b for p in movement.rounds_detail for t in p.tables for b in t.boards),
                            default=0), MAX_BOARD_NUMBER)
    except LimitError as exc:
        raise MovementRequestError(str(exc)) from None
    return movement


def with_byes(movement: Movement, players: int) -> Movement:
    """Treat labels above ``players`` as phantoms: their tables sit out that round."""
    def real(label: str) -> bool:
        return int("".join(c for c in label if c.isdigit())) <= players

    plans = []
    for plan in movement.rounds_detail:
        kept, out = [], [x for x in plan.sit_out if real(x)]
        for tp in plan.tables:
            if all(real(e) for e in tp.entrants):
                kept.append(tp)
            else:
                out.extend(e for e in tp.entrants if real(e))
        plans.append(RoundPlan(round=plan.round, tables=tuple(kept), sit_out=tuple(out)))
    return check(replace(movement, rounds_detail=tuple(plans),
                         note=f"{players} players; phantom seats are byes"))


def _tables_for_pairs(tables: int | None, pairs: int | None, players: int | None) -> int:
    if tables is not None:
        return tables
    if pairs is not None:
        return (pairs + 1) // 2
    raise MovementRequestError("pair movements take --tables or --pairs, not --players")
