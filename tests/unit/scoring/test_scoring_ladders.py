"""Season competitions in the pure engine: ladders, averages, most improved, masterpoints,
handicap cups and championships."""
import datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine.errors import ScoringError
from scoring.engine.ladders import (DEFAULT_MASTERPOINTS, MasterpointScale, Outcome, PlacingPoints, average,
                                    championship, handicap_cup, handicap_of, ladder, masterpoints, most_improved)

D = datetime.date(2026, 1, 5)


def o(player, session, pct=None, place=1, size=8, tied=1, partner=None):
    return Outcome(player, session, D + datetime.timedelta(days=7 * session), place, size, pct, tied, partner)


def by_player(rows):
    return {r.player: r for r in rows}


def test_ladder_sums_the_best_n_percentages():
    rows = by_player(ladder([o("ann", 1, 55), o("ann", 2, 62), o("ann", 3, 48), o("bob", 1, 60)], best=2))
    assert rows["ann"].score == pytest.approx(117)
    assert rows["ann"].counted == (1, 2) and rows["ann"].played == 3
    assert rows["ann"].rank == "1" and rows["bob"].rank == "2"


def test_ladder_by_placings_uses_the_scale_and_shares_ties():
    scale = PlacingPoints((10, 8, 6))
    rows = by_player(ladder([o("ann", 1, place=1), o("ann", 2, place=2, tied=2), o("bob", 1, place=4)],
                            best=None, basis="placings", points=scale))
    assert rows["ann"].score == pytest.approx(10 + 7)
    assert rows["bob"].score == 0


def test_ladder_refuses_an_unknown_basis():
    with pytest.raises(ScoringError):
        ladder([o("ann", 1, 50)], best=2, basis="tricks")


def test_equal_scores_share_a_rank():
    rows = ladder([o("ann", 1, 55), o("bob", 1, 55), o("cy", 1, 40)], best=1)
    assert [r.rank for r in rows] == ["1=", "1=", "3"]


def test_average_ranks_only_players_with_the_minimum():
    rows = average([o("ann", 1, 70), o("bob", 1, 55), o("bob", 2, 57)], minimum=2)
    assert [r.player for r in rows] == ["bob", "ann"]
    assert rows[0].rank == "1" and rows[0].score == pytest.approx(56)
    assert not rows[1].qualified and rows[1].rank == ""


def test_most_improved_is_against_the_rating_at_the_start():
    rows = by_player(most_improved([o("ann", 1, 60), o("bob", 1, 60)], {"ann": 45.0, "bob": 58.0}))
    assert rows["ann"].score == pytest.approx(15) and rows["ann"].rank == "1"
    assert rows["bob"].score == pytest.approx(2)


def test_masterpoints_follow_the_field_size_band():
    scale = MasterpointScale.from_data({"bands": [{"min_size": 4, "awards": [12, 8]},
                                                  {"min_size": 10, "awards": [20, 14, 10]}]})
    assert scale.award(1, 3) == 0
    assert scale.award(1, 6) == 12 and scale.award(3, 6) == 0
    assert scale.award(3, 12) == 10
    assert scale.award(1, 12, tied=2) == 17  # (20 + 14) / 2
    assert scale.award(2, 6, tied=2) == 4  # (8 + 0) / 2
    rows = by_player(masterpoints([o("ann", 1, place=1, size=12), o("ann", 2, place=2, size=6)], scale))
    assert rows["ann"].score == 28 and rows["ann"].detail == (20, 8)


@pytest.mark.parametrize("data, message", [
    ({}, "list of bands"),
    ({"bands": [{"min_size": 0, "awards": [1]}]}, "min_size"),
    ({"bands": [{"min_size": 4, "awards": [-1]}]}, "awards"),
    ({"bands": [{"min_size": 4, "awards": [3]}, {"min_size": 4, "awards": [2]}]}, "same min_size"),
])
def test_a_bad_masterpoint_scale_is_refused(data, message):
    with pytest.raises(ScoringError, match=message):
        MasterpointScale.from_data(data)


def test_default_scale_round_trips_as_data():
    assert MasterpointScale.from_data(DEFAULT_MASTERPOINTS.as_data()) == DEFAULT_MASTERPOINTS


def test_handicap_is_the_distance_below_par_bounded():
    assert handicap_of(44.0) == 6.0
    assert handicap_of(58.5) == -8.5
    assert handicap_of(30.0) == 10.0
    assert handicap_of(None) == 0.0


def test_handicap_cup_adds_the_pair_handicap():
    rows = by_player(handicap_cup([o("ann", 1, 50, partner="bob"), o("bob", 1, 50, partner="ann"),
                                   o("cy", 1, 56, partner="di")], {"ann": 6.0, "bob": 2.0, "cy": -4.0}))
    assert rows["ann"].score == pytest.approx(54) and rows["bob"].score == pytest.approx(54)
    assert rows["cy"].score == pytest.approx(54)  # (-4 + 0) / 2 added to 56
    assert {r.rank for r in rows.values()} == {"1="}


def test_championship_carries_over_sum_or_average():
    outcomes = [o("ann", 1, 60), o("ann", 2, 50), o("bob", 1, 70), o("ann", 9, 90)]
    rows = by_player(championship(outcomes, sessions=[1, 2], carry_over="sum"))
    assert rows["ann"].score == pytest.approx(110) and rows["ann"].qualified
    assert not rows["bob"].qualified  # missed session 2
    assert by_player(championship(outcomes, sessions=[1, 2], carry_over="average"))["ann"].score == pytest.approx(55)


results = st.lists(st.floats(min_value=0, max_value=100, allow_nan=False), min_size=0, max_size=12)


@settings(max_examples=200, deadline=None)
@given(results, st.integers(min_value=1, max_value=8), st.floats(min_value=0, max_value=100, allow_nan=False))
def test_a_ladder_score_never_goes_down_when_a_result_is_added(values, best, extra):
    before = [o("ann", i, v) for i, v in enumerate(values)]
    worse = min(values + [extra]) if len(values) >= best else extra
    after = before + [o("ann", len(values), worse)]
    old = ladder(before, best=best)
    new = ladder(after, best=best)[0].score
    assert new >= (old[0].score if old else 0) - 1e-9


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 12), st.integers(1, 3)), max_size=10), st.integers(1, 5))
def test_a_placings_ladder_never_goes_down_with_another_session(places, best):
    before = [o("ann", i, place=p, tied=t, size=12) for i, (p, t) in enumerate(places)]
    after = before + [o("ann", len(places), place=12, size=12)]
    old = ladder(before, best=best, basis="placings")
    assert ladder(after, best=best, basis="placings")[0].score >= (old[0].score if old else 0)
