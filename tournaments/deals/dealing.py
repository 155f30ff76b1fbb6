"""Reproducible random deals: deal = f(event seed, board number).

Algorithm ``cardroom-hmac-sha256-v1`` (Big Deal's structure with a modern hash, as the
deals notes recommend for verifiable hand records):

* the byte stream for board ``b`` is ``HMAC-SHA256(key=seed, msg=label || b || k)`` for
  k = 0, 1, 2, ... (``b`` and ``k`` as 4-byte big-endian integers, ``label`` =
  ``b"cardroom-deal-v1"``), the 32-byte blocks concatenated;
* a candidate is the next ceil(bits/8) bytes, big-endian, masked to ``bits`` =
  bit length of the number of deals (96 for bridge); it is accepted if below the number
  of deals (52!/(13!)^4), else the next candidate is drawn -- rejection sampling, so every
  deal is exactly equally likely (acceptance 0.677 for bridge);
* the accepted number is the deal's index in the Big Deal order, turned into the deal;
* a whist turn-up is then drawn from the same stream, uniformly among the dealer's cards:
  given the four hands of a fair shuffle the fifty-second card, the dealer's last, is
  equally likely to be any of his thirteen (Standard Hoyle, Conclusion of Whist).

The same seed always gives the same set; publishing the seed lets anyone re-derive it.
Never ``random``: the module uses only ``hmac``/``hashlib`` and ``secrets`` for new seeds.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

from .boards import BRIDGE, Board, DealRules, make_board, board_dealer
from .cards import Pack
from .numbering import deal_count, deal_from_index

__all__ = ["ALGORITHM", "deal_board", "deal_index_for", "deal_set", "new_seed"]

ALGORITHM = "cardroom-hmac-sha256-v1"
_LABEL = b"cardroom-deal-v1"


def new_seed() -> str:
    """A fresh secret seed: 64 hex digits (256 bits) from the operating system."""
    return secrets.token_hex(32)


def _seed_bytes(seed: str | bytes) -> bytes:
    if isinstance(seed, bytes):
        return seed
    if not seed:
        raise ValueError("the seed must not be empty")
    return seed.encode("utf-8")


class _Stream:
    """The HMAC-SHA256 counter-mode byte stream of one board."""

    def __init__(self, seed: str | bytes, board: int):
        self._key = _seed_bytes(seed)
        self._board = board.to_bytes(4, "big")
        self._counter = 0
        self._buffer = b""

    def take(self, n: int) -> bytes:
        while len(self._buffer) < n:
            msg = _LABEL + self._board + self._counter.to_bytes(4, "big")
            self._buffer += hmac.new(self._key, msg, hashlib.sha256).digest()
            self._counter += 1
        out, self._buffer = self._buffer[:n], self._buffer[n:]
        return out

    def below(self, limit: int) -> int:
        """A uniform integer in [0, limit) by masking and rejection."""
        bits = max(1, (limit - 1).bit_length())
        nbytes = (bits + 7) // 8
        mask = (1 << bits) - 1
        while True:
            candidate = int.from_bytes(self.take(nbytes), "big") & mask
            if candidate < limit:
                return candidate


def _draws(seed: str | bytes, board: int, pack: Pack) -> tuple[_Stream, int]:
    if not isinstance(board, int) or board < 1:
        raise ValueError(f"board number {board!r} must be a whole number from 1")
    stream = _Stream(seed, board)
    return stream, stream.below(deal_count(pack))


def deal_index_for(seed: str | bytes, board: int, pack: Pack = BRIDGE.pack) -> int:
    """The deal index the seed gives this board (uniform in [0, deal_count(pack)))."""
    return _draws(seed, board, pack)[1]


def deal_board(seed: str | bytes, number: int, rules: DealRules = BRIDGE) -> Board:
    """Board ``number`` of the set the seed defines, with dealer/vulnerability/turn-up."""
    stream, index = _draws(seed, number, rules.pack)
    deal = deal_from_index(index, rules.pack, board=number)
    turn_up = None
    if rules.turn_up:
        hand = deal.hand(board_dealer(number))
        turn_up = hand[stream.below(len(hand))]
    return make_board(number, deal, rules, turn_up=turn_up)


def deal_set(
    seed: str | bytes, count: int, rules: DealRules = BRIDGE, first: int = 1
) -> tuple[Board, ...]:
    """Boards ``first .. first+count-1`` of the seed's set."""
    if count < 1:
        raise ValueError("a board set needs at least one board")
    return tuple(deal_board(seed, n, rules) for n in range(first, first + count))
