"""Bridge whist (1904) and auction bridge (1908): the books' worked examples and errata
(Standard Hoyle section 16; Hoyle's Games Modernized section 12.2-12.3)."""
import pytest

from scoring.engine import (ScoringError, auction_deal, auction_overcalls, bridge_whist_deal, honour_points,
                            honours_from_hands, odd_tricks_for_game, score_rubber)
from scoring.engine.contract import Contract
from scoring.engine.historic import DealScore
from scoring.engine.rules import AUCTION_1908, AUCTION_1912, BRIDGE_1904, BRIDGE_1912_CLUB_LIMIT


def test_tricks_score_at_the_trump_value_and_the_misprinted_honours_are_corrected():
    # Standard Hoyle: hearts, three odd tricks = 24; the book's "48" for three honours is 16.
    deal = bridge_whist_deal("H", 9, honours={"N": 2, "S": 1, "E": 1, "W": 1})
    assert (deal.ns_below, deal.ns_above) == (24, 16)


@pytest.mark.parametrize("strain,honours,side,points", [
    ("H", {"N": 4, "E": 1}, "NS", 64),           # four in one hand: "you make 64 in honors"
    ("D", {"N": 4, "E": 1}, "NS", 48),
    ("C", {"N": 5}, "NS", 40),                   # five in one hand
    ("S", {"N": 2, "S": 1, "E": 2}, "NS", 4),    # simple honours
    ("N", {"N": 4}, "NS", 100),                  # four aces in one hand
    ("N", {"N": 2, "S": 1, "E": 1}, "NS", 30),   # three aces
    ("N", {"N": 2, "S": 2}, "NS", 40),           # four aces divided
    ("H", {"N": 4, "S": 1}, "NS", 72),           # four in one hand, fifth in partner's
    ("S", {"N": 3, "S": 2}, "NS", 10),           # five divided
    ("D", {"N": 5}, "NS", 60),
    ("N", {"N": 2, "E": 2}, "NS", 0),            # aces split two-two score nothing
])
def test_honours_table(strain, honours, side, points):
    assert honour_points(honours, strain)[side] == points


def test_honours_are_counted_from_the_hands():
    hands = {"N": ["AH", "KH", "QH", "JH", "2S"], "E": ["TH"], "S": ["3C"], "W": ["4C"]}
    counts, voids = honours_from_hands(hands, "H")
    assert counts == {"N": 4, "E": 1, "S": 0, "W": 0}
    assert set(voids) == {"S", "W"}


def test_chicane_is_twice_the_trick_value_and_never_doubled():
    deal = bridge_whist_deal("C", 7, doubled=2, voids=("E",), rules=BRIDGE_1904)
    assert deal.ew_above == 8
    assert deal.ns_below == 1 * 4 * 4


def test_doubling_doubles_the_odd_trick():
    assert bridge_whist_deal("H", 7, doubled=1).ns_below == 16
    assert bridge_whist_deal("N", 7, doubled=1).ns_below == 24
    assert bridge_whist_deal("H", 9, doubled=1).ns_below == 48


def test_doubling_stops_at_the_limit_of_100_points_a_trick():
    assert bridge_whist_deal("S", 7, doubled=5).ns_below == 64
    with pytest.raises(ScoringError, match="limit of 100"):
        bridge_whist_deal("S", 7, doubled=6)
    with pytest.raises(ScoringError, match="club limit of 8"):
        bridge_whist_deal("S", 7, doubled=4, rules=BRIDGE_1912_CLUB_LIMIT)


def test_slams_go_above_the_line():
    assert bridge_whist_deal("S", 12).ns_above == 20
    assert bridge_whist_deal("S", 0).ew_above == 40


def test_revoking_side_stops_at_28_and_scores_no_slam():
    deal = bridge_whist_deal("N", 13, revoking_side="NS", revoke_penalty="points")
    assert deal.ns_below == 28 and deal.ns_above == 0
    assert deal.ew_below == 3 * 12
    moved = bridge_whist_deal("H", 10, revoking_side="NS")  # three tricks transferred: 7 v 6
    assert (moved.ns_below, moved.ew_below) == (8, 0)


def test_tricks_needed_for_game_from_love():
    assert [odd_tricks_for_game(s) for s in "NHDCS"] == [3, 4, 5, None, None]


