"""Movement changes during the evening: late pairs, withdrawals, a table added, a switch of
movement. Pure: the planned movement, who holds each pair number from which round, and the
results already in go in; the movement as played, a label map and a preview come out.

A pair number is *held* in a round by the entry that joined at or before it and had not
withdrawn; a table whose pair number is held by nobody that round is a sit-out for the pair
opposite (as the phantom's opponent sits out, Standard Hoyle's half table), so its boards are
neither played nor expected there. A pair number never entered at all is an empty place.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from .model import Movement, RoundPlan, label_key

# A pair number's holders: (first round, last round or None while still playing) per entry.
Windows = Mapping[str, Sequence[tuple[int, int | None]]]


def held(windows: Windows, label: str, round_number: int) -> bool:
    """Whether someone plays pair number ``label`` in the round (an unentered place counts)."""
    spans = windows.get(label)
    if spans is None:
        return True
    return any(first <= round_number and (last is None or round_number <= last) for first, last in spans)


def seated(planned: Movement, windows: Windows) -> Movement:
    """The movement as played: tables whose pair number nobody holds that round become sit-outs."""
    plans = []
    for plan in planned.rounds_detail:
        kept, out = [], [x for x in plan.sit_out if held(windows, x, plan.round)]
        for tp in plan.tables:
            present = [e for e in tp.entrants if held(windows, e, plan.round)]
            if len(present) == len(tp.entrants):
                kept.append(tp)
            else:
                out.extend(present)
        plans.append(RoundPlan(round=plan.round, tables=tuple(kept), sit_out=tuple(out)))
    return replace(planned, rounds_detail=tuple(plans))


def free_from(windows: Windows, labels: Iterable[str], round_number: int) -> list[str]:
    """Pair numbers nobody holds in ``round_number`` or any later round, in natural order."""
    out = []
    for label in labels:
        spans = windows.get(label, ())
        if all(last is not None and last < round_number for _first, last in spans):
            out.append(label)
    return sorted(out, key=label_key)


def phantom_place(planned: Movement, bigger: Movement) -> str | None:
    """The pair number ``bigger`` adds when ``planned`` is ``bigger`` with that pair as the
    phantom (its tables removed and its opponents sitting out), else None."""
    extra = set(bigger.entrants) - set(planned.entrants)
    if len(extra) != 1 or planned.rounds != bigger.rounds or planned.tables != bigger.tables:
        return None
    (label,) = extra
    for mine, theirs in zip(planned.rounds_detail, bigger.rounds_detail):
        if set(theirs.sit_out) != set():
            return None
        kept = [t for t in theirs.tables if label not in t.entrants]
        if set(mine.tables) != set(kept):
            return None
        opposite = {e for t in theirs.tables if label in t.entrants for e in t.entrants} - {label}
        if set(mine.sit_out) != opposite:
            return None
    return label


def field_order(labels: Iterable[str]) -> list[str]:
    """Labels in pair-number order, a two-winner movement's N-S field before its E-W field."""
    return sorted(labels, key=lambda x: ({"NS": 0, "EW": 1}.get(x[-2:], 0), label_key(x)))


def relabel(entered: Iterable[str], new: Movement) -> dict[str, str]:
    """Old pair number -> new one: kept when the new movement has them all, else matched in
    field order (N-S pairs 1..T of a Mitchell become Howell pairs 1..T, E-W pairs follow)."""
    entered = list(dict.fromkeys(entered))
    places = set(new.entrants)
    if all(x in places for x in entered):
        return {x: x for x in entered}
    targets = field_order(new.entrants)
    if len(entered) > len(targets):
        raise ChangeRefused(f"the new movement has {len(targets)} places for {len(entered)} pairs")
    return dict(zip(field_order(entered), targets))


class ChangeRefused(ValueError):
    """The change cannot be made; the message says why."""


@dataclass(frozen=True)
class Played:
    """A stored result as the movement sees it."""

    id: int
    board: int
    ns: str
    ew: str
    round: int
    table: int


@dataclass(frozen=True)
class Move:
    """Where a stored result sits before and after the change (``after`` None: not scheduled)."""

    played: Played
    ns: str
    ew: str
    after: tuple[int, int] | None

    @property
    def moved(self) -> bool:
        return self.after != (self.played.round, self.played.table)

    def to_dict(self) -> dict:
        p = self.played
        return {"result": p.id, "board": p.board, "ns": p.ns, "ew": p.ew,
                "round": p.round, "table": p.table, "new_ns": self.ns, "new_ew": self.ew,
                "new_round": self.after[0] if self.after else None,
                "new_table": self.after[1] if self.after else None}


@dataclass(frozen=True)
class Preview:
    """What a change of movement does: the new movement, pair numbers, and every result's move."""

    old: Movement
    new: Movement
    labels: dict[str, str]
    moves: tuple[Move, ...]

    @property
    def conflicts(self) -> tuple[Move, ...]:
        return tuple(m for m in self.moves if m.after is None)

    @property
    def ok(self) -> bool:
        return not self.conflicts

    def conflict_text(self) -> str:
        return "; ".join(f"board {m.played.board} {m.played.ns} v {m.played.ew} (round {m.played.round})"
                         for m in self.conflicts)

    def to_dict(self) -> dict:
        def shape(m: Movement) -> dict:
            return {"kind": m.kind, "tables": m.tables, "rounds": m.rounds,
                    "boards_per_round": m.boards_per_round, "boards": m.boards, "winners": m.winners}

        return {"old": shape(self.old), "new": shape(self.new), "ok": self.ok,
                "labels": {k: v for k, v in self.labels.items() if k != v},
                "results": [m.to_dict() for m in self.moves],
                "conflicts": [m.to_dict() for m in self.conflicts],
                "rounds_detail": self.new.to_dict()["rounds_detail"]}


def preview(old: Movement, new: Movement, played: Sequence[Played], labels: Mapping[str, str],
            current_round: int = 1) -> Preview:
    """Map each result to the new movement: the same board between the same pairs, seated the
    same way; a result the new movement does not schedule is a conflict. Rounds before
    ``current_round`` are over: a table of the new movement there with no result never sat,
    so it becomes a sit-out (its boards are expected of nobody)."""
    slots = new.slots()
    moves = []
    for p in sorted(played, key=lambda p: (p.round, p.table, p.board)):
        ns, ew = labels.get(p.ns, p.ns), labels.get(p.ew, p.ew)
        moves.append(Move(played=p, ns=ns, ew=ew, after=slots.get((p.board, ns, ew))))
    sat = {m.after for m in moves if m.after}
    plans = []
    for plan in new.rounds_detail:
        if plan.round >= current_round:
            plans.append(plan)
            continue
        kept = tuple(t for t in plan.tables if (plan.round, t.table) in sat)
        out = plan.sit_out + tuple(e for t in plan.tables if t not in kept for e in t.entrants)
        plans.append(RoundPlan(round=plan.round, tables=kept, sit_out=out))
    return Preview(old=old, new=replace(new, rounds_detail=tuple(plans)), labels=dict(labels), moves=tuple(moves))


__all__ = ["ChangeRefused", "Move", "Played", "Preview", "field_order", "free_from",
           "held", "phantom_place", "preview", "relabel", "seated"]
