"""Bridge whist (Laws of Bridge, 1904) and auction bridge (Portland and Bath Clubs, 1908).

Per-deal scores are kept in the books' two columns per side: ``below`` the line (trick
points, which count toward game) and ``above`` (honours, chicane, slams, penalties).
For duplicate play the deal's net N-S total is ``DealScore.net_ns``; the rubber parts
(game and partscore premiums) are rule-set fields so a club can choose them.
"""
from __future__ import annotations

from dataclasses import dataclass
from math import ceil
from typing import Iterable, Mapping, Sequence

from .contract import SEATS, Contract, parse_contract
from .errors import ScoringError
from .rules import AUCTION, AUCTION_1908, BRIDGE_1904, BRIDGE_WHIST, GameRules

_SIDE = {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}
_TRUMP_HONOURS = "AKQJT"


@dataclass(frozen=True)
class DealScore:
    """What each side scored on one deal, below and above the line."""

    ns_below: int = 0
    ns_above: int = 0
    ew_below: int = 0
    ew_above: int = 0
    revoked: str | None = None  # the side that revoked: it cannot reach game on this deal (Law 90 V)

    @property
    def ns_total(self) -> int:
        return self.ns_below + self.ns_above

    @property
    def ew_total(self) -> int:
        return self.ew_below + self.ew_above

    @property
    def net_ns(self) -> int:
        """The duplicate score slip's "gross gain" (+) or "gross loss" (-) for N-S."""
        return self.ns_total - self.ew_total


def _other(side: str) -> str:
    return "EW" if side == "NS" else "NS"


def _check_side(side: str) -> str:
    s = str(side).upper().replace("-", "")
    if s in _SIDE:
        return _SIDE[s]
    if s not in ("NS", "EW"):
        raise ScoringError(f"bad side {side!r}: expected NS or EW (or a seat)")
    return s


def honours_from_hands(hands: Mapping[str, Iterable[str]], strain: str) -> tuple[dict[str, int], tuple[str, ...]]:
    """Count trump honours (A K Q J 10; the four aces at no-trumps) per seat, and find void hands.

    Cards are written rank+suit (``"TH"``, ``"AS"``); seats are N, E, S, W.
    """
    counts: dict[str, int] = {}
    voids = []
    for seat, cards in hands.items():
        cards = [str(c).upper().replace("10", "T") for c in cards]
        if strain == "N":
            counts[seat] = sum(1 for c in cards if c[0] == "A")
        else:
            counts[seat] = sum(1 for c in cards if c[1] == strain and c[0] in _TRUMP_HONOURS)
            if not any(c[1] == strain for c in cards):
                voids.append(seat)
    return counts, tuple(voids)


def honour_points(honours: Mapping[str, int], strain: str, rules: GameRules = BRIDGE_1904) -> dict[str, int]:
    """Honour scores per side (Laws of Bridge, Laws 5-7); not affected by doubling."""
    out = {"NS": 0, "EW": 0}
    if not rules.honours:
        return out
    limit = 4 if strain == "N" else 5
    if any(seat not in SEATS for seat in honours) or sum(honours.values()) > limit:
        raise ScoringError(f"bad honours {dict(honours)!r}: at most {limit} honours among seats N, E, S, W")
    for side in ("NS", "EW"):
        held = [honours.get(seat, 0) for seat in side]
        total, most = sum(held), max(held)
        if strain == "N":
            three, four, four_one = rules.no_trump_aces
            out[side] = {3: three, 4: four_one if most == 4 else four}.get(total, 0)
            continue
        value = rules.trick_value(strain)
        if total < 3:
            multiple = 0
        elif most == 5:
            multiple = 10
        elif most == 4:
            multiple = 8 + (1 if total == 5 else 0)
        else:
            multiple = {3: 2, 4: 4, 5: 5}[total]
        out[side] = multiple * value
    return out


def _chicane_points(voids: Iterable[str], strain: str, rules: GameRules) -> dict[str, int]:
    out = {"NS": 0, "EW": 0}
    if strain == "N" or not rules.chicane:
        return out
    for side in {_SIDE[seat] for seat in voids}:
        out[side] = 2 * rules.trick_value(strain)  # Law 8: twice the trick value, never doubled
    return out


