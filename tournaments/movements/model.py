"""The movement data model: who sits where, in which round, playing which boards.

Pure data: frozen dataclasses, JSON and CSV in and out. A ``Movement`` is the whole schedule;
``RoundPlan`` one round of it; ``TablePlay`` one table in one round. Pair labels are strings:
one-winner movements use "1".."P", two-winner movements "3NS"/"3EW" (pair number plus home
direction); individual movements fill ``n, s, e, w`` instead of ``ns, ew``.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from functools import cached_property

from .limits import MAX_BOARD_NUMBER

# Kinds whose published form plays one board set at several tables in the same round
# (two- and three-table Howells, relay Mitchells, shared-board individuals, team matches).
SHARING_KINDS = frozenset({"relay-mitchell", "individual", "team-round-robin", "teams"})


class MovementFormatError(ValueError):
    """An imported movement (JSON or CSV) is malformed."""


@dataclass(frozen=True)
class TablePlay:
    """One table in one round: the entrants seated and the boards they play."""

    table: int
    boards: tuple[int, ...]
    ns: str = ""
    ew: str = ""
    n: str = ""
    s: str = ""
    e: str = ""
    w: str = ""

    @property
    def is_individual(self) -> bool:
        return bool(self.n or self.s or self.e or self.w)

    @property
    def entrants(self) -> tuple[str, ...]:
        """Everyone seated: (ns, ew) for pairs, (n, s, e, w) for individuals."""
        if self.is_individual:
            return (self.n, self.s, self.e, self.w)
        return (self.ns, self.ew)

    @property
    def sides(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The two partnerships: North-South first, East-West second."""
        if self.is_individual:
            return ((self.n, self.s), (self.e, self.w))
        return ((self.ns,), (self.ew,))

    def to_dict(self) -> dict:
        seats = (
            {"n": self.n, "s": self.s, "e": self.e, "w": self.w}
            if self.is_individual
            else {"ns": self.ns, "ew": self.ew}
        )
        return {"table": self.table, **seats, "boards": list(self.boards)}


@dataclass(frozen=True)
class RoundPlan:
    """One round: the tables in play and the entrants sitting out."""

    round: int
    tables: tuple[TablePlay, ...]
    sit_out: tuple[str, ...] = ()

    def table(self, number: int) -> TablePlay | None:
        return next((t for t in self.tables if t.table == number), None)


@dataclass(frozen=True)
class Slot:
    """Where the movement schedules a board for two pairs."""

    round: int
    table: int


