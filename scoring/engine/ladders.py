"""Season competitions: a player's results over many sessions added up into one table.

An ``Outcome`` is one player's share of their pair's result in one session (both partners get
the pair's percentage and place, as BridgeWebs and Pianola ladders credit them). The tables:

- ``ladder``: the best ``best`` results of each player's sessions, summed (percentages, or
  points for placings from a ``PlacingPoints`` scale); adding a result never lowers a score.
- ``average``: the average percentage, ranked among players with at least ``minimum`` sessions.
- ``most_improved``: the average percentage in the competition less the player's rating at its
  start (``scoring.engine.rating``), at least ``minimum`` sessions.
- ``masterpoints``: the club's award scale (``MasterpointScale``: per placing, per field size,
  per section), summed.
- ``handicap_cup``: each session's percentage plus the pair's handicap (``handicap_of``).
- ``championship``: a named set of sessions, carried over as a plain sum or an average.

Ties share a rank (``"3="``), as ``scoring.engine.ranking`` writes them.
"""
from __future__ import annotations

import datetime
import math
from collections import defaultdict
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from . import carryover
from .errors import ScoringError

PERCENTAGE, PLACINGS = "percentage", "placings"
BASES = (PERCENTAGE, PLACINGS)
SUM, AVERAGE = "sum", "average"
CARRY_OVERS = (SUM, AVERAGE)


@dataclass(frozen=True)
class Outcome:
    """One player's result in one session: ``place`` of ``size`` pairs in their field (``tied``
    pairs share the place), the pair's ``percentage`` (None: a method without one), and the
    player's ``partner`` (None: unknown or a guest)."""

    player: Hashable
    session: Hashable
    date: datetime.date
    place: int
    size: int
    percentage: float | None = None
    tied: int = 1
    partner: Hashable | None = None
    section: str = ""


@dataclass(frozen=True)
class Row:
    """A player's line in a competition table: ``score`` (what the table ranks by), the
    sessions ``played`` and those ``counted``, ``qualified`` (enough sessions), ``detail``
    (the figures per counted session, in session order)."""

    player: Hashable
    score: float
    played: int
    counted: tuple = ()
    qualified: bool = True
    detail: tuple = ()
    rank: str = ""


@dataclass(frozen=True)
class PlacingPoints:
    """Points for a placing: ``scale[0]`` for first, ``scale[1]`` for second, ... nothing below
    the scale. Tied pairs share the points of the places they cover, averaged."""

    scale: tuple[float, ...] = (10, 8, 6, 5, 4, 3, 2, 1)

    def points(self, place: int, tied: int = 1) -> float:
        covered = [self.scale[p - 1] if 0 < p <= len(self.scale) else 0.0 for p in range(place, place + max(1, tied))]
        return sum(covered) / len(covered)


@dataclass(frozen=True)
class MasterpointBand:
    """The awards for a field of at least ``min_size`` pairs: ``awards[0]`` to the first pair, ..."""

    min_size: int
    awards: tuple[int, ...]


@dataclass(frozen=True)
class MasterpointScale:
    """The club's award scale as data: bands by field size (pairs in a section, or in a
    direction of a two-winner section), each a list of awards by placing. A field smaller than
    every band awards nothing. Ties share the awards of the places they cover, rounded up
    (the EBU's practice for club masterpoints)."""

    bands: tuple[MasterpointBand, ...] = field(default_factory=tuple)

    @classmethod
    def from_data(cls, data: Mapping) -> MasterpointScale:
        """``{"bands": [{"min_size": 4, "awards": [60, 40]}, ...]}`` -> a scale; a ScoringError
        names what is wrong."""
        bands = data.get("bands") if isinstance(data, Mapping) else None
        if not isinstance(bands, list) or not bands:
            raise ScoringError("a masterpoint scale needs a list of bands")
        out = []
        for i, band in enumerate(bands, start=1):
            if not isinstance(band, Mapping):
                raise ScoringError(f"band {i} is not an object")
            size, awards = band.get("min_size"), band.get("awards")
            if not isinstance(size, int) or isinstance(size, bool) or size < 1:
                raise ScoringError(f"band {i}: min_size must be a whole number of pairs, at least 1")
            if (not isinstance(awards, list) or not awards
                    or any(not isinstance(a, int) or isinstance(a, bool) or a < 0 for a in awards)):
                raise ScoringError(f"band {i}: awards must be a list of whole numbers of points, none negative")
            out.append(MasterpointBand(size, tuple(awards)))
        sizes = [b.min_size for b in out]
        if len(set(sizes)) != len(sizes):
            raise ScoringError("two bands have the same min_size")
        return cls(tuple(sorted(out, key=lambda b: b.min_size)))

    def as_data(self) -> dict:
        return {"bands": [{"min_size": b.min_size, "awards": list(b.awards)} for b in self.bands]}

    def award(self, place: int, size: int, tied: int = 1) -> int:
        band = None
        for b in self.bands:
            if b.min_size <= size:
                band = b
        if band is None:
            return 0
        covered = [band.awards[p - 1] if 0 < p <= len(band.awards) else 0 for p in range(place, place + max(1, tied))]
        return math.ceil(sum(covered) / len(covered))


