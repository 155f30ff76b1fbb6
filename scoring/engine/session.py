"""Scoring a session: data in (boards of oriented results), data out (per-result scores,
per-entrant totals, percentages, boards played and ranks). Deterministic, no I/O.

Orientation is the caller's job: ``Result.ns`` is the entrant who held the N-S cards of the
board *as dealt*, so arrow-switched rounds are compared with the results of the same cards.
Entrants may be pairs, teams or (for individual events) tuples of players, every player of a
side receiving the side's score. Two-winner movements pass ``fields`` (e.g. from
``direction_fields``) so each field is ranked on its own.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Hashable, Iterable, Mapping, Sequence

from .adjustments import Adjustment
from .errors import ScoringError
from .imps import cross_imps, datum, imps
from .matchpoints import board_matchpoints, matchpoints, neuberg, top
from .ranking import TIE_STYLES, natural_key, rank, tie_ends

METHODS = ("matchpoints", "neuberg", "butler", "cross-imps")
#: From this many results a plain session (``columns.plain``) is scored a column at a time (NumPy).
COLUMNS_FROM = 2_000


@dataclass(frozen=True, slots=True)
class Result:
    """One table's result on one board; ``score_ns`` is None for an artificial score. A split
    score keeps ``score_ns`` (compared as usual, kept by one side) and adjusts the other side."""

    ns: str | tuple[str, ...]
    ew: str | tuple[str, ...]
    score_ns: float | None = None
    adjusted_ns: Adjustment | None = None
    adjusted_ew: Adjustment | None = None
    group: Hashable = ""  # fouled board: results obtained with the same cards share a group
    contract: str = ""
    declarer: str = ""
    tricks: int | None = None
    tricks_ns: int | None = None  # tricks N-S won (whist; the books' total-tricks method)

    def __post_init__(self) -> None:
        adjusted = self.adjusted_ns is not None or self.adjusted_ew is not None
        if not adjusted and self.score_ns is None:
            raise ScoringError(f"result {self.ns} v {self.ew}: give either a score or adjusted scores")
        if self.score_ns is not None and self.adjusted_ns is not None and self.adjusted_ew is not None:
            raise ScoringError(f"result {self.ns} v {self.ew}: with a table score, adjust one side only")
        artificial = self.score_ns is None
        if artificial and (self.adjusted_ns is None or self.adjusted_ew is None):
            ns = self.adjusted_ns or self.adjusted_ew.complement()
            ew = self.adjusted_ew or self.adjusted_ns.complement()
            object.__setattr__(self, "adjusted_ns", ns)
            object.__setattr__(self, "adjusted_ew", ew)

    @property
    def artificial(self) -> bool:
        return self.score_ns is None

    @property
    def absent(self) -> bool:
        """A result against an absent pair: one side has no entrant (the other is adjusted)."""
        return not _members(self.ns) or not _members(self.ew)

    @property
    def split(self) -> bool:
        """A split score (Law 12C): one side keeps the table result, the other is adjusted."""
        return self.score_ns is not None and (self.adjusted_ns is not None or self.adjusted_ew is not None)


@dataclass(frozen=True)
class BoardResults:
    board: str | int
    results: tuple[Result, ...]
    expected: int | None = None  # results the board should have had; default: the session's most
    byes: tuple[str, ...] = ()   # entrants who sat this board out (a bye), for IMP "Mean" byes


CROSS_STYLES = ("average", "sum", "cross2")
SHORT_BOARDS = ("neuberg", "ties", "own-top")
ADJUSTED = ("session", "fixed")
BYE_BOARDS = ("none", "mean", "fixed")


@dataclass(frozen=True)
class Method:
    """How to compare: ``kind`` in METHODS, then the rules a scoring program applies (the named
    rule sets are ``scoring.engine.conventions.CONVENTIONS``; the defaults here are Cardroom's own).

    Matchpoints: ``scale`` "ebu" 2/1/0 or "acbl" 1/0.5/0; ``short_boards`` "neuberg", "ties" (each
    missing result a tie) or "own-top" (a board on its own top, the totals Neuberg-factored and
    scaled to a full card); ``adjusted`` "session" (A+ = 60 % or the session %, if higher) or "fixed"
    (60/50/40); ``absent_counts_to_top`` False leaves a result against an absent pair out of the top.
    Butler: ``datum_drop`` (or ``datum_drop_percent``) results off each end, ``datum_rounding``.
    Cross-IMPs: ``cross`` "average" (per comparison), "sum" (factored to the expected comparisons) or
    "cross2" (integer board sums, the total an average per comparison); ``arbitral_imps`` is what
    A+ is worth per comparison. IMP byes (``byes`` of a board): "mean" (the entrant's own IMPs a
    board) or "fixed" ``bye_imps``. ``ties`` "equals" ("3="), "shared" ("3") or "split" (3, 4 in
    number order); ``rank_decimals`` the decimals totals are compared to when ranking (2: what is
    printed); ``board_decimals`` rounds each board's value before the totals (None: summed
    unrounded, rounded once).
    """

    kind: str = "matchpoints"
    scale: str = "ebu"
    datum_drop: int = 1
    cross_imps_average: bool = True
    datum_drop_percent: float = 0.0
    datum_rounding: str = "half-even"
    cross: str = ""  # "" follows cross_imps_average
    arbitral_imps: float = 3.0
    factor_long: bool = True
    short_boards: str = "neuberg"
    adjusted: str = "session"
    absent_counts_to_top: bool = True
    bye_boards: str = "none"
    bye_imps: float = 0.0
    ties: str = "equals"
    board_decimals: int | None = None
    rank_decimals: int = 2

    def __post_init__(self) -> None:
        if not 0 <= self.rank_decimals <= 10:
            raise ScoringError(f"bad rank_decimals {self.rank_decimals!r}: expected 0 to 10")
        if self.kind not in METHODS:
            raise ScoringError(f"bad method {self.kind!r}: expected one of {', '.join(METHODS)}")
        for name, value, allowed in (("cross", self.cross, ("",) + CROSS_STYLES),
                                     ("short_boards", self.short_boards, SHORT_BOARDS),
                                     ("adjusted", self.adjusted, ADJUSTED),
                                     ("bye_boards", self.bye_boards, BYE_BOARDS),
                                     ("ties", self.ties, TIE_STYLES)):
            if value not in allowed:
                raise ScoringError(f"bad {name} {value!r}: expected one of {', '.join(a for a in allowed if a)}")

    @property
    def is_imps(self) -> bool:
        return self.kind in ("butler", "cross-imps")

    @property
    def cross_style(self) -> str:
        return self.cross or ("average" if self.cross_imps_average else "sum")


@dataclass(frozen=True)
class ResultScore:
    result: Result
    mp_ns: float | None = None
    mp_ew: float | None = None
    pct_ns: float | None = None
    pct_ew: float | None = None
    imp_ns: float | None = None
    imp_ew: float | None = None
    #: The books' methods ("average", "total_tricks"): plus or minus the board's average.
    plus_ns: float | None = None
    plus_ew: float | None = None

    def value(self, side: str, method: str) -> float | None:
        """One side's ("ns"/"ew") comparative score in ``method``'s own unit (``comparative``)."""
        return comparative(self, side, method)


def comparative(score, side: str, method: str) -> float | None:
    """A score's value for one side ("ns"/"ew") in the method's own unit: matchpoints, the
    books' plus/minus the average ("average", "total_tricks"), or IMPs (Butler, cross-IMPs).
    ``score`` is an engine ``ResultScore`` or a stored ``scoring.Score``: the same fields."""
    kind = "mp" if method == "matchpoints" else "plus" if method in ("average", "total_tricks") else "imp"
    return getattr(score, f"{kind}_{side}")


@dataclass(frozen=True)
class BoardScore:
    board: str | int
    top: float | None
    datum: int | None
    results: tuple[ResultScore, ...]


@dataclass(frozen=True)
class Standing:
    rank: str
    entrant: str
    total: float
    top: float | None
    percentage: float | None
    boards: int
    field: str = ""
    rank_tie: str = ""  # a shared place's last place (Ruter 4.9's RankTie: "25" and "26"), "" when not tied


@dataclass(frozen=True)
class Tally:
    """What a session's standings are summed from, per entrant: totals, tops, boards played and
    comparisons, before the credits that need the whole session: ``awards`` (matchpoint adjusted
    scores, each ``(side's entrants, Adjustment, credit top)``, worth the side's session
    percentage when A+/A-) and ``byes`` (entrants sitting out a board, credited their IMP mean or a
    fixed number). Tallies of disjoint boards merge (``settle``): scoring boards in chunks."""

    totals: dict
    tops: dict
    played: dict
    compared: dict
    awards: tuple = ()
    byes: tuple = ()


@dataclass(frozen=True)
class SessionScore:
    method: str
    boards: tuple[BoardScore, ...]
    standings: tuple[Standing, ...] = field(default_factory=tuple)
    tally: Tally | None = field(default=None, compare=False, repr=False)


def _members(side: str | tuple[str, ...]) -> tuple[str, ...]:
    """The entrants of a side; an absent side ("" or ()) has none."""
    return tuple(e for e in side if e) if isinstance(side, tuple) else ((side,) if side else ())


def direction_fields(boards: Sequence[BoardResults]) -> dict[str, str]:
    """Entrant -> "NS" or "EW" for a two-winner movement; an entrant seen both ways is an error."""
    out: dict[str, str] = {}
    for board in boards:
        for r in board.results:
            for direction, side in (("NS", r.ns), ("EW", r.ew)):
                for e in _members(side):
                    if out.setdefault(e, direction) != direction:
                        raise ScoringError(f"{e} sat both N-S and E-W: not a two-winner field")
    return out


def seating_fields(seatings: Iterable[tuple[str, str]],
                   boards: Sequence[BoardResults] = ()) -> dict[str, str]:
    """Entrant -> "NS" or "EW" for a two-winner movement, from where the *movement* seats each
    entrant (``seatings``: its (ns, ew) pairs). A result played the other way round (a missed
    arrow switch) then keeps each pair in its own field: its N-S score is compared with the
    other N-S scores of the board and counted in the pair's home field, as scoring programs
    do. Entrants the movement never seats take the direction they sat in ``boards``."""
    out: dict[str, str] = {}
    for ns, ew in seatings:
        for direction, e in (("NS", ns), ("EW", ew)):
            if out.setdefault(e, direction) != direction:
                raise ScoringError(f"the movement seats {e} both N-S and E-W: not a two-winner movement")
    for board in boards:
        for r in board.results:
            for direction, side in (("NS", r.ns), ("EW", r.ew)):
                for e in _members(side):
                    out.setdefault(e, direction)
    return out


def seated_against_field(result: Result, fields: Mapping[str, str]) -> bool:
    """True when the result's pairs sat the other way round from their fields (missed arrow switch)."""
    return any(fields.get(e) == "EW" for e in _members(result.ns)) or \
        any(fields.get(e) == "NS" for e in _members(result.ew))


def _expected(boards: Sequence[BoardResults]) -> int:
    return max((len(b.results) for b in boards), default=0)


_FACTORING = {"neuberg": "neuberg", "ties": "ties", "own-top": "none"}


def _mp_board(board: BoardResults, expected: int, method: Method):
    """(shown, shown top, credited, credited top): what the board prints and what the totals take.
    They differ only for "own-top" boards (printed on their own top, Neuberg-factored in the totals)."""
    results = board.results
    counted = [i for i, r in enumerate(results) if method.absent_counts_to_top or not r.absent]
    n = (board.expected or max(expected, len(results))) - (len(results) - len(counted))
    scores = [results[i].score_ns for i in counted]
    groups = [results[i].group for i in counted]
    mps, board_top = board_matchpoints(scores, groups=groups, expected=max(n, len(counted)), scale=method.scale,
                                       factoring=_FACTORING[method.short_boards])
    shown: list[float | None] = [None] * len(results)
    for i, mp in zip(counted, mps):
        shown[i] = mp
    if method.short_boards != "own-top":
        return shown, board_top, shown, board_top
    sizes: dict[Hashable, int] = {}
    for i in counted:
        if not results[i].artificial:
            sizes[results[i].group] = sizes.get(results[i].group, 0) + 1
    n = max(n, len(counted))
    credited = [None if v is None else (neuberg(v, sizes[results[i].group], n, method.scale)
                                        if sizes[results[i].group] != n else v)
                for i, v in enumerate(shown)]
    return shown, board_top, credited, top(n, method.scale)


def _imp_board(board: BoardResults, expected: int, method: Method):
    """Per result its IMPs and comparisons, the board's datum and its expected number of results."""
    groups: dict[Hashable, list[int]] = {}
    for i, r in enumerate(board.results):
        if not r.artificial:
            groups.setdefault(r.group, []).append(i)
    out: list[float | None] = [None] * len(board.results)
    comparisons = [0] * len(board.results)
    board_datum = None
    n_expected = board.expected or max(expected, len(board.results))
    style = method.cross_style
    for label, idx in groups.items():
        scores = [board.results[i].score_ns for i in idx]
        d = datum(scores, drop=method.datum_drop, rounding=method.datum_rounding,
                  drop_percent=method.datum_drop_percent)
        if board_datum is None or label == "":
            board_datum = d
        m = len(idx)
        if method.kind == "butler":
            values = [float(imps(s - d)) for s in scores]
        else:
            totals = cross_imps(scores)
            if style == "average":
                values = [t / (m - 1) if m > 1 else 0.0 for t in totals]
            elif style == "cross2":
                values = [float(t) for t in totals]
            else:
                factored = m > 1 and (m < n_expected or (m > n_expected and method.factor_long))
                factor = (n_expected - 1) / (m - 1) if factored else (1.0 if m > 1 else 0.0)
                values = [t * factor for t in totals]
        for i, v in zip(idx, values):
            out[i] = v
            comparisons[i] = m - 1
    return out, comparisons, board_datum, n_expected


def score_session(
    boards: Sequence[BoardResults],
    method: str | Method = "matchpoints",
    *,
    fields: Mapping[str, str] | None = None,
    tiebreaks: Sequence[Mapping[str, float]] = (),
    convention=None,
) -> SessionScore:
    """Score every board and rank the entrants; ``convention`` (a ``conventions.Convention``)
    applies a scoring program's rules to the method's family.

    Matchpoints: each board is factored to its expected number of results (artificial results
    excluded from the comparison and given their Law 12C percentage of the top, Average-plus/minus
    using the entrant's percentage on its other boards unless fixed; a split score's table result
    stays in the comparison for the side that keeps it). IMPs: Butler against the datum or
    cross-IMPs; artificial scores count their IMP equivalent. Standings: MP events rank by
    percentage (Sum MP / Sum top), IMP events by total IMPs (Cross2: IMPs per comparison).
    """
    if convention is not None:
        method = convention.method(method.kind if isinstance(method, Method) else str(method))
    method = method if isinstance(method, Method) else Method(str(method))
    if sum(len(b.results) for b in boards) >= COLUMNS_FROM:
        from .columns import score_columns  # NumPy: imported for big fields only
        scored = score_columns(boards, method, fields=fields, tiebreaks=tiebreaks)
        if scored is not None:
            return scored
    imp = method.is_imps
    cross2 = method.kind == "cross-imps" and method.cross_style == "cross2"
    expected = _expected(boards)
    totals: dict[str, float] = {}
    tops: dict[str, float] = {}
    played: dict[str, int] = {}
    compared: dict[str, int] = {}

    def credit(side, value, board_top, comparisons=0):
        if method.board_decimals is not None:
            value = round(value, method.board_decimals)
        for e in _members(side):
            totals[e] = totals.get(e, 0.0) + value
            tops[e] = tops.get(e, 0.0) + (board_top or 0.0)
            played[e] = played.get(e, 0) + 1
            compared[e] = compared.get(e, 0) + comparisons

    raw = []
    for board in boards:
        if imp:
            values, comparisons, board_datum, n = _imp_board(board, expected, method)
            raw.append((board, values, comparisons, None, None, board_datum, n))
            for r, v, c in zip(board.results, values, comparisons):
                if v is not None:
                    if r.adjusted_ns is None:
                        credit(r.ns, v, None, c)
                    if r.adjusted_ew is None:
                        credit(r.ew, -v, None, c)
            continue
        shown, shown_top, credited, credit_top = _mp_board(board, expected, method)
        raw.append((board, shown, credited, shown_top, credit_top, None, None))
        for r, v in zip(board.results, credited):
            if v is not None:
                if r.adjusted_ns is None:
                    credit(r.ns, v, credit_top)
                if r.adjusted_ew is None:
                    credit(r.ew, credit_top - v, credit_top)

    session_pct = session_percentages(method, totals, tops)
    awards: list[tuple[tuple[str, ...], Adjustment, float]] = []

    def side_pct(side) -> float | None:
        return _side_percent(session_pct, side)

    def award(side, adjustment, credit_top) -> None:
        awards.append((_members(side), adjustment, credit_top))

    board_scores = []
    for board, shown, other, shown_top, credit_top, board_datum, n in raw:
        scored = []
        if imp:
            butler_board = method.kind == "butler"
            a_plus = 3.0 if butler_board else method.arbitral_imps
            per = 1 if butler_board or method.cross_style == "average" else max(1, n - 1)
            art_comparisons = 0 if butler_board else max(1, n - 1)
            for r, v in zip(board.results, shown):
                if r.artificial:
                    ins, iew = r.adjusted_ns.imps(a_plus) * per, r.adjusted_ew.imps(a_plus) * per
                    credit(r.ns, ins, None, art_comparisons)
                    credit(r.ew, iew, None, art_comparisons)
                else:
                    ins, iew = v, -v
                    if r.adjusted_ns is not None:
                        ins = r.adjusted_ns.imps(a_plus) * per
                        credit(r.ns, ins, None, art_comparisons)
                    elif r.adjusted_ew is not None:
                        iew = r.adjusted_ew.imps(a_plus) * per
                        credit(r.ew, iew, None, art_comparisons)
                scored.append(ResultScore(r, imp_ns=ins, imp_ew=iew))
            board_scores.append(BoardScore(board.board, None, board_datum, tuple(scored)))
            continue
        pct = (lambda mp: 100 * mp / shown_top if shown_top else 50.0)
        for r, v in zip(board.results, shown):
            if r.artificial:
                p_ns = r.adjusted_ns.mp_percent(side_pct(r.ns))
                p_ew = r.adjusted_ew.mp_percent(side_pct(r.ew))
                mp_ns, mp_ew = shown_top * p_ns / 100, shown_top * p_ew / 100
                award(r.ns, r.adjusted_ns, credit_top)
                award(r.ew, r.adjusted_ew, credit_top)
            else:
                mp_ns, mp_ew = v, shown_top - v
                if r.adjusted_ns is not None:
                    p = r.adjusted_ns.mp_percent(side_pct(r.ns))
                    mp_ns = shown_top * p / 100
                    award(r.ns, r.adjusted_ns, credit_top)
                elif r.adjusted_ew is not None:
                    p = r.adjusted_ew.mp_percent(side_pct(r.ew))
                    mp_ew = shown_top * p / 100
                    award(r.ew, r.adjusted_ew, credit_top)
            scored.append(ResultScore(r, mp_ns=mp_ns, mp_ew=mp_ew, pct_ns=pct(mp_ns), pct_ew=pct(mp_ew)))
        board_scores.append(BoardScore(board.board, shown_top, board_datum, tuple(scored)))

    tally = Tally(totals, tops, played, compared, tuple(awards), tuple(e for b in boards for e in b.byes))
    totals, tops, played, compared = settle(method, (tally,))
    standings = standings_of(method, totals, tops, played, compared, fields=fields, tiebreaks=tiebreaks)
    return SessionScore(method.kind, tuple(board_scores), standings, tally)


def session_percentages(method: Method, totals: Mapping[str, float], tops: Mapping[str, float]) -> dict[str, float]:
    """Entrant -> its session percentage, what Average-plus/minus are worth (none when fixed)."""
    if method.adjusted != "session":
        return {}
    return {e: 100 * totals[e] / tops[e] for e in totals if tops.get(e)}


def _side_percent(session_pct: Mapping[str, float], side) -> float | None:
    known = [session_pct[e] for e in _members(side) if e in session_pct]
    return sum(known) / len(known) if known else None


def settle(method: Method, tallies: Sequence[Tally]) -> tuple[dict, dict, dict, dict]:
    """Merge tallies (of disjoint boards) into the totals standings are ranked by: sum them, then
    credit the awards at each side's session percentage over all the tallies' boards, then the
    IMP byes. One tally gives exactly what ``score_session`` ranks."""
    totals: dict[str, float] = {}
    tops: dict[str, float] = {}
    played: dict[str, int] = {}
    compared: dict[str, int] = {}
    for t in tallies:
        for e, v in t.totals.items():
            totals[e] = totals.get(e, 0.0) + v
            tops[e] = tops.get(e, 0.0) + t.tops.get(e, 0.0)
            played[e] = played.get(e, 0) + t.played.get(e, 0)
            compared[e] = compared.get(e, 0) + t.compared.get(e, 0)
    session_pct = session_percentages(method, totals, tops)
    for t in tallies:
        for members, adjustment, credit_top in t.awards:
            value = credit_top * adjustment.mp_percent(_side_percent(session_pct, members)) / 100
            if method.board_decimals is not None:
                value = round(value, method.board_decimals)
            for e in members:
                totals[e] = totals.get(e, 0.0) + value
                tops[e] = tops.get(e, 0.0) + (credit_top or 0.0)
                played[e] = played.get(e, 0) + 1
                compared[e] = compared.get(e, 0)
    cross2 = method.kind == "cross-imps" and method.cross_style == "cross2"
    if method.is_imps and not cross2 and method.bye_boards != "none":
        mean = {e: totals[e] / played[e] for e in totals if played[e]}
        for t in tallies:
            for e in t.byes:
                if e in mean:
                    totals[e] += mean[e] if method.bye_boards == "mean" else method.bye_imps
    return totals, tops, played, compared


def standings_of(method: Method, totals: Mapping[str, float], tops: Mapping[str, float], played: Mapping[str, int],
                 compared: Mapping[str, int], *, fields: Mapping[str, str] | None = None,
                 tiebreaks: Sequence[Mapping[str, float]] = ()) -> tuple[Standing, ...]:
    """Each field ranked: MP by percentage (Sum MP / Sum top), IMPs by total (Cross2: per comparison)."""
    imp = method.is_imps
    cross2 = method.kind == "cross-imps" and method.cross_style == "cross2"
    field_of = dict(fields or {})
    entrants = list(totals)
    if not imp:
        values = [100 * totals[e] / tops[e] if tops[e] else 50.0 for e in entrants]
    elif cross2:
        values = [totals[e] / compared[e] if compared.get(e) else totals[e] for e in entrants]
    else:
        values = list(totals.values())
    by_field: dict[str, dict[str, float]] = {}
    if not field_of:
        by_field[""] = dict(zip(entrants, values))
    else:
        for e, value in zip(entrants, values):
            by_field.setdefault(field_of.get(e, ""), {})[e] = value
    standings = []
    own_top = method.short_boards == "own-top" and not imp
    for label in sorted(by_field, key=natural_key):
        values = by_field[label]
        full = max(played[e] for e in values)
        ranked = rank(values, tiebreaks=tiebreaks, ties=method.ties, ndigits=method.rank_decimals)
        ends = tie_ends(ranked)
        if not own_top:
            shown = values if cross2 else totals
            standings.extend([Standing(position, e, shown[e], None if imp else tops[e], None if imp else values[e],
                                       played[e], label, ends.get(position, "")) for position, e in ranked])
            continue
        for position, e in ranked:
            total, board_top = totals[e], tops[e]
            if played[e] < full:
                total, board_top = total * full / played[e], board_top * full / played[e]
            standings.append(Standing(position, e, total, board_top, values[e], played[e], label,
                                      ends.get(position, "")))
    return tuple(standings)


__all__ = [
    "BoardResults", "BoardScore", "Method", "METHODS", "Result", "ResultScore", "SessionScore",
    "Standing", "Tally", "direction_fields", "settle", "matchpoints", "score_session", "standings_of", "seated_against_field", "seating_fields",
]
