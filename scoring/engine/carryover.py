"""Carry-over of a championship played over several sessions: each session is scored on its own
(``scoring.engine.session``), then its entrants' figures are carried into one cumulative table.

An entrant keeps one identity across the sessions (the same pair, even with a substitute), so
a ``SessionLine`` names it by that identity, not by the session's pair number. The rule set:

- ``sum``: the plain sum of the sessions' totals (matchpoints or IMPs), as a two-session
  championship is scored "on aggregate".
- ``average``: the average of the sessions' percentages, each session counting once.
- ``weighted``: the percentages weighted by the boards played in each session (a 27-board
  session counts more than a 24-board one): sum(pct × boards) / sum(boards).
- ``factored``: a fraction of what was carried in plus the session's total, session by
  session: cumulative_k = factor × cumulative_(k-1) + total_k (the EBU's "carry-forward" of a
  fraction of the qualifying score into a final; factor 1 is the plain sum).

Qualification (``qualifiers``) takes the top ``top`` of a cumulative table, or the top ``top``
of each section; entrants tied at the cut-off place all go through (their rank, "8=", is
within the cut). Ties in the table share a rank ("3="), compared at two decimals as published
(EBU White Book 143.1, ``scoring.engine.ranking``).
"""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from .errors import ScoringError
from .ranking import rank

SUM, AVERAGE, WEIGHTED, FACTORED = "sum", "average", "weighted", "factored"
RULES = (SUM, AVERAGE, WEIGHTED, FACTORED)
# Rules that carry percentages (the others carry totals: matchpoints or IMPs).
PERCENTAGE_RULES = (AVERAGE, WEIGHTED)


@dataclass(frozen=True)
class CarryRules:
    """How sessions add up: ``rule`` (one of ``RULES``), its ``factor`` (``factored`` only:
    the fraction of the cumulative score carried into the next session), and the qualification
    cut-off: the top ``qualify_top`` (None: everyone goes through), per section when
    ``per_section``."""

    rule: str = SUM
    factor: float = 1.0
    qualify_top: int | None = None
    per_section: bool = False

    def __post_init__(self):
        if self.rule not in RULES:
            raise ScoringError(f"unknown carry-over {self.rule!r}: one of {', '.join(RULES)}")
        if not 0 <= self.factor <= 1:
            raise ScoringError(f"a carry-over factor is from 0 to 1, not {self.factor}")
        if self.qualify_top is not None and self.qualify_top < 1:
            raise ScoringError("a qualification cut-off is at least 1")


@dataclass(frozen=True)
class SessionLine:
    """One entrant's result in one session: its ``total`` (matchpoints or IMPs), ``percentage``
    (None: a method without one), ``boards`` played and the ``section`` it played in."""

    entrant: str
    session: int
    total: float
    percentage: float | None = None
    boards: int = 0
    section: str = ""


@dataclass(frozen=True)
class CumulativeLine:
    """An entrant's line after ``session``: ``session_score`` is the session's own figure by
    the rule (a total or a percentage), ``carried`` what it brought in from the sessions before
    (after the factor), ``cumulative`` the table's figure; ``played`` the sessions it has a
    result in; ``detail`` the figure of each session, in session order."""

    entrant: str
    session: int
    section: str
    session_score: float
    carried: float
    cumulative: float
    played: int
    detail: tuple[float, ...] = field(default_factory=tuple)
    rank: str = ""
    position: int = 0
    qualified: bool = False


def session_figure(line: SessionLine, rule: str) -> float:
    """The figure of a session the rule adds up: its percentage for the percentage rules
    (a session without one counts 0), else its total."""
    if rule in PERCENTAGE_RULES:
        return line.percentage if line.percentage is not None else 0.0
    return line.total


def carry(lines: Sequence[SessionLine], rules: CarryRules) -> tuple[float, float]:
    """(carried in, cumulative) of one entrant's sessions, in session order: what the sessions
    before the last bring in under the rule, and the cumulative figure with the last one."""
    if not lines:
        return 0.0, 0.0
    lines = sorted(lines, key=lambda s: s.session)
    figures = [session_figure(s, rules.rule) for s in lines]
    if rules.rule == SUM:
        return sum(figures[:-1]), sum(figures)
    if rules.rule == AVERAGE:
        before = sum(figures[:-1]) / (len(figures) - 1) if len(figures) > 1 else 0.0
        return before, sum(figures) / len(figures)
    if rules.rule == WEIGHTED:
        def weighted(part):
            boards = sum(s.boards for s in part)
            return sum(f * s.boards for f, s in zip(figures, part)) / boards if boards else 0.0
        return weighted(lines[:-1]), weighted(lines)
    cumulative = 0.0
    for f in figures[:-1]:
        cumulative = rules.factor * cumulative + f
    carried = rules.factor * cumulative
    return carried, carried + figures[-1]


def cumulative_table(lines: Iterable[SessionLine], rules: CarryRules, *, after: int) -> tuple[CumulativeLine, ...]:
    """The cumulative table after session ``after``: every entrant with a result in that
    session, its earlier sessions carried over by the rules, ranked (ties share a rank),
    with the qualifiers of ``rules`` marked."""
    by_entrant: dict[str, list[SessionLine]] = defaultdict(list)
    for line in lines:
        if line.session <= after:
            by_entrant[line.entrant].append(line)
    rows: dict[str, CumulativeLine] = {}
    for entrant, own in by_entrant.items():
        own.sort(key=lambda s: s.session)
        if own[-1].session != after:
            continue  # not in this session (did not qualify, or withdrew)
        if len({s.session for s in own}) != len(own):
            raise ScoringError(f"{entrant} has two results in one session")
        carried, total = carry(own, rules)
        rows[entrant] = CumulativeLine(
            entrant=entrant, session=after, section=own[-1].section,
            session_score=round(session_figure(own[-1], rules.rule), 4), carried=round(carried, 4),
            cumulative=round(total, 4), played=len(own),
            detail=tuple(round(session_figure(s, rules.rule), 4) for s in own))
    order = rank({e: r.cumulative for e, r in rows.items()})
    ranked = [_replace(rows[e], rank=r, position=i) for i, (r, e) in enumerate(order, start=1)]
    chosen = qualifiers(ranked, rules)
    return tuple(_replace(r, qualified=r.entrant in chosen) for r in ranked)


def qualifiers(table: Sequence[CumulativeLine], rules: CarryRules) -> frozenset[str]:
    """The entrants of a ranked table who go on: everyone without a cut-off; else the top
    ``qualify_top`` (of each section when ``per_section``), ties at the cut all through."""
    if rules.qualify_top is None:
        return frozenset(r.entrant for r in table)
    groups: dict[str, list[CumulativeLine]] = defaultdict(list)
    for r in table:
        groups[r.section if rules.per_section else ""].append(r)
    chosen = set()
    for group in groups.values():
        if rules.per_section:  # ranks within the section
            order = rank({r.entrant: r.cumulative for r in group})
            places = {e: _place(r) for r, e in order}
        else:
            places = {r.entrant: _place(r.rank) for r in group}
        chosen |= {e for e, p in places.items() if p <= rules.qualify_top}
    return frozenset(chosen)


def _place(rank_text: str) -> int:
    return int(rank_text.rstrip("="))


def _replace(line: CumulativeLine, **changes) -> CumulativeLine:
    from dataclasses import replace

    return replace(line, **changes)
