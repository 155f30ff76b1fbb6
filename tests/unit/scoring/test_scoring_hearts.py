"""Hearts settlement against the Standard Hoyle's worked cases (L6619-6665)."""
import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.engine import HEARTS_SCHEMES, ScoringError, hearts_hand, hearts_penalties, hearts_round, hearts_scheme


def test_the_fewest_hearts_takes_every_payment():
    """A 1, B 2, C 4, D 6: "B pays him two, C four, and D six; and A gets twelve chips"."""
    hand = hearts_hand([1, 2, 4, 6])
    assert hand.lost == (-12, 2, 4, 6) and hand.winners == (0,) and hand.carry == 0


def test_tied_winners_divide_and_the_odd_chip_is_carried():
    """A 2, B 2, C 3, D 6: "A and B divide the penalty, which is nine chips, each taking four"."""
    hand = hearts_hand([2, 2, 3, 6])
    assert hand.lost == (-4, -4, 3, 6) and hand.winners == (0, 1) and hand.carry == 1


def test_one_player_taking_all_thirteen_pays_four_to_each_and_one_chip_stays():
    hand = hearts_hand([0, 13, 0, 0])
    assert hand.lost == (-4, 13, -4, -4) and hand.carry == 1


def test_the_carried_chip_is_added_to_the_next_payments():
    first = hearts_hand([0, 13, 0, 0])
    second = hearts_hand([1, 2, 4, 6], carry=first.carry)
    assert second.lost == (-13, 2, 4, 6) and second.carry == 0
    played = hearts_round([{"hearts": [0, 13, 0, 0]}, {"hearts": [1, 2, 4, 6]}])
    assert played.lost == (-17, 15, 0, 2) and played.carry == 0


def test_a_round_s_chips_lost_add_up_to_the_chips_left_on_the_table():
    played = hearts_round([{"hearts": [2, 2, 3, 6]}, {"hearts": [13, 0, 0, 0]}])
    # 1 over, then 13 + 1 among three: 4 each, 2 over.
    assert played.lost == (9, -8, -1, 2) and played.carry == 2 and sum(played.lost) == played.carry


@pytest.mark.parametrize("name, each", [("plain", 8), ("eagle_1", 40), ("eagle_2", 15)])
def test_a_revoke_pays_every_other_player_in_place_of_the_hearts(name, each):
    """Plain: "eight chips each, or twenty-four in all"; Eagle: forty, or fifteen with ace 5."""
    hand = hearts_hand(None, rules=name, revoke=2, carry=1)
    assert hand.lost == (-each, -each, 3 * each, -each) and hand.winners == () and hand.carry == 1
    assert hearts_scheme(name).revoke == each


def test_eagle_values_follow_the_book():
    everything = [["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"], [], [], []]
    assert hearts_penalties(everything, HEARTS_SCHEMES["eagle_1"])[0] == 104
    assert hearts_penalties(everything, HEARTS_SCHEMES["eagle_2"])[0] == 23
    hand = hearts_hand([["A"], ["K", "2"], ["Q", "J", "10", "9"], ["8", "7", "6", "5", "4", "3"]], rules="eagle_1")
    assert hand.penalties == (14, 15, 42, 33) and hand.lost == (-90, 15, 42, 33)
    hand = hearts_hand([["A"], ["K", "2"], ["Q", "J", "10", "9"], ["8", "7", "6", "5", "4", "3"]], rules="eagle_2")
    assert hand.penalties == (5, 5, 7, 6) and hand.lost == (-6, -6, 7, 6) and hand.carry == 1


def test_cards_may_be_written_several_ways():
    assert hearts_penalties([["AH", "T"], ["k\u2665"], ["12", "J"], list("98765432")], hearts_scheme("eagle_1")) \
        == (24, 13, 23, 44)


@pytest.mark.parametrize("hearts, message", [
    ([1, 2, 4], "each of the 4 players"),
    ([1, 2, 4, 5], "took 12 hearts"),
    ([14, 0, 0, -1], "0 to 13"),
    ([["A", "A"], ["K"], [], []], "A of hearts is taken twice"),
    ([["A"], ["K"], [], []], "not taken by anyone"),
    ([["Z"], [], [], []], "is not a heart"),
    ([1, ["A"], 3, 4], "a count"),
    ("1246", "each of the 4 players"),
])
def test_bad_hands_are_refused_with_a_reason(hearts, message):
    with pytest.raises(ScoringError, match=message):
        hearts_hand(hearts)


def test_the_eagle_game_needs_the_ranks_and_a_known_scheme():
    with pytest.raises(ScoringError, match="by rank"):
        hearts_hand([1, 2, 4, 6], rules="eagle_2")
    with pytest.raises(ScoringError, match="unknown hearts scheme"):
        hearts_hand([1, 2, 4, 6], rules="double")
    with pytest.raises(ScoringError, match="revoke is the index"):
        hearts_hand([1, 2, 4, 6], revoke=4)
    with pytest.raises(ScoringError, match="hand 2: the players took 12"):
        hearts_round([{"hearts": [1, 2, 4, 6]}, {"hearts": [1, 2, 4, 5]}])


@given(st.lists(st.integers(0, 3), min_size=12, max_size=12).map(lambda picks: [picks.count(i) + (i == 0)
                                                                                for i in range(4)]),
       st.integers(0, 3))
def test_payments_are_kept_nothing_made_or_lost(hearts, carry):
    hand = hearts_hand(hearts, carry=carry)
    assert sum(hand.lost) == hand.carry - carry and hand.carry < len(hand.winners)
    assert all(hand.lost[w] <= 0 for w in hand.winners)