def _multiplier(strain: str, doubled: int, rules: GameRules) -> int:
    if doubled < 0:
        raise ScoringError("doubling count cannot be negative")
    if rules.max_doublings is not None and doubled > rules.max_doublings:
        raise ScoringError(f"doubled {doubled} times: these laws allow at most {rules.max_doublings}")
    mult = 2 ** doubled
    if rules.max_multiplier is not None and mult > rules.max_multiplier:
        raise ScoringError(f"doubling to {mult} times exceeds the club limit of {rules.max_multiplier}")
    limit = rules.doubling_limit_per_trick
    if limit is not None and doubled and rules.trick_value(strain) * mult > limit:
        raise ScoringError(f"doubling a trick to {rules.trick_value(strain) * mult} exceeds the limit of {limit} points")
    return mult


def _slams(taken: Mapping[str, int], rules: GameRules, barred: Iterable[str] = ()) -> dict[str, int]:
    out = {"NS": 0, "EW": 0}
    for side, tricks in taken.items():
        if side in barred:
            continue
        out[side] = rules.grand_slam if tricks == 13 else rules.little_slam if tricks == 12 else 0
    return out


def _premium(below: int, rules: GameRules) -> int:
    if below >= rules.game_points:
        return rules.duplicate_game_bonus
    return rules.duplicate_partscore_bonus if below > 0 else 0


def _assemble(below: dict, above: dict, rules: GameRules, revoked: str | None = None) -> DealScore:
    for side in ("NS", "EW"):
        above[side] += _premium(below[side], rules)
    return DealScore(below["NS"], above["NS"], below["EW"], above["EW"], revoked)


def _tricks(ns_tricks: int) -> dict[str, int]:
    if not 0 <= int(ns_tricks) <= 13:
        raise ScoringError(f"bad tricks {ns_tricks!r}: a side takes 0-13 tricks")
    return {"NS": int(ns_tricks), "EW": 13 - int(ns_tricks)}


def _strain(strain: str) -> str:
    s = str(strain).upper()
    s = "N" if s in ("NT", "N") else s
    if s not in "SCDHN" or len(s) != 1:
        raise ScoringError(f"bad strain {strain!r}: expected S, C, D, H or NT")
    return s


def bridge_whist_deal(
    strain: str,
    ns_tricks: int,
    *,
    doubled: int = 0,
    honours: Mapping[str, int] | None = None,
    voids: Iterable[str] = (),
    revoking_side: str | None = None,
    revokes: int = 1,
    revoke_penalty: str = "tricks",
    rules: GameRules = BRIDGE_1904,
) -> DealScore:
    """One deal of bridge whist: the side winning the odd tricks scores them at the trump value.

    Revoke (Law 90): each revoke costs three tricks (``"tricks"``) or the value of three tricks
    added to the claimants' score (``"points"``); the revoking side scores no slam and at most
    ``game_points - 2`` (28) below the line on the deal.
    """
    if rules.game != BRIDGE_WHIST:
        raise ScoringError(f"rule set {rules.name!r} is not bridge whist")
    strain = _strain(strain)
    taken = _tricks(ns_tricks)
    mult = _multiplier(strain, doubled, rules)
    value = rules.trick_value(strain) * mult
    counted = dict(taken)
    below = {"NS": 0, "EW": 0}
    above = {"NS": 0, "EW": 0}
    barred: tuple[str, ...] = ()
    if revoking_side:
        bad = _check_side(revoking_side)
        good = _other(bad)
        barred = (bad,)
        if revoke_penalty == "tricks":
            moved = min(3 * revokes, counted[bad])
            counted[bad] -= moved
            counted[good] += moved
        elif revoke_penalty == "points":
            below[good] += 3 * revokes * value
        else:
            raise ScoringError(f"bad revoke penalty {revoke_penalty!r}: expected 'tricks' or 'points'")
    for side in ("NS", "EW"):
        below[side] += max(0, counted[side] - 6) * value
    if revoking_side:
        below[barred[0]] = min(below[barred[0]], rules.game_points - 2)
    for extra in (honour_points(honours or {}, strain, rules), _chicane_points(voids, strain, rules),
                  _slams(taken, rules, barred)):
        for side in extra:
            above[side] += extra[side]
    return _assemble(below, above, rules, barred[0] if barred else None)


