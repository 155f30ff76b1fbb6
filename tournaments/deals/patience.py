"""Poker patience's called cards: deal ``n`` of an evening = the first 25 cards of a shuffled
pack, from the event's seed (Standard Hoyle, Poker Patience: the Caller "shuffles his cards
... takes up his top card ... calls its denomination ... until twenty-five cards have been
played").

Algorithm ``cardroom-patience-v1``, in the manner of ``dealing`` (verifiable from the seed):
the byte stream for deal ``n`` is ``HMAC-SHA256(key=seed, msg=b"cardroom-patience-v1" || n
|| k)`` for k = 0, 1, ... (4-byte big-endian), and a Fisher-Yates shuffle of the pack in
``cards.BRIDGE_PACK`` order draws each index uniformly by masking and rejection.
"""
from __future__ import annotations

import hashlib
import hmac

from .cards import BRIDGE_PACK

__all__ = ["CALLED", "PATIENCE_ALGORITHM", "called_cards"]

PATIENCE_ALGORITHM = "cardroom-patience-v1"
CALLED = 25
_LABEL = PATIENCE_ALGORITHM.encode()


def _below(stream, limit: int) -> int:
    bits = max(1, (limit - 1).bit_length())
    mask = (1 << bits) - 1
    while True:
        candidate = next(stream) & mask
        if candidate < limit:
            return candidate


def _bytes(seed: bytes, deal: int):
    counter = 0
    while True:
        block = hmac.new(seed, _LABEL + deal.to_bytes(4, "big") + counter.to_bytes(4, "big"), hashlib.sha256).digest()
        yield from block
        counter += 1


def called_cards(seed: str | bytes, deal: int, count: int = CALLED) -> tuple[str, ...]:
    """The ``count`` cards called in deal ``deal`` (1, 2, ...), in calling order, as ``"7H"``."""
    if isinstance(deal, bool) or not isinstance(deal, int) or deal < 1:
        raise ValueError(f"deal {deal!r}: deals are numbered from 1")
    if not 1 <= count <= 52:
        raise ValueError("a deal calls 1 to 52 cards")
    key = seed if isinstance(seed, bytes) else str(seed).encode("utf-8")
    if not key:
        raise ValueError("the seed must not be empty")
    pack = [str(card) for card in BRIDGE_PACK.cards]
    stream = _bytes(key, deal)
    for i in range(len(pack) - 1, 0, -1):  # Fisher-Yates, the last card first
        j = _below(stream, i + 1)
        pack[i], pack[j] = pack[j], pack[i]
    return tuple(pack[:count])
