"""Where everyone at one table goes after a round, and when a sitting-out pair plays next:
what a table's phone says after the last board ("N-S stay; E-W to table 3; boards to
table 4"), the same moves the wall guide prints, for one table.

Pure: a typed ``Movement`` in, plain frozen data out. ``present`` is the set of labels that
have a pair (a label without one, such as the missing E-W pair of a nine-pair Mitchell, is a
sit-out for its opponents); ``None`` means every label is present.
"""

from __future__ import annotations

from dataclasses import dataclass

from .guide import board_range
from .model import Movement, RoundPlan

DIRECTION_WORDS = {"NS": "N-S", "EW": "E-W", "N": "North", "S": "South", "E": "East", "W": "West"}
INDIVIDUAL_SEATS = ("N", "S", "E", "W")


@dataclass(frozen=True)
class Seat:
    """Where a pair plays in a round: its table and direction ("NS"/"EW")."""

    round: int
    table: int
    direction: str

    @property
    def text(self) -> str:
        return f"round {self.round}, table {self.table} {DIRECTION_WORDS[self.direction]}"


@dataclass(frozen=True)
class Move:
    """One pair's or one board set's move after a round."""

    who: str          # "NS", "EW" or "boards"
    label: str        # the pair's label, or the board numbers ("1-2")
    text: str         # "stay", "to table 3", "to table 2 E-W", "sit out round 2", ...
    table: int | None = None


def _plan(movement: Movement, number: int) -> RoundPlan | None:
    return next((p for p in movement.rounds_detail if p.round == number), None)


def seat_in(movement: Movement, label: str, number: int, present: frozenset[str] | None = None) -> Seat | None:
    """The pair's seat in round ``number``, or None when it sits out (or its opponent is absent)."""
    plan = _plan(movement, number)
    if plan is None:
        return None
    for tp in plan.tables:
        if tp.is_individual or label not in (tp.ns, tp.ew):
            continue
        opponent = tp.ew if tp.ns == label else tp.ns
        if present is not None and opponent not in present:
            return None
        return Seat(number, tp.table, "NS" if tp.ns == label else "EW")
    return None


def next_play(movement: Movement, label: str, after: int, present: frozenset[str] | None = None) -> Seat | None:
    """The first round after ``after`` in which the pair plays (a sit-out's "next plays ...")."""
    for plan in movement.rounds_detail:
        if plan.round > after and (seat := seat_in(movement, label, plan.round, present)) is not None:
            return seat
    return None


def _board_text(boards: tuple[int, ...]) -> str:
    return board_range(tuple(sorted(boards)))


def _pair_move(movement: Movement, label: str, direction: str, number: int, table: int,
               present: frozenset[str] | None) -> Move:
    seat = seat_in(movement, label, number + 1, present)
    if seat is None:
        later = next_play(movement, label, number + 1, present)
        text = f"sit out round {number + 1}" + (f"; then {later.text}" if later else "")
        return Move(direction, label, text)
    if seat.table == table and seat.direction == direction:
        return Move(direction, label, "stay", table)
    turned = f" {DIRECTION_WORDS[seat.direction]}" if seat.direction != direction else ""
    if seat.table == table:
        return Move(direction, label, f"stay, now{turned}", table)
    return Move(direction, label, f"to table {seat.table}{turned}", seat.table)


def _player_move(movement: Movement, label: str, seat: str, number: int, table: int) -> Move:
    """An individual's player after round ``number``: their next table and seat ("to table 2 East")."""
    for plan in movement.rounds_detail:
        if plan.round <= number:
            continue
        tp = next((t for t in plan.tables if label in t.entrants), None)
        if tp is None:
            continue
        where = DIRECTION_WORDS[INDIVIDUAL_SEATS[tp.entrants.index(label)]]
        then = "" if plan.round == number + 1 else f"sit out round {number + 1}; then round {plan.round}, "
        if tp.table == table and not then:
            return Move(seat, label, f"stay, {where}" if where != DIRECTION_WORDS[seat] else "stay", table)
        return Move(seat, label, f"{then}to table {tp.table} {where}", tp.table)
    return Move(seat, label, f"sit out round {number + 1}")


def _boards_move(movement: Movement, boards: tuple[int, ...], number: int, table: int) -> Move:
    label = _board_text(boards)
    following = _plan(movement, number + 1)
    dest = sorted({t.table for t in following.tables if set(boards) & set(t.boards)}) if following else []
    if dest == [table]:
        return Move("boards", label, "stay", table)
    if len(dest) == 1:
        return Move("boards", label, f"to table {dest[0]}", dest[0])
    if dest:
        return Move("boards", label, "to tables " + " and ".join(map(str, dest)), dest[0])
    later = any(set(boards) & set(t.boards) for p in movement.rounds_detail if p.round > number + 1 for t in p.tables)
    return Move("boards", label, "to the bye stand" if later else "to the director (played everywhere)")


def table_moves(movement: Movement, number: int, table: int,
                present: frozenset[str] | None = None) -> tuple[Move, ...]:
    """The moves after round ``number`` for the pairs and boards at ``table``; () after the
    last round. A label with no pair (``present``) is left out; a round where the table is
    empty (a Howell's phantom table) moves nothing."""
    plan = _plan(movement, number)
    if plan is None or _plan(movement, number + 1) is None:
        return ()
    tp = plan.table(table)
    if tp is None:
        return ()
    if tp.is_individual:
        moves = [_player_move(movement, label, seat, number, table)
                 for seat, label in zip(INDIVIDUAL_SEATS, tp.entrants) if present is None or label in present]
        return (*moves, _boards_move(movement, tp.boards, number, table))
    moves = [_pair_move(movement, label, direction, number, table, present)
             for direction, label in (("NS", tp.ns), ("EW", tp.ew)) if present is None or label in present]
    moves.append(_boards_move(movement, tp.boards, number, table))
    return tuple(moves)


def moves_text(moves: tuple[Move, ...]) -> str:
    """"N-S stay; E-W to table 3; boards to table 4" (an individual: "North (3) stay; South (5) to
    table 2 East; ...")."""
    return "; ".join(f"{DIRECTION_WORDS.get(m.who, m.who)}{f' ({m.label})' if m.who in INDIVIDUAL_SEATS else ''} "
                     f"{m.text}" for m in moves)
