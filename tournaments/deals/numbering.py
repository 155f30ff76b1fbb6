"""Deal numbering: every deal <-> its index, in the Big Deal ("Goedel number") order.

Cards are numbered spade ace first to club two last.  North's hand is ranked among all
13-card subsets of the pack in lexicographic order, East's among the 39 cards left, South's
among the 26 left (West is implied), and the index is the mixed-radix number
``C(39,13)*C(26,13)*a + C(26,13)*b + c`` -- H. van Staveren, Big Deal, Documentation
"godel.tex" and binomial.c ``code_to_hand``.  Index 0 gives North all the spades; the
index lies in [0, 53,644,737,765,488,792,839,237,440,000) and needs 96 bits.

The same order generalises to any ``Pack``: hands N, E, S, W in turn, the last group
(West, or the undealt cards when the pack has some) implied.
"""

from __future__ import annotations

from functools import lru_cache
from math import comb

from .cards import BRIDGE_PACK, Card, Deal, DealError, Pack

__all__ = ["deal_count", "deal_from_index", "deal_index", "DEAL_COUNT"]


def _groups(pack: Pack) -> list[int]:
    sizes = [pack.hand_size] * pack.seats
    if pack.undealt:
        sizes.append(pack.undealt)
    return sizes


@lru_cache(maxsize=None)
def deal_count(pack: Pack = BRIDGE_PACK) -> int:
    """Number of distinct deals of the pack (52!/(13!)^4 for bridge)."""
    total, left = 1, pack.size
    for size in _groups(pack):
        total *= comb(left, size)
        left -= size
    return total


#: 53,644,737,765,488,792,839,237,440,000 bridge deals (Big Deal, bigdeal.h: 96 bits).
DEAL_COUNT = deal_count(BRIDGE_PACK)


def _rank(positions: list[int], n: int) -> int:
    """Lexicographic rank of a sorted k-subset of range(n)."""
    k = len(positions)
    rank, prev = 0, -1
    for i, p in enumerate(positions):
        for v in range(prev + 1, p):
            rank += comb(n - 1 - v, k - 1 - i)
        prev = p
    return rank


def _unrank(rank: int, n: int, k: int) -> list[int]:
    """Inverse of ``_rank``: the k-subset of range(n) with that lexicographic rank."""
    out, v = [], 0
    for i in range(k):
        while True:
            block = comb(n - 1 - v, k - 1 - i)
            if rank < block:
                break
            rank -= block
            v += 1
        out.append(v)
        v += 1
    return out


def deal_index(deal: Deal) -> int:
    """The deal's index in [0, deal_count(pack))."""
    pack = deal.pack
    remaining = list(pack.cards)
    groups = [list(h) for h in deal.hands] + ([list(deal.rest)] if pack.undealt else [])
    index = 0
    for cards in groups[:-1]:
        pos_of = {c: i for i, c in enumerate(remaining)}
        positions = sorted(pos_of[c] for c in cards)
        n, k = len(remaining), len(cards)
        index = index * comb(n, k) + _rank(positions, n)
        taken = set(cards)
        remaining = [c for c in remaining if c not in taken]
    return index


def deal_from_index(index: int, pack: Pack = BRIDGE_PACK, board: int | None = None) -> Deal:
    """The deal with this index (DealError when out of range)."""
    total = deal_count(pack)
    if not 0 <= index < total:
        raise DealError(f"deal index {index} is outside [0, {total})", board)
    sizes = _groups(pack)
    radices, left = [], pack.size
    for size in sizes:
        radices.append(comb(left, size))
        left -= size
    digits = []
    for radix in reversed(radices[1:]):
        index, d = divmod(index, radix)
        digits.append(d)
    digits.append(index)
    digits.reverse()
    remaining: list[Card] = list(pack.cards)
    groups: list[tuple[Card, ...]] = []
    for size, digit in zip(sizes[:-1], digits[:-1]):
        chosen = _unrank(digit, len(remaining), size)
        picked = set(chosen)
        groups.append(tuple(remaining[i] for i in chosen))
        remaining = [c for i, c in enumerate(remaining) if i not in picked]
    groups.append(tuple(remaining))
    hands = groups[: pack.seats]
    rest = groups[pack.seats] if pack.undealt else ()
    return Deal(tuple(hands), pack, rest)
