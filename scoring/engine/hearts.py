"""Hearts settlement (Standard Hoyle, Hearts, L6617-6665): each player for himself, chips paid
for the hearts taken to the player or players who took the fewest.

Schemes: ``plain`` (a chip a heart, revoke 8 to each other player), ``eagle_1`` (the Double or
Eagle game: ace 14, king 13, queen 12, knave 11, the rest their spots; revoke 40 each) and
``eagle_2`` ("Another way of counting": ace 5, king 4, queen 3, knave 2, the rest 1; revoke 15
each). "If one player has taken them all, he pays thirteen chips to the three other players,
that is four to each ... and there is one chip over. This chip is left on the table, and is
added to the total payments made at the next round": a pot that does not divide carries its
odd chips to the next hand.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .errors import ScoringError

RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")
PLAYERS = 4


@dataclass(frozen=True)
class HeartsScheme:
    name: str
    values: tuple[int, ...]  # chips for each rank in RANKS order
    revoke: int  # paid to each of the other players

    def value(self, rank: str) -> int:
        return self.values[RANKS.index(rank)]


HEARTS_SCHEMES = SCHEMES = {
    "plain": HeartsScheme("plain", (1,) * 13, 8),
    "eagle_1": HeartsScheme("eagle_1", (14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2), 40),
    "eagle_2": HeartsScheme("eagle_2", (5, 4, 3, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1), 15),
}


@dataclass(frozen=True)
class HeartsHand:
    """One hand settled: chips lost by each player (negative: won), who won, the chips left on
    the table for the next hand."""

    lost: tuple[int, ...]
    penalties: tuple[int, ...]
    winners: tuple[int, ...]
    carry: int
    revoke: int | None = None


@dataclass(frozen=True)
class HeartsRound:
    lost: tuple[int, ...]
    hands: tuple[HeartsHand, ...]
    carry: int


def hearts_scheme(name: str) -> HeartsScheme:
    if name not in SCHEMES:
        raise ScoringError(f"unknown hearts scheme {name!r}: one of {', '.join(SCHEMES)}")
    return SCHEMES[name]


def _rank(card) -> str:
    text = str(card).strip().upper().removesuffix("H").removesuffix("\u2665")
    text = {"T": "10", "1": "A", "14": "A", "13": "K", "12": "Q", "11": "J"}.get(text, text)
    if text not in RANKS:
        raise ScoringError(f"{card!r} is not a heart: give A, K, Q, J, 10 ... 2")
    return text


def hearts_penalties(hearts: Sequence, rules: HeartsScheme) -> tuple[int, ...]:
    """The chips each player owes for the hearts taken. Each entry is a count (``plain`` only)
    or the ranks taken (``["A", "10", "2"]``). All thirteen hearts are taken in a hand."""
    if isinstance(hearts, (str, bytes)) or not isinstance(hearts, Sequence) or len(hearts) != PLAYERS:
        raise ScoringError(f"give the hearts taken by each of the {PLAYERS} players")
    if all(isinstance(h, int) and not isinstance(h, bool) for h in hearts):
        if rules.name != "plain":
            raise ScoringError(f"the {rules.name} scheme counts the hearts by rank: give the cards each "
                               "player took, e.g. [\"A\", \"10\"]")
        if any(not 0 <= h <= 13 for h in hearts):
            raise ScoringError(f"hearts taken are 0 to 13 a player, not {list(hearts)}")
        if sum(hearts) != 13:
            raise ScoringError(f"the players took {sum(hearts)} hearts: there are 13 in a hand")
        return tuple(hearts)
    if any(isinstance(h, (str, bytes, int)) or not isinstance(h, Sequence) for h in hearts):
        raise ScoringError("give each player's hearts as a count (the plain game) or a list of ranks")
    ranks = [[_rank(card) for card in h] for h in hearts]
    taken = [r for player in ranks for r in player]
    twice = sorted({r for r in taken if taken.count(r) > 1}, key=RANKS.index)
    if twice:
        raise ScoringError(f"the {', '.join(twice)} of hearts {'is' if len(twice) == 1 else 'are'} taken twice")
    missing = [r for r in RANKS if r not in taken]
    if missing:
        raise ScoringError(f"the {', '.join(missing)} of hearts {'is' if len(missing) == 1 else 'are'} not "
                           "taken by anyone: there are 13 hearts in a hand")
    return tuple(sum(rules.value(r) for r in player) for player in ranks)


def hearts_hand(hearts: Sequence | None, *, rules: HeartsScheme | str = "plain", revoke: int | None = None,
                carry: int = 0) -> HeartsHand:
    """Settle one hand. The lowest penalty wins ("the person or persons taking the least number
    of hearts win", L6636; with the Eagle values, the least chips); the others pay their
    penalty, the winners divide the payments and ``carry``, the odd chips carrying on.

    ``revoke`` (a player's index): "a player making such a revoke, shall pay to the other
    players eight chips each" (L6640; 40 or 15 with the Eagle values). The book gives the revoke
    penalty as the price of saving the heart penalty, so it stands in place of the hand's heart
    payments: nobody else pays, the revoker "cannot win", the carry waits for the next hand.
    """
    rules = hearts_scheme(rules) if isinstance(rules, str) else rules
    if isinstance(carry, bool) or not isinstance(carry, int) or carry < 0:
        raise ScoringError(f"the chips carried from the last hand are a whole number from 0, not {carry!r}")
    if revoke is not None:
        if isinstance(revoke, bool) or not isinstance(revoke, int) or not 0 <= revoke < PLAYERS:
            raise ScoringError(f"revoke is the index of the player who revoked, 0 to {PLAYERS - 1}")
        penalties = hearts_penalties(hearts, rules) if hearts is not None else (0,) * PLAYERS
        lost = tuple(rules.revoke * (PLAYERS - 1) if i == revoke else -rules.revoke for i in range(PLAYERS))
        return HeartsHand(lost=lost, penalties=penalties, winners=(), carry=carry, revoke=revoke)
    if hearts is None:
        raise ScoringError("give the hearts each player took")
    penalties = hearts_penalties(hearts, rules)
    low = min(penalties)
    winners = tuple(i for i, p in enumerate(penalties) if p == low)
    pot = carry + sum(p for i, p in enumerate(penalties) if i not in winners)
    share, odd = divmod(pot, len(winners))
    lost = tuple(-share if i in winners else p for i, p in enumerate(penalties))
    return HeartsHand(lost=lost, penalties=penalties, winners=winners, carry=odd)


def hearts_round(hands: Sequence, *, rules: HeartsScheme | str = "plain", carry: int = 0) -> HeartsRound:
    """Settle a table's hands in order, the odd chips carried from hand to hand; ``hands`` are
    ``{"hearts": [...], "revoke": index or absent}``. The chips lost add up over the hands."""
    rules = hearts_scheme(rules) if isinstance(rules, str) else rules
    if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence) or not hands:
        raise ScoringError("give the hands played, each {\"hearts\": [...]}")
    settled = []
    for number, hand in enumerate(hands, start=1):
        if not isinstance(hand, dict):
            raise ScoringError(f"hand {number}: give {{\"hearts\": [...]}} (and \"revoke\" for a revoke)")
        unknown = set(hand) - {"hearts", "revoke"}
        if unknown:
            raise ScoringError(f"hand {number}: unknown {', '.join(sorted(unknown))}; give hearts and revoke")
        try:
            result = hearts_hand(hand.get("hearts"), rules=rules, revoke=hand.get("revoke"), carry=carry)
        except ScoringError as exc:
            raise ScoringError(f"hand {number}: {exc}") from None
        settled.append(result)
        carry = result.carry
    lost = tuple(sum(h.lost[i] for h in settled) for i in range(PLAYERS))
    return HeartsRound(lost=lost, hands=tuple(settled), carry=carry)