def auction_deal(
    contract: str | Contract,
    declarer: str,
    declarer_tricks: int,
    *,
    honours: Mapping[str, int] | None = None,
    voids: Iterable[str] = (),
    revoking_side: str | None = None,
    revokes: int = 1,
    defender_revoke_penalty: str = "points",
    rules: GameRules = AUCTION_1908,
) -> DealScore:
    """One deal of auction bridge (Laws 2, 4, 50, 51, 58 and 90 of the 1908 code).

    ``declarer`` is a seat or a side; tricks are the declaring side's, before any revoke penalty.
    """
    if rules.game != AUCTION:
        raise ScoringError(f"rule set {rules.name!r} is not auction bridge")
    con = contract if isinstance(contract, Contract) else parse_contract(contract)
    if con.passed:
        raise ScoringError("auction bridge has no pass-out: the dealer must declare (Law 47)")
    strain = con.strain
    decl = _check_side(declarer)
    defs = _other(decl)
    ns = declarer_tricks if decl == "NS" else 13 - int(declarer_tricks)
    taken = _tricks(ns)
    mult = _multiplier(strain, con.doubled, rules)
    below = {"NS": 0, "EW": 0}
    above = {"NS": 0, "EW": 0}
    tricks = taken[decl]
    penalty_tricks = False
    barred: tuple[str, ...] = ()
    if revoking_side:
        bad = _check_side(revoking_side)
        barred = (bad,)
        if bad == decl or defender_revoke_penalty == "points":
            above[_other(bad)] += rules.revoke_points * revokes
        elif defender_revoke_penalty == "tricks":
            tricks = min(13, tricks + 3 * revokes)
            penalty_tricks = True
        else:
            raise ScoringError(f"bad revoke penalty {defender_revoke_penalty!r}: expected 'tricks' or 'points'")
    need = con.level + 6
    if tricks >= need:
        if decl not in barred:
            below[decl] += (tricks - 6) * rules.trick_value(strain) * mult
            if con.doubled and not penalty_tricks:
                above[decl] += (rules.doubled_made_bonus * (1 + tricks - need)) * (mult // 2)
    elif defs not in barred:
        loss = (need - tricks) * rules.undertrick_penalty * mult
        capped = con.level == 1 and strain == "S" and rules.one_spade_cap is not None
        if capped and (con.doubled < 2 or rules.one_spade_cap_when_redoubled):
            loss = min(loss, rules.one_spade_cap)
        above[defs] += loss
    for extra in (honour_points(honours or {}, strain, rules), _chicane_points(voids, strain, rules),
                  _slams(taken, rules, barred)):
        for side in extra:
            above[side] += extra[side]
    return _assemble(below, above, rules)


def auction_call_rank(level: int, strain: str, rules: GameRules = AUCTION_1908) -> tuple[int, int]:
    """Law 48: a call ranks by its trick value, ties going to the greater number of tricks."""
    return (int(level) * rules.trick_value(_strain(strain)), int(level))


def auction_overcalls(new: str, old: str, rules: GameRules = AUCTION_1908) -> bool:
    """True when call ``new`` (``"2S"``) overcalls ``old`` (``"1C"``); doubling is irrelevant (Law 55)."""
    a, b = parse_contract(new), parse_contract(old)
    return auction_call_rank(a.level, a.strain, rules) > auction_call_rank(b.level, b.strain, rules)


def odd_tricks_for_game(strain: str, rules: GameRules = BRIDGE_1904) -> int | None:
    """Odd tricks needed for game from love (Standard Hoyle: NT 3, hearts 4); None if impossible."""
    need = ceil(rules.game_points / rules.trick_value(_strain(strain)))
    return need if need <= 7 else None


@dataclass(frozen=True)
class RubberScore:
    winner: str | None
    games: tuple[str, ...]
    ns_total: int
    ew_total: int
    finished: bool

    @property
    def value(self) -> int:
        """Points won by the rubber's winners: the difference of the two totals (Law 11)."""
        return abs(self.ns_total - self.ew_total)


def score_rubber(deals: Sequence[DealScore], rules: GameRules = BRIDGE_1904) -> RubberScore:
    """Add deals into games of ``game_points`` (overflow counted, Law 3) and a best-of-three rubber."""
    game = {"NS": 0, "EW": 0}
    totals = {"NS": 0, "EW": 0}
    games: list[str] = []
    for deal in deals:
        if games.count("NS") == 2 or games.count("EW") == 2:
            raise ScoringError("deal scored after the rubber was already won")
        for side, below, above in (("NS", deal.ns_below, deal.ns_above), ("EW", deal.ew_below, deal.ew_above)):
            if deal.revoked == side:  # Law 90 V: "cannot attain a higher score towards the game than 28"
                below = max(0, min(below, rules.game_points - 2 - game[side]))
            game[side] += below
            totals[side] += below + above
        reached = [s for s in ("NS", "EW") if game[s] >= rules.game_points]
        if reached:
            games.append(max(reached, key=lambda s: game[s]))
            game = {"NS": 0, "EW": 0}
    winner = next((s for s in ("NS", "EW") if games.count(s) == 2), None)
    if winner:
        totals[winner] += rules.rubber_bonus
    return RubberScore(winner, tuple(games), totals["NS"], totals["EW"], winner is not None)