# An illustrative club scale: first three places from 4 pairs, more places as the field grows.
DEFAULT_MASTERPOINTS = MasterpointScale((
    MasterpointBand(4, (12, 8, 6)),
    MasterpointBand(7, (16, 12, 8, 6)),
    MasterpointBand(10, (24, 16, 12, 8, 6)),
    MasterpointBand(14, (30, 20, 15, 12, 8, 6)),
))


def ranked(rows: Iterable[Row], *, reverse: bool = True) -> list[Row]:
    """Qualified rows first, by score (highest first unless ``reverse`` is False), sharing a
    rank when equal to two decimals; unqualified rows after them, unranked."""
    rows = list(rows)
    ok = sorted((r for r in rows if r.qualified), key=lambda r: (-r.score if reverse else r.score, str(r.player)))
    rest = sorted((r for r in rows if not r.qualified), key=lambda r: (-r.played, str(r.player)))
    keys = [round(r.score, 2) for r in ok]
    out = []
    for i, r in enumerate(ok):
        first = keys.index(keys[i])
        shared = keys.count(keys[i]) > 1
        out.append(_with_rank(r, f"{first + 1}{'=' if shared else ''}"))
    return out + [_with_rank(r, "") for r in rest]


def _with_rank(row: Row, rank: str) -> Row:
    return Row(row.player, row.score, row.played, row.counted, row.qualified, row.detail, rank)


def _by_player(outcomes: Iterable[Outcome]) -> dict[Hashable, list[Outcome]]:
    grouped: dict[Hashable, list[Outcome]] = defaultdict(list)
    for o in outcomes:
        grouped[o.player].append(o)
    for results in grouped.values():
        results.sort(key=lambda o: (o.date, str(o.session)))
    return grouped


def result_value(outcome: Outcome, basis: str, points: PlacingPoints) -> float | None:
    if basis == PLACINGS:
        return points.points(outcome.place, outcome.tied)
    return outcome.percentage


def best_of(values: Sequence[tuple[Hashable, float]], best: int | None) -> list[tuple[Hashable, float]]:
    """The ``best`` highest (session, value) pairs (all when ``best`` is None), in session order;
    equal values keep the earlier session."""
    if best is None:
        return list(values)
    order = sorted(range(len(values)), key=lambda i: (-values[i][1], i))[:max(0, best)]
    return [values[i] for i in sorted(order)]


def ladder(outcomes: Iterable[Outcome], *, best: int | None, basis: str = PERCENTAGE,
           points: PlacingPoints = PlacingPoints()) -> list[Row]:
    """Best ``best`` of each player's results summed (None: all of them). A session without a
    percentage counts by percentage as nothing (it is skipped)."""
    if basis not in BASES:
        raise ScoringError(f"unknown ladder basis {basis!r}")
    rows = []
    for player, results in _by_player(outcomes).items():
        values = [(o.session, v) for o in results if (v := result_value(o, basis, points)) is not None]
        counted = best_of(values, best)
        rows.append(Row(player, round(sum(v for _, v in counted), 4), len(results),
                        tuple(s for s, _ in counted), True, tuple(round(v, 2) for _, v in counted)))
    return ranked(rows)


