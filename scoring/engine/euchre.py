"""Euchre hand points (Standard Hoyle; Hoyle's Games Modernized), configurable by ``GameRules``.

Point 1 (three or four tricks: "Winning four tricks is no better than winning three"),
march 2, lone march 4, euchred 2 to the adversaries; a revoke is scored as a euchre of the
offenders, four when it is made against a lone hand.
"""
from __future__ import annotations

from dataclasses import dataclass

from .errors import ScoringError
from .rules import EUCHRE, EUCHRE_BOOK, GameRules


@dataclass(frozen=True)
class EuchreHand:
    makers: int
    defenders: int


def euchre_hand(
    makers_tricks: int, *, lone: bool = False, revoke: str | None = None, rules: GameRules = EUCHRE_BOOK
) -> EuchreHand:
    """Points to each side for one hand; ``revoke`` is ``"makers"`` or ``"defenders"`` if one revoked."""
    if rules.game != EUCHRE:
        raise ScoringError(f"rule set {rules.name!r} is not euchre")
    if not 0 <= int(makers_tricks) <= 5:
        raise ScoringError(f"bad tricks {makers_tricks!r}: the makers take 0-5 tricks")
    if revoke == "makers":
        return EuchreHand(0, rules.euchre_revoke)
    if revoke == "defenders":
        return EuchreHand(rules.euchre_revoke_against_lone if lone else rules.euchre_revoke, 0)
    if revoke is not None:
        raise ScoringError(f"bad revoke side {revoke!r}: expected 'makers' or 'defenders'")
    if makers_tricks == 5:
        return EuchreHand(rules.euchre_lone_march if lone else rules.euchre_march, 0)
    if makers_tricks >= 3:
        return EuchreHand(rules.euchre_lone_point if lone else rules.euchre_point, 0)
    return EuchreHand(0, rules.euchre_lone_euchred if lone else rules.euchre_euchred)
