"""Matchpoints, Neuberg and Law 12C adjusted scores (algorithms notes 2.1-2.3, test vector 5)."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine import Adjustment, ScoringError, board_matchpoints, matchpoints, neuberg, neuberg_percent, top
from scoring.engine.adjustments import parse_adjustment
from scoring.engine.matchpoints import matchpoints_bisect

SCORES = st.lists(st.integers(-80, 80).map(lambda x: x * 10), min_size=1, max_size=40)


def test_worked_example_both_scales():
    scores = [620, 620, 650, 170, -100, 620, 140]
    assert matchpoints(scores) == [8, 8, 12, 4, 0, 8, 2]
    assert matchpoints(scores, "acbl") == [4, 4, 6, 2, 0, 4, 1]
    assert top(7) == 12 and top(7, "acbl") == 6


def test_ebu_frequency_example():
    scores = [400] * 2 + [150] + [120] * 3 + [-50] * 4
    mps = matchpoints(scores)
    assert (mps[0], mps[2], mps[3], mps[6]) == (17, 14, 10, 3)
    assert sum(mps) == 90


def test_ties_split_matchpoints():
    assert matchpoints([100, 100]) == [1, 1]


@settings(max_examples=50, deadline=None)
@given(SCORES)
def test_matchpointed_board_sums_to_n_times_n_minus_one(scores):
    n = len(scores)
    assert sum(matchpoints(scores)) == n * (n - 1)
    assert matchpoints(scores) == matchpoints_bisect(scores)


@settings(max_examples=50, deadline=None)
@given(SCORES, st.integers(0, 10))
def test_neuberg_keeps_the_boards_total(scores, missing):
    n, expected = len(scores), len(scores) + missing
    factored = [neuberg(mp, n, expected) for mp in matchpoints(scores)]
    assert sum(factored) == pytest.approx(n * top(expected) / 2)


def test_neuberg_eleven_expected_ten_played():
    assert [round(neuberg(mp, 10, 11), 1) for mp in range(18, -1, -2)] == [
        19.9, 17.7, 15.5, 13.3, 11.1, 8.9, 6.7, 4.5, 2.3, 0.1]


def test_neuberg_sixteen_expected_eight_played():
    assert (neuberg(14, 8, 16), neuberg(0, 8, 16)) == (29, 1)


def test_neuberg_acbl_scale_and_percent_form_agree():
    assert neuberg(4.5, 9, 10, "acbl") == pytest.approx(91 / 18)
    pct = 100 * 4.5 / 8
    assert neuberg_percent(pct, 9, 10) == pytest.approx(100 * (91 / 18) / 9)


def test_neuberg_against_simple_factoring_table():
    scores = [650, 620, 620, 620, 170, 140, -100]
    factored, board_top = board_matchpoints(scores, expected=8)
    assert board_top == 14
    assert [round(x, 3) for x in factored] == [13.857, 9.286, 9.286, 9.286, 4.714, 2.429, 0.143]


def test_fouled_board_groups_are_scored_separately():
    scores = [100, 200, 300, 10, 20, 30, 40]
    groups = ["a", "a", "a", "b", "b", "b", "b"]
    mps, board_top = board_matchpoints(scores, groups=groups)
    assert round(100 * mps[2] / board_top, 1) == 88.9
    assert round(100 * mps[6] / board_top, 1) == 93.8


def test_artificial_results_are_left_out_and_the_rest_factored():
    mps, board_top = board_matchpoints([620, 620, None, 650])
    assert board_top == 6
    assert mps[2] is None
    assert mps[3] == pytest.approx(neuberg(4, 3, 4))


def test_too_many_results_for_the_expected_count_is_an_error():
    with pytest.raises(ScoringError, match="expected"):
        board_matchpoints([1, 2, 3], expected=2)


def test_average_plus_and_minus_on_a_top_of_12():
    top12 = 12
    assert [top12 * Adjustment(k).mp_percent(None) / 100 for k in ("A", "A+", "A-")] == [6, 7.2, 4.8]


def test_average_plus_is_the_session_percentage_when_higher():
    assert Adjustment("A+").mp_percent(63.5) == 63.5
    assert Adjustment("A+").mp_percent(55) == 60
    assert Adjustment("A-").mp_percent(35) == 35
    assert Adjustment("A-").mp_percent(52) == 40


@pytest.mark.parametrize("text,label", [
    ("A+", "A+"), ("A", "A"), ("A-", "A-"), ("AVE+", "A+"), ("^A-", "A-"), ("A60", "60%"), ("40%", "40%"),
])
def test_arbitral_scores_are_understood(text, label):
    assert parse_adjustment(text).label == label


def test_numbers_are_not_arbitral_scores():
    assert parse_adjustment("420") is None and parse_adjustment("AP") is None
