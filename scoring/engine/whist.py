"""Whist: short whist deals and rubbers (Revised Code 1900; Cavendish's 1864 code), and the
raw score of duplicate whist.

Sides are numbered 0 and 1 (Cavendish's A-B and Y-Z). Order of scoring, Law 50: "The
penalty for a revoke takes precedence of all other scores. Tricks score next. Honours last."
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from .errors import ScoringError
from .rules import DUPLICATE_WHIST, DUPLICATE_WHIST_TRICKS, WHIST, WHIST_SHORT, GameRules

REVOKE_OPTIONS = ("tricks", "minus", "plus")  # Law 75 I: take three tricks, deduct three, add three


@dataclass(frozen=True)
class WhistRevoke:
    """One revoke by ``side`` (0 or 1), and the penalty the adversaries chose."""

    side: int
    option: str = "tricks"


@dataclass(frozen=True)
class WhistDealScore:
    score_after: tuple[int, int]
    game_to: int | None = None
    game_value: int | None = None


def game_value(loser_score: int, rules: GameRules = WHIST_SHORT) -> int:
    """Law 53: treble with the losers at love, double at one or two, single at three or four."""
    table = rules.game_value_by_loser_score
    if table is None:  # American Whist League, Law 1: seven less the losers' score
        return rules.whist_game - max(0, loser_score)
    return table[min(max(0, loser_score), len(table) - 1)]


def whist_deal(
    score_before: tuple[int, int],
    tricks: int,
    honours: tuple[int, int] = (0, 0),
    *,
    revokes: Sequence[WhistRevoke] = (),
    rules: GameRules = WHIST_SHORT,
) -> WhistDealScore:
    """Score one deal of whist: ``tricks`` won by side 0, ``honours`` held by each side (0-4)."""
    if rules.game != WHIST:
        raise ScoringError(f"rule set {rules.name!r} is not whist")
    if not 0 <= tricks <= 13:
        raise ScoringError(f"bad tricks {tricks!r}: a side takes 0-13 tricks")
    if sum(honours) > 4 or min(honours) < 0:
        raise ScoringError(f"bad honours {honours!r}: four honours between the two sides")
    goal = rules.whist_game
    start = tuple(score_before)
    score = list(start)
    taken = [tricks, 13 - tricks]
    revokers = {r.side for r in revokes}

    def won() -> int | None:
        reached = [s for s in (0, 1) if score[s] >= goal and s not in revokers]
        return reached[0] if reached else None

    for revoke in revokes:
        if revoke.option not in REVOKE_OPTIONS or revoke.side not in (0, 1):
            raise ScoringError(f"bad revoke {revoke!r}")
        bad, good = revoke.side, 1 - revoke.side
        penalty = rules.whist_revoke_tricks
        if revoke.option == "tricks":
            moved = min(penalty, taken[bad])
            taken[bad] -= moved
            taken[good] += moved
        elif revoke.option == "minus":
            score[bad] = max(0, score[bad] - penalty)
        else:
            score[good] += penalty
    winner = won()
    if winner is None:
        for side in (0, 1):
            score[side] += max(0, taken[side] - 6)
        winner = won()
    if winner is None and rules.honours:
        three, four = rules.whist_honours
        for side in (0, 1):
            barred = rules.whist_honours_barred_at is not None and start[side] >= rules.whist_honours_barred_at
            if not barred:
                score[side] += {3: three, 4: four}.get(honours[side], 0)
        winner = won()
    for side in revokers:  # Law 86: the revoking side "cannot score more than four"
        if rules.revoking_side_cap is not None:
            score[side] = min(score[side], rules.revoking_side_cap)
    if winner is None:
        return WhistDealScore((score[0], score[1]))
    return WhistDealScore((score[0], score[1]), winner, game_value(score[1 - winner], rules))


def whist_rubber_value(games: Sequence[tuple[int, int]], rules: GameRules = WHIST_SHORT) -> tuple[int, int]:
    """Laws 53-55: ``games`` as (winner side, game value); returns (rubber winner, points won)."""
    winners = [w for w, _ in games]
    for side in (0, 1):
        if winners.count(side) == 2:
            if winners.index(side, winners.index(side) + 1) != len(games) - 1:
                raise ScoringError("games listed after the rubber was won")
            gross = sum(v for w, v in games if w == side) + rules.whist_rubber_points
            return side, gross - sum(v for w, v in games if w != side)
    raise ScoringError("the rubber is not finished: nobody has won two games")


def duplicate_whist_score(
    ns_tricks: int, *, ns_honours: int = 0, ew_honours: int = 0, rules: GameRules = DUPLICATE_WHIST_TRICKS
) -> int:
    """N-S raw score of duplicate whist: tricks won (0-13), or net odd tricks, plus honours if counted.

    Comparisons are unaffected by the choice, the offset being common to every table.
    """
    if rules.game != DUPLICATE_WHIST:
        raise ScoringError(f"rule set {rules.name!r} is not duplicate whist")
    if not 0 <= int(ns_tricks) <= 13:
        raise ScoringError(f"bad tricks {ns_tricks!r}: N-S take 0-13 tricks")
    if ns_honours < 0 or ew_honours < 0 or ns_honours + ew_honours > 4:
        raise ScoringError("bad honours: four honours between the two sides")
    score = int(ns_tricks) - 6 if rules.count_odd_tricks else int(ns_tricks)
    if rules.honours:
        three, four = rules.whist_honours
        score += {3: three, 4: four}.get(ns_honours, 0) - {3: three, 4: four}.get(ew_honours, 0)
    return score
