"""Seeded dealing: reproducible, follows the documented HMAC-SHA256 algorithm, uniform."""

import hashlib
import hmac
from collections import Counter
from pathlib import Path

import pytest

from tournaments.deals.boards import BRIDGE, WHIST
from tournaments.deals.dealing import ALGORITHM, deal_board, deal_index_for, deal_set, new_seed
from tournaments.deals.numbering import DEAL_COUNT, deal_index


def reference_index(seed: str, board: int) -> int:
    """The published algorithm, written out independently of the module."""
    stream, counter = b"", 0
    while True:
        while len(stream) < 12:
            msg = b"cardroom-deal-v1" + board.to_bytes(4, "big") + counter.to_bytes(4, "big")
            stream += hmac.new(seed.encode(), msg, hashlib.sha256).digest()
            counter += 1
        candidate, stream = int.from_bytes(stream[:12], "big"), stream[12:]
        if candidate < DEAL_COUNT:
            return candidate


@pytest.mark.parametrize("board", [1, 2, 17, 36])
def test_deal_follows_the_published_algorithm(board):
    assert ALGORITHM == "cardroom-hmac-sha256-v1"
    assert deal_index_for("club night 2024-03-05", board) == reference_index("club night 2024-03-05", board)


def test_same_seed_gives_the_same_set_and_another_seed_another():
    first = deal_set("winter pairs", 8)
    again = deal_set("winter pairs", 8)
    other = deal_set("winter pairs.", 8)
    assert first == again
    assert [b.deal for b in first] != [b.deal for b in other]
    assert len({b.deal for b in first}) == 8


def test_boards_carry_law_2_dealer_and_vulnerability_and_their_index():
    boards = deal_set("x", 4, first=13)
    assert [(b.number, b.dealer, b.vulnerability) for b in boards] == [
        (13, "N", "All"), (14, "E", "None"), (15, "S", "NS"), (16, "W", "EW")]
    assert deal_index(boards[0].deal) == deal_index_for("x", 13)


def test_whist_turn_up_is_one_of_the_dealers_cards_and_reproducible():
    boards = deal_set("whist drive", 16, WHIST)
    for board in boards:
        assert board.turn_up in board.deal.hand(board.dealer)
        assert board.vulnerability is None
    assert deal_set("whist drive", 16, WHIST) == boards
    assert [b.deal for b in boards] == [b.deal for b in deal_set("whist drive", 16, BRIDGE)]


def test_dealing_is_close_to_uniform():
    # The holder of the spade ace over 400 boards: each seat expects 100 (chi-square, 3 df).
    holders = Counter(deal_board("uniformity", n).deal.holder(deal_board("uniformity", n).deal.pack.cards[0])
                      for n in range(1, 401))
    chi2 = sum((holders[s] - 100) ** 2 / 100 for s in "NESW")
    assert chi2 < 16.27  # p = 0.001


def test_new_seeds_are_long_and_distinct():
    a, b = new_seed(), new_seed()
    assert a != b and len(a) == 64


def test_empty_seed_and_bad_board_number_are_refused():
    with pytest.raises(ValueError):
        deal_board("", 1)
    with pytest.raises(ValueError):
        deal_board("s", 0)


def test_dealing_never_uses_the_random_module():
    source = (Path(__file__).resolve().parents[3] / "tournaments" / "deals" / "dealing.py").read_text()
    assert "import random" not in source and "from random" not in source
