"""Scoring across the field: several groups (sections of one event, heats of a simultaneous
pairs) that play the same boards, every result of a board compared with every other result of
that board in all groups, as if the groups were one section. Built on ``score_session``:
each board of the field is one ``BoardResults`` (its expected results the sum of the groups'),
so matchpoints, Neuberg (per board across the whole field), Butler and cross-IMPs are the
session's own.

Entrants are named by their group ("3" in section A and "3" in section B stay apart); the
answers use each group's own names. Boards can be scored in chunks (``field_boards(...,
boards=...)``, e.g. parallel tasks) and the parts merged by ``field_standings``: the totals are
those of one run (summed chunk by chunk, so equal to the last floating-point bit only when one
chunk holds every board). Average-plus/minus worth "the pair's session percentage" is credited
in the totals at the percentage over *all* the parts' boards (a part carries the awards, not
their values); the per-result score a part shows for such a board uses the percentage on the
part's own boards.
"""
from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, replace

from .adjustments import Adjustment
from .errors import ScoringError
from .ranking import natural_key
from .session import (BoardResults, BoardScore, Method, Result, ResultScore, Tally, score_session, settle,
                      standings_of)

_SEP = "\x1f"  # group SEP entrant: an entrant's name across the field


@dataclass(frozen=True)
class FieldStanding:
    """One entrant of one group: ``rank`` within its group (and its direction, ``field``, when the
    group is two-winner), ``overall`` across the whole field (per direction likewise);
    ``position``/``overall_position`` order the two rankings."""

    group: str
    entrant: str
    rank: str
    overall: str
    position: int
    overall_position: int
    total: float
    top: float | None
    percentage: float | None
    boards: int
    field: str = ""


@dataclass(frozen=True)
class FieldPart:
    """What scoring some boards across all groups gives: per group its results' scores (its own
    entrant names, in its input order), and the tally the standings are summed from."""

    groups: tuple[str, ...]
    boards: dict[str, tuple[BoardScore, ...]]
    tally: Tally

    def to_json(self, *, boards: bool = True) -> dict:
        """Plain JSON (a Celery chord's message); ``boards=False`` keeps only what standings need."""
        t = self.tally
        return {"groups": list(self.groups),
                "boards": {g: [_board_json(b) for b in bs] for g, bs in self.boards.items()} if boards else {},
                "tally": {"totals": t.totals, "tops": t.tops, "played": t.played, "compared": t.compared,
                          "awards": [[list(m), a.kind, a.percent, top] for m, a, top in t.awards],
                          "byes": list(t.byes)}}

    @classmethod
    def from_json(cls, data: Mapping) -> "FieldPart":
        t = data["tally"]
        tally = Tally(dict(t["totals"]), dict(t["tops"]), {k: int(v) for k, v in t["played"].items()},
                      {k: int(v) for k, v in t["compared"].items()},
                      tuple((tuple(m), Adjustment(kind, percent), top) for m, kind, percent, top in t["awards"]),
                      tuple(t["byes"]))
        return cls(tuple(data["groups"]), {g: tuple(_board_from(b) for b in bs) for g, bs in data["boards"].items()},
                   tally)


@dataclass(frozen=True)
class FieldScore:
    method: str
    part: FieldPart
    standings: tuple[FieldStanding, ...]

    @property
    def boards(self) -> dict[str, tuple[BoardScore, ...]]:
        return self.part.boards


def _method(method: str | Method, convention) -> Method:
    if convention is not None:
        return convention.method(method.kind if isinstance(method, Method) else str(method))
    return method if isinstance(method, Method) else Method(str(method))


def _named(group: str, side):
    if isinstance(side, tuple):
        return tuple(f"{group}{_SEP}{e}" if e else e for e in side)
    return f"{group}{_SEP}{side}" if side else side


def _split(key: str) -> tuple[str, str]:
    group, _, entrant = key.partition(_SEP)
    return group, entrant


def field_boards(groups: Mapping[str, Sequence[BoardResults]], method: str | Method = "matchpoints", *,
                 fields: Mapping[str, Mapping[str, str]] | None = None, convention=None,
                 boards: Collection[int | str] | None = None) -> FieldPart:
    """Score the boards of every group across the field (only ``boards``, when given: a chunk).
    A board's expected number of results is the sum of each group's (its own ``expected``, or the
    group's most results on a board, as ``score_session`` reads one section). ``fields`` is
    accepted for symmetry with ``field_standings`` (directions only matter to rankings)."""
    method = _method(method, convention)
    wanted = None if boards is None else {str(b) for b in boards}
    names = tuple(str(g) for g in groups)
    if any(_SEP in g for g in names) or len(set(names)) != len(names):
        raise ScoringError("group names must be distinct")
    by_board: dict[str, list[tuple[str, BoardResults, int]]] = {}
    number: dict[str, int | str] = {}
    for g, group_boards in zip(names, groups.values()):
        most = max((len(b.results) for b in group_boards), default=0)
        for b in group_boards:
            key = str(b.board)
            if wanted is None or key in wanted:
                by_board.setdefault(key, []).append((g, b, b.expected or max(most, len(b.results))))
                number.setdefault(key, b.board)
    combined, origins = [], []
    for key in sorted(by_board, key=natural_key):
        parts = by_board[key]
        combined.append(BoardResults(
            board=number[key],
            results=tuple(replace(r, ns=_named(g, r.ns), ew=_named(g, r.ew)) for g, b, _ in parts for r in b.results),
            expected=sum(n for _, _, n in parts) or None,
            byes=tuple(_named(g, e) for g, b, _ in parts for e in b.byes)))
        origins.append(parts)
    session = score_session(combined, method)
    out: dict[str, list[BoardScore]] = {g: [] for g in names}
    for scored, parts in zip(session.boards, origins):
        scores = iter(scored.results)
        for g, b, _ in parts:
            own = tuple(replace(next(scores), result=r) for r in b.results)
            out[g].append(BoardScore(b.board, scored.top, scored.datum, own))
    return FieldPart(names, {g: tuple(bs) for g, bs in out.items()}, session.tally)


