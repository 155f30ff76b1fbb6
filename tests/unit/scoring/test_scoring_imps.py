"""IMPs, datum, Butler, cross-IMPs and VPs (algorithms notes 2.4-2.7, test vectors 6-8)."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine import (butler, cross_imps, cross_imps_all_pairs, cross_imps_average, datum, imps, team_match,
                            victory_points)

SCORES = st.lists(st.integers(-760, 760).map(lambda x: x * 10), min_size=1, max_size=40)


@pytest.mark.parametrize("diff,expected", [
    (0, 0), (10, 0), (20, 1), (40, 1), (50, 2), (80, 2), (90, 3), (3990, 23), (4000, 24), (7600, 24),
    (-10, 0), (-20, -1), (-4000, -24),
])
def test_imp_scale_edges(diff, expected):
    assert imps(diff) == expected


@settings(max_examples=50, deadline=None)
@given(st.integers(-8000, 8000))
def test_imps_are_odd_symmetric(diff):
    assert imps(-diff) == -imps(diff)


@pytest.mark.parametrize("scores,expected", [([425], 420), ([435], 440), ([415], 420)])
def test_datum_rounds_a_trailing_five_to_the_even_ten(scores, expected):
    assert datum(scores) == expected


def test_datum_drops_top_and_bottom():
    assert datum([1100, 620, 620, 620, 140, -100]) == 500


def test_butler_examples():
    board_datum, values = butler([600, 600, 600, -200], drop=0)
    assert board_datum == 400 and values == [5, 5, 5, -12]
    field = [980] * 3 + [480] * 11 + [450] * 7 + [-50]
    board_datum, values = butler(field, drop=0)
    assert board_datum == 510
    assert (values[0], values[3], values[14], values[21]) == (10, -1, -2, -11)
    assert datum(field, drop=1) == 520


def test_cross_imps_worked_example():
    scores = [420, 450, -100, -200, 400, 590]
    assert cross_imps(scores) == [18, 22, -42, -52, 15, 39]
    assert cross_imps_average(scores)[0] == pytest.approx(3.6)


@settings(max_examples=50, deadline=None)
@given(SCORES)
def test_cross_imps_of_a_board_sum_to_zero_and_match_all_pairs(scores):
    totals = cross_imps(scores)
    assert sum(totals) == 0
    assert totals == cross_imps_all_pairs(scores)


@pytest.mark.parametrize("margin,boards,expected", [
    (20, 16, (15.0, 5.0)), (60, 16, (20.0, 0.0)), (75, 16, (20.0, 0.0)), (10, 8, (13.78, 6.22)),
    (1, 8, (10.44, 9.56)), (50, 32, (17.51, 2.49)), (0, 12, (10.0, 10.0)), (-20, 16, (5.0, 15.0)),
])
def test_wbf_continuous_vp_scale(margin, boards, expected):
    assert victory_points(margin, boards) == expected


def test_team_match_imps_and_vps():
    match = team_match([(420, -50), (-100, -100), (-620, 100), (1430, 1460)])
    assert match.board_imps == (10, 0, -12, -1)
    assert (match.imps_a, match.imps_b) == (10, 13)
    assert match.vp_a + match.vp_b == pytest.approx(20)
    assert match.vp_a < 10
