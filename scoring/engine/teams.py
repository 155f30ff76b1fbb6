"""Teams scoring: a match's two rooms compared board by board (IMPs, board-a-match or Patton),
victory points, byes, team rankings with tie-breaks, Butler pairs and knockout ties.

A match is home v away at two tables: in the open room home sits N-S, in the closed room home
sits E-W. A board's N-S score in each room is an int, None (not played yet) or an artificial
adjusted score (an ``Adjustment`` or its text, e.g. ``"A+"``). Law 86B: an artificial score in a
team match is Average 0 IMPs, Average-plus +3, Average-minus -3 (``Adjustment.imps``), and the
board is then scored on the adjusted room(s) alone, whether or not the other room has played it.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Hashable, Iterable, Mapping, Sequence, Union

from .adjustments import Adjustment, parse_adjustment
from .errors import ScoringError
from .imps import datum, imps
from .ranking import natural_key, rank
from .vpscales import VP_SCALES, victory_points_on

TEAM_SCORINGS = ("imps", "board_a_match", "patton")
TIE_BREAKS = ("vp", "head_to_head", "imp_quotient", "imp_difference")
DEFAULT_TIE_BREAKS = ("vp", "head_to_head", "imp_quotient")
BYE_RULES = ("fixed", "average", "higher")
KNOCKOUT_TIE_RULES = ("extra_boards", "higher_seed", "last_segment", "board_count")

RoomScore = Union[int, float, Adjustment, str, None]


@dataclass(frozen=True)
class MatchBoard:
    """One board of a match: the N-S score in the open room (home N-S) and the closed room."""

    board: int
    open_ns: RoomScore = None
    closed_ns: RoomScore = None


@dataclass(frozen=True)
class MatchBoardScore:
    """A compared board from the home team's side: ``difference`` in points (None when a room is
    adjusted), ``imps`` (home's, negative when away won) and the board-a-match points."""

    board: int
    open_ns: RoomScore
    closed_ns: RoomScore
    compared: bool
    adjusted: bool = False
    difference: int | None = None
    imps: float = 0.0
    points_home: float = 0.0
    points_away: float = 0.0


@dataclass(frozen=True)
class MatchScore:
    """A match so far. ``imps_home``/``imps_away`` are the IMPs each team won over the compared
    boards plus its carry-over; ``points_*`` the board-a-match or Patton points (None when scored
    by IMPs); ``vp_*`` the VPs on the scale (for board-a-match and Patton: the points, or the
    win/draw/loss award on that scale; None on the ``none`` scale)."""

    boards: tuple[MatchBoardScore, ...]
    scoring: str
    vp_scale: str
    boards_in_match: int
    boards_compared: int
    complete: bool
    imps_home: float
    imps_away: float
    vp_home: float | None
    vp_away: float | None
    points_home: float | None = None
    points_away: float | None = None
    carry_over: tuple[float, float] = (0.0, 0.0)
    aggregate_home: int = 0

    @property
    def margin(self) -> float:
        return self.imps_home - self.imps_away

    @property
    def winner(self) -> str | None:
        """"home", "away" or None (a draw so far) on the match's own score."""
        mine, theirs = ((self.points_home, self.points_away) if self.points_home is not None
                        else (self.imps_home, self.imps_away))
        if mine == theirs:
            return None
        return "home" if mine > theirs else "away"


def _room(value: RoomScore, *, board: int, room: str) -> RoomScore:
    if value is None or isinstance(value, Adjustment):
        return value
    if isinstance(value, bool):
        raise ScoringError(f"board {board}: bad {room} room score {value!r}")
    if isinstance(value, (int, float)):
        if math.isnan(value) or abs(value) > 10000 or value % 10:
            raise ScoringError(f"board {board}: bad {room} room score {value!r}")
        return int(value)
    if isinstance(value, str):
        text = value.strip()
        if text.lstrip("+-").isdigit():
            return _room(int(text), board=board, room=room)
        adjustment = parse_adjustment(text)
        if adjustment is None:
            raise ScoringError(f"board {board}: unreadable {room} room score {value!r}")
        return adjustment
    raise ScoringError(f"board {board}: bad {room} room score {value!r}")


def _bam(net: float) -> tuple[float, float]:
    if net > 0:
        return 2.0, 0.0
    return (1.0, 1.0) if net == 0 else (0.0, 2.0)


def score_board(board: MatchBoard) -> MatchBoardScore:
    """One board from the home team's side (Law 86B for artificial adjusted scores)."""
    open_ns = _room(board.open_ns, board=board.board, room="open")
    closed_ns = _room(board.closed_ns, board=board.board, room="closed")
    if isinstance(open_ns, Adjustment) or isinstance(closed_ns, Adjustment):  # the other room does not count
        value = 0.0  # home sits N-S in the open room and E-W in the closed room
        if isinstance(open_ns, Adjustment):
            value += open_ns.imps()
        if isinstance(closed_ns, Adjustment):
            value -= closed_ns.imps()
        home, away = _bam(value)
        return MatchBoardScore(board.board, open_ns, closed_ns, compared=True, adjusted=True,
                               imps=value, points_home=home, points_away=away)
    if open_ns is None or closed_ns is None:
        return MatchBoardScore(board.board, open_ns, closed_ns, compared=False)
    difference = open_ns - closed_ns
    home, away = _bam(difference)
    return MatchBoardScore(board.board, open_ns, closed_ns, compared=True, difference=difference,
                           imps=float(imps(difference)), points_home=home, points_away=away)


def match_score(boards: Iterable[MatchBoard], *, scoring: str = "imps", vp_scale: str = "wbf_continuous",
                boards_in_match: int, carry_over: tuple[float, float] = (0, 0),
                win_draw_loss: tuple[float, float, float] = (2.0, 1.0, 0.0)) -> MatchScore:
    """Score a match from its boards (in any order; boards not yet played may be absent or None).

    ``scoring``: ``imps`` (WBF IMP scale per board, then VPs for the margin on ``vp_scale`` for
    a match of ``boards_in_match`` boards -- the planned length, even while boards are missing);
    ``board_a_match`` (2 points for a won board -- more points than the other room --, 1 each for
    a tie); ``patton`` (EBU Patton teams, Paul Hackett, EBU newsletter Winter 2009: the
    board-a-match points plus as many again, 2 per board, for the total-point aggregate of the
    compared boards: all to the team ahead on aggregate, shared when level; adjusted boards
    count 0 in the aggregate). ``carry_over`` (home, away) IMPs are added (knockout).
    """
    if scoring not in TEAM_SCORINGS:
        raise ScoringError(f"unknown teams scoring {scoring!r}: expected one of {', '.join(TEAM_SCORINGS)}")
    if vp_scale not in VP_SCALES:
        raise ScoringError(f"unknown VP scale {vp_scale!r}: expected one of {', '.join(VP_SCALES)}")
    if not isinstance(boards_in_match, int) or isinstance(boards_in_match, bool) or boards_in_match < 1:
        raise ScoringError(f"a match has at least one board, not {boards_in_match!r}")
    carry_home, carry_away = (float(c) for c in carry_over)
    if min(carry_home, carry_away) < 0 or math.isnan(carry_home + carry_away):
        raise ScoringError(f"bad carry-over {carry_over!r}: IMPs are not negative")
    rows = sorted((score_board(b) for b in boards), key=lambda r: r.board)
    numbers = [r.board for r in rows]
    if len(set(numbers)) != len(numbers):
        raise ScoringError(f"a board appears twice in the match: {sorted(numbers)}")
    if len(rows) > boards_in_match:
        raise ScoringError(f"{len(rows)} boards given for a match of {boards_in_match}")
    compared = [r for r in rows if r.compared]
    won = sum(r.imps for r in compared if r.imps > 0)
    lost = -sum(r.imps for r in compared if r.imps < 0)
    imps_home, imps_away = won + carry_home, lost + carry_away
    aggregate = sum(r.difference or 0 for r in compared)
    points_home = points_away = None
    if scoring != "imps":
        points_home = sum(r.points_home for r in compared)
        points_away = sum(r.points_away for r in compared)
        if scoring == "patton":
            share = 2.0 * len(compared)
            extra_home, extra_away = (share, 0.0) if aggregate > 0 else (
                (share / 2, share / 2) if aggregate == 0 else (0.0, share))
            points_home, points_away = points_home + extra_home, points_away + extra_away
    vp_home = vp_away = None
    if vp_scale != "none":
        if scoring == "imps":
            vp_home, vp_away = victory_points_on(vp_scale, imps_home - imps_away, boards_in_match,
                                                 win_draw_loss=win_draw_loss)
        elif vp_scale == "win_draw_loss":
            vp_home, vp_away = victory_points_on(vp_scale, points_home - points_away, boards_in_match,
                                                 win_draw_loss=win_draw_loss)
        else:
            vp_home, vp_away = points_home, points_away
    return MatchScore(boards=tuple(rows), scoring=scoring, vp_scale=vp_scale, boards_in_match=boards_in_match,
                      boards_compared=len(compared), complete=len(compared) == boards_in_match,
                      imps_home=imps_home, imps_away=imps_away, vp_home=vp_home, vp_away=vp_away,
                      points_home=points_home, points_away=points_away,
                      carry_over=(carry_home, carry_away), aggregate_home=aggregate)


def bye_score(rule: Mapping | str | None, vps_so_far: float = 0.0, matches_played: int = 0,
              boards: int | None = None) -> float:
    """VPs for a bye. ``rule`` is ``{"rule": "fixed", "vp": 12}`` (the default: 12 VPs on the
    20-point scale, the design's default), ``{"rule": "average"}`` (the team's average VPs
    per match it played, e.g. a Swiss or round robin scored again at the end; ``vp`` is used while
    it has played none) or ``{"rule": "higher"}`` (the higher of ``vp`` and the average).
    ``boards`` is accepted for scales whose fixed award depends on the match length (unused)."""
    if rule is None:
        rule = {}
    if isinstance(rule, str):
        rule = {"rule": rule}
    kind = rule.get("rule", "fixed")
    if kind not in BYE_RULES:
        raise ScoringError(f"unknown bye rule {kind!r}: expected one of {', '.join(BYE_RULES)}")
    fixed = rule.get("vp", 12)
    if not isinstance(fixed, (int, float)) or isinstance(fixed, bool) or not 0 <= fixed <= 100:
        raise ScoringError(f"bad bye VPs {fixed!r}")
    if matches_played < 0 or vps_so_far < 0:
        raise ScoringError("a team's matches and VPs are not negative")
    if kind == "fixed" or matches_played == 0:
        return float(fixed)
    average = round(vps_so_far / matches_played, 2)
    return average if kind == "average" else max(float(fixed), average)


@dataclass(frozen=True)
class TeamRow:
    """A team's totals for ranking: ``score`` is its VPs (or board-a-match points)."""

    team: Hashable
    score: float
    imps_for: float = 0.0
    imps_against: float = 0.0

    @property
    def imp_quotient(self) -> float:
        """IMPs for / IMPs against; infinite when none against."""
        return math.inf if self.imps_against == 0 else self.imps_for / self.imps_against


def _criterion(name: str, group: Sequence[TeamRow], head_to_head: Mapping) -> dict | None:
    """Each tied team's value on one tie-break (higher better); None when it does not apply."""
    if name == "vp":
        return {r.team: round(r.score, 2) for r in group}
    if name == "imp_quotient":
        return {r.team: r.imp_quotient if math.isinf(r.imp_quotient) else round(r.imp_quotient, 6)
                for r in group}
    if name == "imp_difference":
        return {r.team: round(r.imps_for - r.imps_against, 2) for r in group}
    teams = [r.team for r in group]  # head-to-head: only when every tied team has met every other
    if any((a, b) not in head_to_head for a in teams for b in teams if a != b):
        return None
    return {a: round(sum(head_to_head[(a, b)] for b in teams if b != a), 2) for a in teams}


def _order(group: list[TeamRow], criteria: Sequence[str], head_to_head: Mapping) -> list[list[TeamRow]]:
    """Split ``group`` into tied blocks in rank order, applying ``criteria`` in turn."""
    if len(group) < 2 or not criteria:
        return [sorted(group, key=lambda r: natural_key(r.team))]
    values = _criterion(criteria[0], group, head_to_head)
    if values is None:
        return _order(group, criteria[1:], head_to_head)
    blocks: list[list[TeamRow]] = []
    for value in sorted(set(values.values()), reverse=True):
        tied = [r for r in group if values[r.team] == value]
        if len(tied) == len(group):  # no split: go on to the next criterion
            return _order(group, criteria[1:], head_to_head)
        blocks.extend(_order(tied, criteria, head_to_head) if criteria[0] == "head_to_head"
                      else _order(tied, criteria[1:], head_to_head))
    return blocks


def rank_teams(rows: Iterable[TeamRow], tie_breaks: Sequence[str] = DEFAULT_TIE_BREAKS,
               head_to_head: Mapping[tuple[Hashable, Hashable], float] | None = None
               ) -> list[tuple[int, str, Hashable]]:
    """Rank teams: (position, label, team) best first; teams still equal share a "3=" label.

    ``tie_breaks`` in order from ``vp`` (the score: VPs or board-a-match total),
    ``head_to_head`` (VPs each tied team scored in its matches against the other tied teams,
    ``head_to_head[(a, b)]``; applied only when every tied team has met every other, and again
    within a group it splits), ``imp_quotient`` (IMPs for / against, infinite when none against)
    and ``imp_difference``. The score always comes first even when ``vp`` is not listed.
    """
    rows = list(rows)
    head_to_head = head_to_head or {}
    unknown = [t for t in tie_breaks if t not in TIE_BREAKS]
    if unknown:
        raise ScoringError(f"unknown tie-break {unknown[0]!r}: expected from {', '.join(TIE_BREAKS)}")
    teams = [r.team for r in rows]
    if len(set(teams)) != len(teams):
        raise ScoringError("a team appears twice in the standings")
    criteria = ["vp"] + [t for t in tie_breaks if t != "vp"]
    out: list[tuple[int, str, Hashable]] = []
    for block in _order(rows, criteria, head_to_head):
        position = len(out) + 1
        label = f"{position}=" if len(block) > 1 else str(position)
        out.extend((position, label, r.team) for r in block)
    return out


@dataclass(frozen=True)
class ButlerResult:
    """One table's result on a board: the N-S and E-W pairs and the N-S score (int or an
    artificial adjusted score for N-S)."""

    board: int
    ns: Hashable
    ew: Hashable
    ns_score: RoomScore


@dataclass(frozen=True)
class ButlerPair:
    pair: Hashable
    team: Hashable | None
    rank: str
    imps: float
    boards_played: int
    by_board: tuple[tuple[int, float], ...]

    @property
    def average(self) -> float:
        return round(self.imps / self.boards_played, 2) if self.boards_played else 0.0


def butler_pairs(results: Iterable[ButlerResult], *, teams: Mapping[Hashable, Hashable] | None = None,
                 drop: int = 1, by: str = "total") -> list[ButlerPair]:
    """Butler IMPs of the pairs across the field: each board's datum is the mean of all its
    played N-S scores after dropping ``drop`` top and bottom (``imps.datum``, rounded to 10);
    N-S score IMPs(score - datum), E-W the negative. An artificial adjusted score counts
    ``Adjustment.imps`` (A+ 3, A 0, A- -3) for N-S and the negative for E-W and stays out of the
    datum. Ranked by ``by`` = ``total`` IMPs or ``average`` per board played; ``teams`` maps a
    pair to its team (pairs within teams)."""
    if by not in ("total", "average"):
        raise ScoringError(f"bad Butler ranking {by!r}: expected total or average")
    teams = teams or {}
    per_board: dict[int, list[tuple[ButlerResult, RoomScore]]] = {}
    for result in results:
        score = _room(result.ns_score, board=result.board, room="table")
        if score is None:
            continue
        if result.ns == result.ew:
            raise ScoringError(f"board {result.board}: a pair cannot play against itself")
        per_board.setdefault(result.board, []).append((result, score))
    totals: dict[Hashable, list[tuple[int, float]]] = {}
    for board in sorted(per_board):
        entries = per_board[board]
        played = [s for _, s in entries if not isinstance(s, Adjustment)]
        board_datum = datum(played, drop=drop) if played else 0
        seen: set = set()
        for result, score in entries:
            if result.ns in seen or result.ew in seen:
                raise ScoringError(f"board {board}: a pair has two results")
            seen.update((result.ns, result.ew))
            value = score.imps() if isinstance(score, Adjustment) else float(imps(score - board_datum))
            totals.setdefault(result.ns, []).append((board, value))
            totals.setdefault(result.ew, []).append((board, -value + 0.0))
    pairs = {pair: (sum(v for _, v in rows), len(rows)) for pair, rows in totals.items()}
    key = {p: (t if by == "total" else t / n) for p, (t, n) in pairs.items()}
    ranked = rank(key, ndigits=2)
    return [ButlerPair(pair=p, team=teams.get(p), rank=label, imps=round(pairs[p][0], 2),
                       boards_played=pairs[p][1], by_board=tuple(totals[p])) for label, p in ranked]


@dataclass(frozen=True)
class KnockoutResult:
    """A knockout tie: totals with carry-over, the winner ("home", "away" or None) and how it
    was decided ("imps", or the tie rule); ``extra_boards`` when the service must add boards."""

    imps_home: float
    imps_away: float
    complete: bool
    winner: str | None
    decided_by: str | None
    extra_boards: bool = False


def knockout_winner(segments: Sequence[MatchScore | tuple[float, float]], *, segments_planned: int | None = None,
                    carry_over: tuple[float, float] = (0, 0), tie_rule: str = "extra_boards",
                    seeds: tuple[int | None, int | None] = (None, None)) -> KnockoutResult:
    """The winner of a knockout tie over its segments (``MatchScore`` rows, or (home, away)
    IMPs of finished segments), after adding ``carry_over`` (home, away) once.

    A tie on IMPs is broken by ``tie_rule``: ``extra_boards`` (no winner yet: play further boards
    and score them as one more segment -- the usual conditions of contest, e.g. ACBL and WBF
    knockouts), ``higher_seed`` (the better, lower-numbered, seed goes through; refused when a
    seed is missing or both are equal), ``last_segment`` (the winner of the last segment; extra
    boards if it too was drawn) or ``board_count`` (the team that won more boards; extra boards
    when equal). Segments carrying their own carry-over must not also pass ``carry_over``.
    """
    if tie_rule not in KNOCKOUT_TIE_RULES:
        raise ScoringError(f"unknown knockout tie rule {tie_rule!r}: expected one of "
                           f"{', '.join(KNOCKOUT_TIE_RULES)}")
    planned = len(segments) if segments_planned is None else segments_planned
    if planned < 1 or len(segments) > planned:
        raise ScoringError(f"{len(segments)} segments given for a tie of {planned}")
    home, away = (float(c) for c in carry_over)
    complete = len(segments) == planned
    segment_imps: list[tuple[float, float]] = []
    boards_won = [0, 0]
    for segment in segments:
        if isinstance(segment, MatchScore):
            complete = complete and segment.complete
            segment_imps.append((segment.imps_home, segment.imps_away))
            boards_won[0] += sum(1 for b in segment.boards if b.compared and b.imps > 0)
            boards_won[1] += sum(1 for b in segment.boards if b.compared and b.imps < 0)
        else:
            segment_imps.append((float(segment[0]), float(segment[1])))
    home += sum(h for h, _ in segment_imps)
    away += sum(a for _, a in segment_imps)
    if not complete:
        return KnockoutResult(home, away, False, None, None)
    if home != away:
        return KnockoutResult(home, away, True, "home" if home > away else "away", "imps")
    if tie_rule == "higher_seed":
        if None in seeds or seeds[0] == seeds[1]:
            raise ScoringError("the higher-seed rule needs two different seeds")
        return KnockoutResult(home, away, True, "home" if seeds[0] < seeds[1] else "away", "higher_seed")
    if tie_rule == "last_segment":
        last_home, last_away = segment_imps[-1]
        if last_home != last_away:
            return KnockoutResult(home, away, True, "home" if last_home > last_away else "away", "last_segment")
    if tie_rule == "board_count" and boards_won[0] != boards_won[1]:
        return KnockoutResult(home, away, True, "home" if boards_won[0] > boards_won[1] else "away", "board_count")
    return KnockoutResult(home, away, True, None, None, extra_boards=True)
