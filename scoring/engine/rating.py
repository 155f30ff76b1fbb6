"""A club rating in the manner of the EBU's National Grading Scheme (NGS).

A rating is the percentage a player would expect in a matchpointed pairs session playing with
a partner of the same rating against a field of average (50) strength. For a pair (a, b)
against opponents whose ratings average ``opp``, the expected percentage ("par") is

    par = 50 + (Ga + Gb) / 2 - opp

(EBU NGS, "Strength of opponents and strength of field": a stronger field lowers the par by
as much as it is above average). A session where the pair scored ``P`` per cent gives each
player a session grade

    SGa = Ga + gain * (P - par)

and the rating is the board-weighted average of the session grades, older boards weighing less:
each board played since multiplies a session's weight by ``d = 1 - 1/memory`` (so the weights
add up to about ``memory`` boards, the "last 100 boards" of this club rating; the NGS uses
2,000), and each day since by ``0.5 ** (1 / half_life_days)``. Recursively, with ``w`` the
player's decayed weight in boards and ``n`` the boards of the session::

    w' = w * d**n * t + n
    Ga' = (w * d**n * t * Ga + n * SGa) / w'

A new player starts at ``start`` with no weight, so their first session sets their rating;
after about ``memory`` boards it is a settled rating. Partners who always play together start
equal and get the same session grade, so they move together. Guests and players without a
rating count at ``start`` in their opponents' par.

Sources: EBU, "National Grading Scheme: full description" (v16, April 2018; sections
"Decay of effect of previous sessions", "Strength of opponents and strength of field",
"Calculating session grades for pairs events"), https://www.ebu.co.uk/documents/miscellaneous/ngs/full-guide.pdf;
M. Christie, "National Grading Scheme", English Bridge, October 2012 (par = average of the
partners' grades, lowered by the field's strength above 50); EBU blog 57 and 59 (2012-13: the
gain factor, the boards window, new players' starting grade).
"""
from __future__ import annotations

import datetime
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass, replace

from .errors import ScoringError


@dataclass(frozen=True)
class RatingRules:
    """``memory``: boards over which the rating converges; ``half_life_days``: old results fade
    with time too (None: boards only); ``start``: a new player's rating; ``gain``: how far a
    session's result beyond par moves the session grade."""

    memory: float = 100.0
    half_life_days: float | None = 365.0
    start: float = 50.0
    gain: float = 1.0

    def __post_init__(self):
        if not self.memory > 1:
            raise ScoringError("the rating's memory must be more than one board")
        if self.half_life_days is not None and not self.half_life_days > 0:
            raise ScoringError("the rating's half life must be positive")


@dataclass(frozen=True)
class Grade:
    """A player's rating: ``value`` (a percentage), ``weight`` (decayed boards behind it),
    ``boards`` and ``sessions`` played in all, the ``date`` of the last."""

    value: float
    weight: float = 0.0
    boards: int = 0
    sessions: int = 0
    date: datetime.date | None = None


@dataclass(frozen=True)
class PairScore:
    """A pair's result in one field: its players (one or two keys; None for a guest, who is not
    rated), its ``percentage`` and the ``boards`` it played."""

    players: tuple
    percentage: float
    boards: int


@dataclass(frozen=True)
class RatedSession:
    """One field of one session (a section, or one direction of a two-winner section): the pairs
    who competed for the same matchpoints."""

    key: Hashable
    date: datetime.date
    pairs: tuple[PairScore, ...]


def grade_of(grades: Mapping[Hashable, Grade], player: Hashable | None, rules: RatingRules) -> float:
    if player is None:
        return rules.start
    g = grades.get(player)
    return rules.start if g is None else g.value


def pair_grade(grades: Mapping[Hashable, Grade], players: tuple, rules: RatingRules) -> float:
    values = [grade_of(grades, p, rules) for p in players] or [rules.start]
    return sum(values) / len(values)


def par(grades: Mapping[Hashable, Grade], session: RatedSession, index: int, rules: RatingRules) -> float:
    """The expected percentage of ``session.pairs[index]``: 50 + its grade - its opponents'."""
    own = pair_grade(grades, session.pairs[index].players, rules)
    others = [pair_grade(grades, p.players, rules) for i, p in enumerate(session.pairs) if i != index]
    opp = sum(others) / len(others) if others else rules.start
    return 50.0 + own - opp


def decay(grade: Grade, boards: int, date: datetime.date, rules: RatingRules) -> float:
    """The weight left of a grade after ``boards`` more boards, on ``date``."""
    w = grade.weight * (1.0 - 1.0 / rules.memory) ** boards
    if rules.half_life_days is not None and grade.date is not None and date > grade.date:
        w *= 0.5 ** ((date - grade.date).days / rules.half_life_days)
    return w


@dataclass(frozen=True)
class Change:
    """What one session did to one player: ``before`` and ``after`` the session, the pair's
    ``par`` and ``percentage``, the ``boards`` played."""

    player: Hashable
    before: float
    after: Grade
    par: float
    percentage: float
    boards: int


def session_changes(grades: Mapping[Hashable, Grade], session: RatedSession,
                    rules: RatingRules = RatingRules()) -> list[Change]:
    """Each rated player's change in the session; pars use everyone's grades from before the
    session, so the order of pairs does not matter."""
    changes = []
    strengths = [pair_grade(grades, p.players, rules) for p in session.pairs]
    total, n = sum(strengths), len(strengths)
    for i, pair in enumerate(session.pairs):
        if pair.boards <= 0:
            continue
        opp = (total - strengths[i]) / (n - 1) if n > 1 else rules.start
        expected = 50.0 + strengths[i] - opp  # par(), with the field's grades summed once
        for player in pair.players:
            if player is None:
                continue
            old = grades.get(player) or Grade(rules.start)
            session_grade = old.value + rules.gain * (pair.percentage - expected)
            kept = decay(old, pair.boards, session.date, rules)
            weight = kept + pair.boards
            value = (kept * old.value + pair.boards * session_grade) / weight
            changes.append(Change(player, old.value, Grade(round(value, 6), weight, old.boards + pair.boards,
                                                           old.sessions + 1, session.date),
                                  round(expected, 4), pair.percentage, pair.boards))
    return changes


def rate_session(grades: Mapping[Hashable, Grade], session: RatedSession,
                 rules: RatingRules = RatingRules()) -> dict[Hashable, Grade]:
    """The new grades of the session's rated players."""
    return {c.player: c.after for c in session_changes(grades, session, rules)}


def rate(sessions: Iterable[RatedSession], rules: RatingRules = RatingRules(),
         grades: Mapping[Hashable, Grade] | None = None) -> dict[Hashable, Grade]:
    """Every player's grade after the sessions, in the order given (date order), starting from
    ``grades`` (none: from scratch)."""
    state = dict(grades or {})
    for session in sessions:
        state.update(rate_session(state, session, rules))
    return state


def as_of(grade: Grade, date: datetime.date, rules: RatingRules = RatingRules()) -> Grade:
    """The grade with its weight decayed to ``date`` (its value is unchanged: no play, no news)."""
    return replace(grade, weight=decay(grade, 0, date, rules))