def test_scoring_block_rubber_with_the_erratum_corrected():
    """Hoyle's Games Modernized: the book's "makes them 32" is 34; A-B win 204 - 178 = 26."""
    deals = [
        bridge_whist_deal("D", 9, honours={"N": 2, "S": 2, "E": 1}),
        bridge_whist_deal("N", 5, honours={"E": 2, "W": 1, "N": 1}),
        bridge_whist_deal("H", 8, honours={"E": 2, "W": 1, "N": 2}),
        bridge_whist_deal("C", 7, honours={"N": 2, "S": 2, "E": 1}),
        bridge_whist_deal("N", 8, honours={"W": 4}),
        bridge_whist_deal("S", 7, honours={"E": 2, "W": 2, "N": 1}),
    ]
    assert deals[2].ns_below == 16 and deals[0].ns_below + deals[2].ns_below == 34
    rubber = score_rubber(deals)
    assert rubber.games == ("NS", "NS")
    assert (rubber.ns_total, rubber.ew_total) == (204, 178)
    assert rubber.winner == "NS" and rubber.value == 26


def test_overflow_above_thirty_is_kept():
    rubber = score_rubber([DealScore(ns_below=28), DealScore(ns_below=60)])
    assert rubber.ns_total == 88 and rubber.games == ("NS",) and not rubber.finished


def test_auction_overcalls_rank_by_value_then_tricks():
    assert auction_overcalls("2S", "1C")
    assert auction_overcalls("2D", "1NT")
    assert auction_overcalls("2C", "1H")
    assert auction_overcalls("3S", "1D") and auction_overcalls("1H", "3S")
    assert not auction_overcalls("1C", "2S")
    assert auction_overcalls("2D", "1NTX")  # doubling is irrelevant (Law 55)


def test_auction_undertricks():
    assert auction_deal("1NT", "N", 5).ew_above == 100
    assert auction_deal("2H", "N", 7).ew_above == 50
    assert auction_deal("3NTX", "N", 7).ew_above == 200
    assert auction_deal("4HXX", "N", 9).ew_above == 200


def test_one_spade_cap():
    assert auction_deal("1SX", "N", 4).ew_above == 100
    assert auction_deal("1SXX", "N", 4, rules=AUCTION_1908).ew_above == 100
    assert auction_deal("1SXX", "N", 4, rules=AUCTION_1912).ew_above == 600


def test_doubled_contract_made_earns_the_bonus():
    deal = auction_deal("2HX", "S", 10)
    assert (deal.ns_below, deal.ns_above) == (64, 150)
    deal = auction_deal("2HXX", "S", 10)
    assert (deal.ns_below, deal.ns_above) == (128, 300)


def test_auction_strategy_example_with_the_erratum_corrected():
    """Hoyle's Games Modernized: four by cards at no-trumps and 30 aces is 78 (the book says 66)."""
    four = auction_deal("2NT", "N", 10, honours={"N": 2, "S": 1, "E": 1})
    assert four.ns_total == 78
    assert auction_deal("2NT", "N", 9, honours={"N": 2, "S": 1, "E": 1}).ns_total == 66
    doubled = auction_deal("3HX", "E", 7, honours={"E": 2, "W": 1, "N": 2})
    assert doubled.ns_above == 200 and doubled.ew_above == 16 and doubled.net_ns == 184


def test_auction_revokes():
    assert auction_deal("2H", "N", 7, revoking_side="NS").ew_above == 50 + 150
    by_defence = auction_deal("2HX", "N", 6, revoking_side="EW", defender_revoke_penalty="tricks")
    assert by_defence.ns_below == 3 * 8 * 2 and by_defence.ns_above == 0  # no doubled bonus
    assert by_defence.ew_above == 0


def test_auction_redouble_only_once():
    with pytest.raises(ScoringError, match="at most 2"):
        auction_deal(Contract(2, "H", 3), "N", 8)


def test_duplicate_premiums_are_configurable():
    club = BRIDGE_1904.with_changes(duplicate_game_bonus=125, duplicate_partscore_bonus=25)
    assert bridge_whist_deal("N", 9, rules=club).ns_above == 125
    assert bridge_whist_deal("N", 8, rules=club).ns_above == 25


def test_revoking_side_cannot_pass_28_toward_game_whatever_its_previous_score():
    revoke = bridge_whist_deal("H", 10, revoking_side="NS", revoke_penalty="points")
    rubber = score_rubber([DealScore(ns_below=24), revoke])
    assert rubber.games == () and rubber.ns_total == 28


def test_auction_rubber_bonus_is_250():
    deals = [auction_deal("3NT", "N", 9), auction_deal("4H", "S", 10)]
    rubber = score_rubber(deals, AUCTION_1908)
    assert rubber.winner == "NS" and rubber.ns_total == 36 + 32 + 250