def average(outcomes: Iterable[Outcome], *, minimum: int = 1) -> list[Row]:
    """Average percentage over every session with one; ranked among players with ``minimum``."""
    rows = []
    for player, results in _by_player(outcomes).items():
        values = [(o.session, o.percentage) for o in results if o.percentage is not None]
        mean = sum(v for _, v in values) / len(values) if values else 0.0
        rows.append(Row(player, round(mean, 4), len(values), tuple(s for s, _ in values),
                        len(values) >= max(1, minimum), tuple(round(v, 2) for _, v in values)))
    return ranked(rows)


def most_improved(outcomes: Iterable[Outcome], start: Mapping[Hashable, float], *, minimum: int = 1,
                  default: float = 50.0) -> list[Row]:
    """The average percentage in the competition less the player's rating at its start
    (``default`` for a player with none): who beat their own expectation by most."""
    rows = []
    for row in average(outcomes, minimum=minimum):
        before = start.get(row.player, default)
        rows.append(Row(row.player, round(row.score - before, 4), row.played, row.counted, row.qualified,
                        (round(before, 2),) + row.detail))
    return ranked(rows)


def masterpoints(outcomes: Iterable[Outcome], scale: MasterpointScale) -> list[Row]:
    """Each session's award by the club's scale (the field each pair placed in: section, or one
    direction of it), summed."""
    rows = []
    for player, results in _by_player(outcomes).items():
        awards = [scale.award(o.place, o.size, o.tied) for o in results]
        rows.append(Row(player, float(sum(awards)), len(results), tuple(o.session for o in results), True,
                        tuple(awards)))
    return ranked(rows)


def handicap_of(rating: float | None, *, par: float = 50.0, limit: float = 10.0) -> float:
    """A player's handicap from their rating: what they are below ``par`` (negative above it),
    bounded by ``limit`` either way; no rating, no handicap."""
    if rating is None:
        return 0.0
    return round(max(-limit, min(limit, par - rating)), 2)


def handicap_cup(outcomes: Iterable[Outcome], handicaps: Mapping[Hashable, float], *, best: int | None = None,
                 minimum: int = 1) -> list[Row]:
    """Each session's percentage plus the pair's handicap (the average of the two players'
    handicaps; a partner without one counts as 0), then the best ``best`` averaged (all when
    None), ranked among players with ``minimum`` sessions."""
    rows = []
    for player, results in _by_player(outcomes).items():
        values = []
        for o in results:
            if o.percentage is None:
                continue
            pair = (handicaps.get(player, 0.0) + handicaps.get(o.partner, 0.0)) / 2 if o.partner is not None \
                else handicaps.get(player, 0.0)
            values.append((o.session, o.percentage + pair))
        counted = best_of(values, best)
        mean = sum(v for _, v in counted) / len(counted) if counted else 0.0
        rows.append(Row(player, round(mean, 4), len(values), tuple(s for s, _ in counted),
                        len(values) >= max(1, minimum), tuple(round(v, 2) for _, v in counted)))
    return ranked(rows)


def championship(outcomes: Iterable[Outcome], *, sessions: Sequence[Hashable], carry_over: str = SUM) -> list[Row]:
    """A named set of sessions carried over as a plain sum of percentages or their average (the
    multi-session championships' rules, ``scoring.engine.carryover.carry``); a player who
    missed a session is listed, unranked, below those who played them all."""
    if carry_over not in CARRY_OVERS:
        raise ScoringError(f"unknown carry-over {carry_over!r}")
    wanted = set(sessions)
    order = {s: i for i, s in enumerate(sessions)}
    rules = carryover.CarryRules(rule=carry_over)
    rows = []
    for player, results in _by_player(o for o in outcomes if o.session in wanted).items():
        values = [(o.session, o.percentage) for o in results if o.percentage is not None]
        lines = [carryover.SessionLine(entrant=str(player), session=order[s], total=v, percentage=v) for s, v in values]
        score = carryover.carry(lines, rules)[1]
        rows.append(Row(player, round(score, 4), len(values), tuple(s for s, _ in values),
                        len({s for s, _ in values}) >= len(wanted), tuple(round(v, 2) for _, v in values)))
    return ranked(rows)