@dataclass(frozen=True)
class Movement:
    """A complete schedule. ``shared`` declares that a board may be at two tables in a round.

    Iterating a movement gives its rounds (``RoundPlan``) in order. Code outside this package
    asks the movement (``board_numbers()``, ``slot(board, ns, ew)``, ``table(round, n)``,
    ``plays(label)``) rather than reading its JSON form.
    """

    kind: str
    winners: int
    tables: int
    boards_per_round: int
    rounds_detail: tuple[RoundPlan, ...]
    shared: bool = False
    note: str = field(default="", compare=False)

    @property
    def rounds(self) -> int:
        return len(self.rounds_detail)

    @property
    def boards(self) -> int:
        """Number of distinct boards in play."""
        return len({b for r in self.rounds_detail for t in r.tables for b in t.boards})

    @property
    def is_individual(self) -> bool:
        return any(t.is_individual for r in self.rounds_detail for t in r.tables)

    @property
    def entrants(self) -> tuple[str, ...]:
        """Every label seen, sorted naturally ("2" before "10", "3NS" before "3EW")."""
        seen = {e for r in self.rounds_detail for t in r.tables for e in t.entrants}
        seen |= {e for r in self.rounds_detail for e in r.sit_out}
        return tuple(sorted(seen, key=label_key))

    def __iter__(self) -> Iterator[RoundPlan]:
        return iter(self.rounds_detail)

    @property
    def first_round(self) -> int:
        """The first round's number (0 for an empty movement)."""
        return self.rounds_detail[0].round if self.rounds_detail else 0

    @property
    def last_round(self) -> int:
        """The last round's number (0 for an empty movement)."""
        return self.rounds_detail[-1].round if self.rounds_detail else 0

    def round(self, number: int) -> RoundPlan | None:
        """Round ``number``, or None if the movement has no such round."""
        return self._rounds.get(number)

    def table(self, round: int, number: int) -> TablePlay | None:
        """Table ``number`` in round ``round``; None if that table is not in play then."""
        plan = self._rounds.get(round)
        return plan.table(number) if plan else None

    def has_table(self, number: int) -> bool:
        """Whether the movement has a table ``number`` (1 .. tables)."""
        return 1 <= number <= self.tables

    def table_numbers(self) -> tuple[int, ...]:
        """Every table the movement puts in play in some round, ascending."""
        return tuple(sorted({t.table for r in self.rounds_detail for t in r.tables}))

    def board_numbers(self) -> tuple[int, ...]:
        """Every board the movement puts on a table, ascending."""
        return self._board_numbers

    def slot(self, board: int, ns: str, ew: str) -> Slot | None:
        """The round and table where ``board`` is scheduled for pair ``ns`` N-S against ``ew``
        E-W; None if the movement does not schedule that play (pair movements only)."""
        return self._slots.get((board, ns, ew))

    def board_play(self, board: int, label: str) -> tuple[int, TablePlay] | None:
        """(round, table) where entrant ``label`` plays ``board`` (an individual's player
        plays each board once, whichever seat); None if the movement never gives it to them."""
        return next(((r.round, t) for r in self.rounds_detail for t in r.tables
                     if board in t.boards and label in t.entrants), None)

    def plays(self, label: str) -> tuple[tuple[int, TablePlay | None], ...]:
        """Entrant ``label``'s evening: (round, the table it sits at) for every round, the
        table None in a round it sits out."""
        return tuple((r.round, next((t for t in r.tables if label in t.entrants), None))
                     for r in self.rounds_detail)

    def board_plays(self, board: int) -> tuple[tuple[int, TablePlay], ...]:
        """(round, table) for every table that plays ``board``, in movement order."""
        return tuple((r.round, t) for r in self.rounds_detail for t in r.tables if board in t.boards)

    def seatings(self) -> tuple[tuple[int, TablePlay], ...]:
        """(round, table) for every table of every round, in movement order."""
        return tuple((r.round, t) for r in self.rounds_detail for t in r.tables)

    @cached_property
    def _rounds(self) -> dict[int, RoundPlan]:
        return {r.round: r for r in self.rounds_detail}

    @cached_property
    def _board_numbers(self) -> tuple[int, ...]:
        return tuple(sorted({b for r in self.rounds_detail for t in r.tables for b in t.boards}))

    @cached_property
    def _slots(self) -> dict[tuple[int, str, str], Slot]:
        return {key: Slot(*where) for key, where in self.slots().items()}

    def slots(self) -> dict[tuple[int, str, str], tuple[int, int]]:
        """(board, N-S pair, E-W pair) -> (round, table) for every pair play scheduled."""
        return {(b, t.ns, t.ew): (r.round, t.table)
                for r in self.rounds_detail for t in r.tables if not t.is_individual for b in t.boards}

    def with_rounds(self, rounds: int) -> Movement:
        """The first ``rounds`` rounds only (a partial movement)."""
        return replace(self, rounds_detail=self.rounds_detail[:rounds])

    def to_dict(self) -> dict:
        data = {
            "kind": self.kind,
            "tables": self.tables,
            "rounds": self.rounds,
            "boards_per_round": self.boards_per_round,
            "boards": self.boards,
            "winners": self.winners,
            "rounds_detail": [
                {
                    "round": r.round,
                    "sit_out": list(r.sit_out),
                    "tables": [t.to_dict() for t in r.tables],
                }
                for r in self.rounds_detail
            ],
        }
        if self.shared:
            data["shared"] = True  # so an exported shared/relayed movement validates when imported
        return data

    def to_json(self, indent: int | None = None) -> str:
        return json.dumps(self.to_dict(), indent=indent)

    @classmethod
    def from_dict(cls, data: dict, *, shared: bool | None = None) -> Movement:
        try:
            rounds = tuple(
                RoundPlan(
                    round=int(r["round"]),
                    sit_out=tuple(str(x) for x in r.get("sit_out", ())),
                    tables=tuple(_table_from_dict(t) for t in r["tables"]),
                )
                for r in data["rounds_detail"]
            )
            kind = str(data.get("kind", "imported"))
            if shared is None:
                shared = bool(data.get("shared", kind in SHARING_KINDS))
            tables = int(data.get("tables") or max(
                (t.table for r in rounds for t in r.tables), default=0))
            return cls(
                kind=kind,
                winners=int(data.get("winners", 1)),
                tables=tables,
                boards_per_round=int(data.get("boards_per_round") or _bpr(rounds)),
                rounds_detail=rounds,
                shared=shared,
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise MovementFormatError(f"not a movement: {exc!r}") from exc

    @classmethod
    def from_stored(cls, data: dict, *, planned: bool = False) -> Movement:
        """A section's stored movement (``stored()``): as played, or with ``planned`` as chosen
        before late arrivals and withdrawals turned places into sit-outs. No rounds stored (a
        section before its movement) gives an empty movement."""
        data = dict(data or {})
        if planned and data.get("planned"):
            data["rounds_detail"] = data["planned"]
        if not data.get("rounds_detail"):
            return cls(kind=str(data.get("kind", "")), winners=int(data.get("winners") or 1), tables=0,
                       boards_per_round=0, rounds_detail=())
        return cls.from_dict(data)

    def stored(self, planned: Movement | None = None) -> dict:
        """The JSON a section stores: this movement as played, and the planned rounds when
        they differ (read back with ``from_stored``)."""
        data = self.to_dict() | {"shared": self.shared}
        if planned is not None and planned.rounds_detail != self.rounds_detail:
            data["planned"] = planned.to_dict()["rounds_detail"]
        return data

    @classmethod
    def from_json(cls, text: str, *, shared: bool | None = None) -> Movement:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise MovementFormatError(f"not JSON: {exc}") from exc
        return cls.from_dict(data, shared=shared)

    def to_csv(self) -> str:
        """Rows ``round,table,ns,ew,first_board,last_board`` (Magic Contest / Bridgemate RoundData).

        Boards at a table must be consecutive to fit this layout; individual movements are
        pair-only formats' exception and are written with ``n,s,e,w`` columns instead.
        """
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        individual = self.is_individual
        writer.writerow(
            ["round", "table", "n", "s", "e", "w", "first_board", "last_board"]
            if individual
            else ["round", "table", "ns", "ew", "first_board", "last_board"]
        )
        for r in self.rounds_detail:
            for t in r.tables:
                for first, last in _runs(t.boards):
                    seats = [t.n, t.s, t.e, t.w] if individual else [t.ns, t.ew]
                    writer.writerow([r.round, t.table, *seats, first, last])
        return out.getvalue()

    @classmethod
    def from_csv(cls, text: str, *, kind: str = "imported", winners: int | None = None,
                 shared: bool = False) -> Movement:
        """Read ``round,table,ns,ew,first_board,last_board`` rows (header optional)."""
        try:
            rows = [row for row in csv.reader(io.StringIO(text, newline="")) if row and any(c.strip() for c in row)]
        except csv.Error as exc:
            raise MovementFormatError(f"not CSV: {exc}") from exc
        if rows and not rows[0][0].strip().isdigit():
            rows = rows[1:]
        cells: dict[tuple[int, int], dict] = {}
        try:
            for row in rows:
                row = [c.strip() for c in row]
                if len(row) == 6:
                    rnd, tbl, ns, ew, first, last = row
                    seats = {"ns": ns, "ew": ew}
                elif len(row) == 8:
                    rnd, tbl, n, s, e, w, first, last = row
                    seats = {"n": n, "s": s, "e": e, "w": w}
                else:
                    raise MovementFormatError(f"row {row!r}: expected 6 columns")
                key = (int(rnd), int(tbl))
                cell = cells.setdefault(key, {"seats": seats, "boards": []})
                if cell["seats"] != seats:
                    raise MovementFormatError(f"round {rnd} table {tbl}: two different seatings")
                if not 1 <= int(first) and int(last) <= MAX_BOARD_NUMBER:
                    raise MovementFormatError(f"round {rnd} table {tbl}: boards run from 1 to "
                                              f"{MAX_BOARD_NUMBER} (limit), not {first}-{last}")
                cell["boards"].extend(range(int(first), int(last) + 1))
        except ValueError as exc:
            raise MovementFormatError(f"bad CSV row: {exc}") from exc
        rounds = []
        for rnd in sorted({k[0] for k in cells}):
            tables = tuple(
                TablePlay(table=tbl, boards=tuple(cells[(rnd, tbl)]["boards"]),
                          **cells[(rnd, tbl)]["seats"])
                for tbl in sorted(k[1] for k in cells if k[0] == rnd)
            )
            rounds.append(RoundPlan(round=rnd, tables=tables))
        labels = {e for r in rounds for t in r.tables for e in t.entrants}
        if winners is None:
            winners = 2 if labels and all(x.endswith(("NS", "EW")) for x in labels) else 1
        return cls(kind=kind, winners=winners,
                   tables=max((t.table for r in rounds for t in r.tables), default=0),
                   boards_per_round=_bpr(tuple(rounds)), rounds_detail=tuple(rounds),
                   shared=shared)


def is_movement_data(data) -> bool:
    """Whether ``data`` is a movement's JSON form (rounds listed) rather than a request to
    generate one (``{"kind", "tables"}``)."""
    return isinstance(data, dict) and "rounds_detail" in data


def label_key(label: str) -> tuple:
    """Natural sort key for pair/player labels: numbers numerically, then NS before EW."""
    digits = "".join(ch for ch in label if ch.isdigit())
    rest = label[len(digits):] if label.startswith(digits) and digits else label
    order = {"NS": 0, "EW": 1}.get(rest, 2)
    return (int(digits) if digits else 10**9, order, label)


def board_set(number: int, boards_per_round: int) -> tuple[int, ...]:
    """Boards of set ``number`` (1-based): set k holds boards b(k-1)+1 .. bk.

    Standard Hoyle, Duplicate Bridge: table 1 starts with trays 1-4, table 2 with 5-8.
    """
    start = (number - 1) * boards_per_round + 1
    return tuple(range(start, start + boards_per_round))


def _table_from_dict(data: dict) -> TablePlay:
    seats = {k: str(data[k]) for k in ("ns", "ew", "n", "s", "e", "w") if k in data}
    return TablePlay(table=int(data["table"]), boards=tuple(int(b) for b in data["boards"]),
                     **seats)


def _bpr(rounds: tuple[RoundPlan, ...]) -> int:
    sizes = [len(t.boards) for r in rounds for t in r.tables]
    return max(sizes, default=0)


def _runs(boards: tuple[int, ...]) -> list[tuple[int, int]]:
    """Split a board list into runs of consecutive numbers for the CSV layout."""
    runs: list[tuple[int, int]] = []
    for b in boards:
        if runs and b == runs[-1][1] + 1:
            runs[-1] = (runs[-1][0], b)
        else:
            runs.append((b, b))
    return runs