def field_standings(parts: Sequence[FieldPart], method: str | Method = "matchpoints", *,
                    fields: Mapping[str, Mapping[str, str]] | None = None,
                    convention=None, group_ranks: bool = True) -> tuple[FieldStanding, ...]:
    """Merge parts (of disjoint boards) and rank every entrant in its group and across the field.
    ``fields``: group -> (entrant -> "NS"/"EW") for two-winner groups; the overall ranking is then
    per direction too. ``group_ranks=False`` ranks across the field only (``rank`` empty,
    ``position`` 0): a simultaneous' national run, whose heats keep their clubs' own ranking."""
    method = _method(method, convention)
    if not parts:
        return ()
    fields = {str(g): f for g, f in (fields or {}).items()}
    totals, tops, played, compared = settle(method, [p.tally for p in parts])
    directions = {key: fields.get(g, {}).get(e, "") for key in totals for g, e in (_split(key),)}
    overall = standings_of(method, totals, tops, played, compared, fields={k: v for k, v in directions.items() if v})
    if not group_ranks:
        return tuple(FieldStanding(*_split(st.entrant), "", st.rank, 0, position, st.total, st.top, st.percentage,
                                   st.boards, st.field) for position, st in enumerate(overall, start=1))
    across = {st.entrant: (st.rank, position) for position, st in enumerate(overall, start=1)}
    order = list(parts[0].groups)
    members: dict[str, list[str]] = {g: [] for g in order}
    for key in totals:
        members.setdefault(_split(key)[0], []).append(key)
    out = []
    for g, keys in members.items():
        if not keys:
            continue
        own = standings_of(method, {k: totals[k] for k in keys}, {k: tops.get(k, 0.0) for k in keys},
                           {k: played[k] for k in keys}, {k: compared.get(k, 0) for k in keys},
                           fields={k: directions[k] for k in keys if directions[k]})
        for position, st in enumerate(own, start=1):
            overall_rank, overall_position = across[st.entrant]
            out.append(FieldStanding(g, _split(st.entrant)[1], st.rank, overall_rank, position, overall_position,
                                     st.total, st.top, st.percentage, st.boards, st.field))
    return tuple(out)


def score_field(groups: Mapping[str, Sequence[BoardResults]], method: str | Method = "matchpoints", *,
                fields: Mapping[str, Mapping[str, str]] | None = None, convention=None) -> FieldScore:
    """Every board of every group across the field, and the rankings: one part, its standings."""
    method = _method(method, convention)
    part = field_boards(groups, method, fields=fields)
    return FieldScore(method.kind, part, field_standings([part], method, fields=fields))


def _result_json(r: Result) -> list:
    side = (lambda s: list(s) if isinstance(s, tuple) else s)
    adj = (lambda a: None if a is None else [a.kind, a.percent])
    return [side(r.ns), side(r.ew), r.score_ns, adj(r.adjusted_ns), adj(r.adjusted_ew), r.group, r.contract,
            r.declarer, r.tricks, r.tricks_ns]


def _result_from(data: list) -> Result:
    side = (lambda s: tuple(s) if isinstance(s, list) else s)
    adj = (lambda a: None if a is None else Adjustment(a[0], a[1]))
    ns, ew, score, a_ns, a_ew, group, contract, declarer, tricks, tricks_ns = data
    return Result(side(ns), side(ew), score, adj(a_ns), adj(a_ew), group, contract, declarer, tricks, tricks_ns)


_SCORES = ("mp_ns", "mp_ew", "pct_ns", "pct_ew", "imp_ns", "imp_ew", "plus_ns", "plus_ew")


def _board_json(b: BoardScore) -> dict:
    return {"board": b.board, "top": b.top, "datum": b.datum,
            "results": [[_result_json(s.result)] + [getattr(s, k) for k in _SCORES] for s in b.results]}


def _board_from(data: Mapping) -> BoardScore:
    return BoardScore(data["board"], data["top"], data["datum"],
                      tuple(ResultScore(_result_from(r[0]), **dict(zip(_SCORES, r[1:]))) for r in data["results"]))


__all__ = ["FieldPart", "FieldScore", "FieldStanding", "field_boards", "field_standings", "score_field"]
