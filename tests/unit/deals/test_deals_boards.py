"""Board number -> dealer/vulnerability (Law 2), trays (Standard Hoyle), board checks."""

import pytest

from tournaments.deals.boards import (
    BRIDGE,
    WHIST,
    board_dealer,
    board_vulnerability,
    initial_trays,
    make_board,
    normalise_vulnerability,
    rules_for,
)
from tournaments.deals.cards import DealError, parse_card
from tournaments.deals.numbering import deal_from_index

# Law 2 table for boards 1-16.
DEALERS = "NESWNESWNESWNESW"
VULS = ["None", "NS", "EW", "All", "NS", "EW", "All", "None",
        "EW", "All", "None", "NS", "All", "None", "NS", "EW"]


@pytest.mark.parametrize("board", range(1, 17))
def test_sixteen_board_cycle_matches_law_2(board):
    assert board_dealer(board) == DEALERS[board - 1]
    assert board_vulnerability(board) == VULS[board - 1]


@pytest.mark.parametrize("board, dealer, vul", [(17, "N", "None"), (32, "W", "EW"), (33, "N", "None")])
def test_cycle_repeats_after_sixteen(board, dealer, vul):
    assert (board_dealer(board), board_vulnerability(board)) == (dealer, vul)


@pytest.mark.parametrize("bad", [0, -3, 2.0])
def test_board_numbers_start_at_one(bad):
    with pytest.raises(DealError):
        board_dealer(bad)


def test_table_t_starts_with_trays_4t_minus_3_to_4t():
    assert initial_trays(1) == (1, 2, 3, 4)
    assert initial_trays(3) == (9, 10, 11, 12)
    assert initial_trays(2, per_table=3) == (4, 5, 6)


@pytest.mark.parametrize("text, vul", [("None", "None"), ("love", "None"), ("-", "None"), ("NS", "NS"),
                                       ("e-w", "EW"), ("Both", "All"), ("ALL", "All")])
def test_vulnerability_spellings_are_normalised(text, vul):
    assert normalise_vulnerability(text) == vul


def test_unknown_vulnerability_is_refused():
    with pytest.raises(DealError, match="not one of"):
        normalise_vulnerability("red")


def test_bridge_board_gets_dealer_and_vulnerability_from_its_number():
    board = make_board(7, deal_from_index(0))
    assert (board.dealer, board.vulnerability, board.turn_up) == ("S", "All", None)


def test_whist_board_needs_turn_up_in_the_dealers_hand():
    deal = deal_from_index(0)  # North holds the spades
    board = make_board(1, deal, WHIST, turn_up=parse_card("2S"))
    assert board.vulnerability is None and board.trump == "S"
    with pytest.raises(DealError, match=r"board 5: turn-up 2H is not in the dealer's \(North's\) hand"):
        make_board(5, deal, WHIST, turn_up=parse_card("2H"))
    with pytest.raises(DealError, match="board 2: whist board needs a turn-up"):
        make_board(2, deal, WHIST)


def test_bridge_board_refuses_a_turn_up():
    with pytest.raises(DealError, match="no turn-up"):
        make_board(1, deal_from_index(0), BRIDGE, turn_up=parse_card("AS"))


def test_rules_are_found_by_game_name():
    assert rules_for("Whist") is WHIST
    assert rules_for("euchre").pack.size == 32
    with pytest.raises(ValueError):
        rules_for("skat")
