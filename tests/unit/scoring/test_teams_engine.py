"""Teams scoring engine (issue 12): VP scales, match scores, byes, rankings, Butler, knockouts."""
import json
import math
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine import (VP_SCALES, Adjustment, ButlerResult, MatchBoard, ScoringError, TeamRow, butler_pairs,
                            bye_score, knockout_winner, match_score, rank_teams, victory_points,
                            victory_points_on, wbf_continuous_table)

GOLDEN = json.loads((Path(__file__).parent / "data" / "wbf_vp_2013.json").read_text())["tables"]


# --- VP scales -------------------------------------------------------------------------------

@pytest.mark.parametrize("boards", [8, 12, 16, 20, 24, 32])
def test_wbf_continuous_scale_is_the_golden_table(boards):
    assert list(wbf_continuous_table(boards)) == GOLDEN[str(boards)]
    for margin, win in enumerate(GOLDEN[str(boards)]):
        assert victory_points_on("wbf_continuous", margin, boards) == (win, round(20 - win, 2))
        assert victory_points_on("wbf_continuous", -margin, boards) == (round(20 - win, 2), win)


def test_wbf_continuous_matches_the_published_figures():
    # Ron Klinger, IBPA Bulletin May 2013, on the 14-board scale of the NEC Cup: IMPs 1 and 2 worth
    # 0.33 VP each, 3 and 4 0.31, 5 0.30, 6 and 7 0.29; 7 IMPs 12.16, 10 IMPs 12.97, 20 IMPs 15.26.
    table = wbf_continuous_table(14)
    steps = [round(table[i + 1] - table[i], 2) for i in range(7)]
    assert steps == [0.33, 0.33, 0.31, 0.31, 0.30, 0.29, 0.29]
    assert (table[2], table[7], table[10], table[20]) == (10.66, 12.16, 12.97, 15.26)
    # BC Star (bcstar.nl, 2013): 0 IMP 10.00, 1 IMP 10.28, 2 IMPs 10.55 -- the 20-board scale.
    assert wbf_continuous_table(20)[:3] == (10.0, 10.28, 10.55)


def test_the_concavity_correction_changes_the_rounded_formula():
    # 16 boards, 14 IMPs: the formula rounds to 13.74, which would make the 15th IMP worth more
    # than the 14th; the published correction lifts it to 13.75.
    assert victory_points_on("wbf_continuous", 14, 16) == (13.75, 6.25)
    assert victory_points(50, 32) == (17.51, 2.49)


@pytest.mark.parametrize("boards", [1, 2, 5, 7, 8, 10, 14, 16, 28, 32, 48, 64])
def test_continuous_tables_are_concave_and_end_at_twenty(boards):
    table = wbf_continuous_table(boards)
    steps = [round(b - a, 2) for a, b in zip(table, table[1:])]
    assert table[0] == 10.0 and table[-1] == 20.0
    assert all(s >= 0 for s in steps)
    assert all(later <= earlier for earlier, later in zip(steps, steps[1:]))


def test_beyond_the_blitz_is_twenty_and_fractions_interpolate():
    assert victory_points_on("wbf_continuous", 200, 16) == (20.0, 0.0)
    assert victory_points_on("wbf_continuous", 60, 16) == (20.0, 0.0)
    assert victory_points_on("wbf_continuous", 1.5, 16) == (10.46, 9.54)  # halfway 10.31 .. 10.61


@settings(max_examples=200, deadline=None)
@given(st.integers(-150, 150), st.sampled_from([4, 6, 8, 12, 14, 16, 20, 24, 28, 32]))
def test_vp_of_a_margin_and_of_its_negation_sum_to_twenty(margin, boards):
    home, away = victory_points_on("wbf_continuous", margin, boards)
    assert round(home + away, 2) == 20
    assert victory_points_on("wbf_continuous", -margin, boards) == (away, home)


@settings(max_examples=200, deadline=None)
@given(st.floats(-150, 150, allow_nan=False), st.floats(0, 20), st.sampled_from([6, 8, 16, 32]))
def test_vps_are_monotone_in_the_margin(margin, more, boards):
    assert victory_points_on("wbf_continuous", margin + more, boards)[0] >= \
        victory_points_on("wbf_continuous", margin, boards)[0]


def test_win_draw_loss_is_configurable():
    assert victory_points_on("win_draw_loss", 1, 8) == (2.0, 0.0)
    assert victory_points_on("win_draw_loss", 0, 8) == (1.0, 1.0)
    assert victory_points_on("win_draw_loss", -3, 8, win_draw_loss=(3, 1, 0)) == (0.0, 3.0)


@pytest.mark.parametrize("scale,margin,boards", [
    ("nope", 1, 8), ("wbf_continuous", 1, 0), ("wbf_continuous", 1, 1000), ("none", 1, 8),
    ("wbf_continuous", float("nan"), 8),
])
def test_bad_scale_input_is_refused(scale, margin, boards):
    with pytest.raises(ScoringError):
        victory_points_on(scale, margin, boards)


def test_scales_are_named_data():
    assert VP_SCALES["wbf_continuous"].total == 20
    assert set(VP_SCALES) >= {"wbf_continuous", "wbf_30", "wbf_25", "win_draw_loss", "none"}


# --- match scores ---------------------------------------------------------------------------

def _boards(*rooms):
    return [MatchBoard(i + 1, o, c) for i, (o, c) in enumerate(rooms)]


def test_an_imps_match_compares_the_two_rooms():
    # Board 1: home +420 N-S open, -50 closed (home E-W lost 50... home +470 -> 10 IMPs).
    score = match_score(_boards((420, -50), (-100, -100), (-620, 100), (1430, 1460)), boards_in_match=4)
    assert [b.imps for b in score.boards] == [10, 0, -12, -1]
    assert (score.imps_home, score.imps_away) == (10, 13)
    assert (score.vp_home, score.vp_away) == victory_points_on("wbf_continuous", -3, 4)
    assert score.complete and score.boards_compared == 4 and score.winner == "away"


def test_vps_use_the_planned_length_while_boards_are_missing():
    score = match_score(_boards((420, -50), (None, 100), (-100, None)), boards_in_match=16)
    assert score.boards_compared == 1 and not score.complete
    assert (score.vp_home, score.vp_away) == victory_points_on("wbf_continuous", 10, 16)
    assert [b.compared for b in score.boards] == [True, False, False]


def test_adjusted_scores_are_law_86_imps():
    score = match_score([MatchBoard(1, "A+", 420), MatchBoard(2, 100, Adjustment("A+")),
                         MatchBoard(3, "A", "A"), MatchBoard(4, "60%", 0)], boards_in_match=4)
    assert [b.imps for b in score.boards] == [3.0, -3.0, 0.0, 3.0]
    assert all(b.adjusted for b in score.boards)
    assert (score.imps_home, score.imps_away) == (6.0, 3.0)


def test_board_a_match_gives_two_one_nothing_per_board():
    score = match_score(_boards((420, 420), (430, 420), (-50, 100), (None, 0)), scoring="board_a_match",
                        boards_in_match=4)
    assert [(b.points_home, b.points_away) for b in score.boards] == [(1, 1), (2, 0), (0, 2), (0, 0)]
    assert (score.points_home, score.points_away) == (3, 3)
    assert (score.vp_home, score.vp_away) == (3, 3)


def test_patton_adds_the_aggregate_to_the_board_points():
    # Won two boards by 10 and 20, lost one by 1430: BAM 4-2, aggregate to away: 0-6 -> 4-8.
    score = match_score(_boards((430, 420), (140, 120), (-1430, 0)), scoring="patton", boards_in_match=3)
    assert (score.points_home, score.points_away) == (4, 8)
    assert score.aggregate_home == -1400


def test_carry_over_is_added_to_the_imps():
    score = match_score(_boards((420, -50)), boards_in_match=1, carry_over=(6.5, 0), vp_scale="none")
    assert (score.imps_home, score.imps_away) == (16.5, 0)
    assert score.vp_home is None and score.vp_away is None


@pytest.mark.parametrize("kwargs,boards", [
    ({"scoring": "rubber"}, _boards((1, 2))),
    ({"vp_scale": "wbf_99"}, _boards((0, 0))),
    ({"boards_in_match": 0}, _boards((0, 0))),
    ({}, [MatchBoard(1, 0, 0), MatchBoard(1, 10, 0)]),
    ({}, _boards((0, 0), (0, 0), (0, 0))),
    ({}, _boards((425, 0))),
    ({}, _boards(("banana", 0))),
    ({"carry_over": (-1, 0)}, _boards((0, 0))),
])
def test_bad_match_input_is_refused(kwargs, boards):
    kwargs = {"boards_in_match": 2, **kwargs}
    with pytest.raises(ScoringError):
        match_score(boards, **kwargs)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.integers(-200, 200), st.integers(-200, 200)), min_size=1, max_size=12))
def test_board_a_match_points_sum_to_two_per_board(rooms):
    score = match_score(_boards(*[(o * 10, c * 10) for o, c in rooms]), scoring="board_a_match",
                        boards_in_match=len(rooms))
    assert all(b.points_home + b.points_away == 2 for b in score.boards)
    assert score.points_home + score.points_away == 2 * len(rooms)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.integers(-200, 200), st.integers(-200, 200)), min_size=1, max_size=12))
def test_swapping_the_rooms_swaps_the_match(rooms):
    boards = _boards(*[(o * 10, c * 10) for o, c in rooms])
    swapped = _boards(*[(c * 10, o * 10) for o, c in rooms])
    one = match_score(boards, boards_in_match=len(rooms))
    two = match_score(swapped, boards_in_match=len(rooms))
    assert (one.imps_home, one.imps_away, one.vp_home) == (two.imps_away, two.imps_home, two.vp_away)
    assert round(one.vp_home + one.vp_away, 2) == 20


# --- byes -------------------------------------------------------------------------------------

def test_bye_rules():
    assert bye_score({"rule": "fixed", "vp": 12}) == 12
    assert bye_score(None) == 12
    assert bye_score({"rule": "average"}, 45.5, 4) == 11.38
    assert bye_score({"rule": "average", "vp": 10}, 0, 0) == 10
    assert bye_score({"rule": "higher", "vp": 12}, 40, 4) == 12
    assert bye_score("higher", 60, 4) == 15
    with pytest.raises(ScoringError):
        bye_score({"rule": "lucky"})
    with pytest.raises(ScoringError):
        bye_score({"rule": "fixed", "vp": "12"})


# --- rankings ---------------------------------------------------------------------------------

def test_rank_by_vps_then_head_to_head_then_quotient():
    rows = [TeamRow("A", 30, 50, 40), TeamRow("B", 30, 60, 30), TeamRow("C", 40), TeamRow("D", 25, 10, 10)]
    h2h = {("A", "B"): 14.0, ("B", "A"): 6.0}
    assert rank_teams(rows, ["vp", "head_to_head", "imp_quotient"], h2h) == [
        (1, "1", "C"), (2, "2", "A"), (3, "3", "B"), (4, "4", "D")]
    # Without head-to-head the quotient decides: B 2.0 before A 1.25.
    assert [t for _, _, t in rank_teams(rows, ["vp", "imp_quotient"])] == ["C", "B", "A", "D"]


def test_head_to_head_needs_every_tied_team_to_have_met():
    rows = [TeamRow("A", 30, 10, 20), TeamRow("B", 30, 20, 10), TeamRow("C", 30, 15, 15)]
    h2h = {("A", "B"): 20.0, ("B", "A"): 0.0}  # C met neither
    assert [t for _, _, t in rank_teams(rows, ["vp", "head_to_head", "imp_quotient"], h2h)] == ["B", "C", "A"]


def test_head_to_head_in_a_three_way_tie_then_again_within():
    rows = [TeamRow(t, 30) for t in "ABC"]
    h2h = {("A", "B"): 12, ("B", "A"): 8, ("A", "C"): 12, ("C", "A"): 8, ("B", "C"): 15, ("C", "B"): 5}
    # A 24, B 23, C 13.
    assert [t for _, _, t in rank_teams(rows, ["vp", "head_to_head"], h2h)] == ["A", "B", "C"]


def test_true_ties_share_a_label_and_infinite_quotients_tie():
    rows = [TeamRow("1", 20, 10, 0), TeamRow("2", 20, 30, 0), TeamRow("3", 10), TeamRow("10", 5)]
    assert rank_teams(rows, ["vp", "imp_quotient"]) == [
        (1, "1=", "1"), (1, "1=", "2"), (3, "3", "3"), (4, "4", "10")]
    assert rank_teams(rows, ["vp", "imp_quotient", "imp_difference"])[0] == (1, "1", "2")


def test_rank_refuses_unknown_tie_breaks_and_duplicates():
    with pytest.raises(ScoringError):
        rank_teams([TeamRow("A", 1)], ["coin"])
    with pytest.raises(ScoringError):
        rank_teams([TeamRow("A", 1), TeamRow("A", 2)])


@settings(max_examples=50, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 5), st.integers(0, 3), st.integers(0, 3)), min_size=1, max_size=12),
       st.permutations(["head_to_head", "imp_quotient", "imp_difference"]), st.randoms(use_true_random=False))
def test_rank_teams_is_a_permutation(values, tie_breaks, rnd):
    rows = [TeamRow(f"T{i}", float(v), float(f), float(a)) for i, (v, f, a) in enumerate(values)]
    h2h = {(a.team, b.team): float(rnd.randint(0, 20)) for a in rows for b in rows
           if a.team != b.team and rnd.random() < 0.7}
    ranked = rank_teams(rows, ["vp", *tie_breaks], h2h)
    assert sorted(t for _, _, t in ranked) == sorted(r.team for r in rows)
    positions = [p for p, _, _ in ranked]
    assert positions == sorted(positions) and positions[0] == 1
    scores = {r.team: r.score for r in rows}
    assert [scores[t] for _, _, t in ranked] == sorted(scores.values(), reverse=True)


# --- Butler -----------------------------------------------------------------------------------

def test_butler_pairs_against_the_datum():
    results = [ButlerResult(1, "1NS", "2EW", 620), ButlerResult(1, "2NS", "1EW", 170),
               ButlerResult(1, "3NS", "4EW", 650), ButlerResult(1, "4NS", "3EW", -100),
               ButlerResult(2, "1NS", "2EW", "A+"), ButlerResult(2, "2NS", "1EW", 50),
               ButlerResult(2, "3NS", "4EW", 50), ButlerResult(2, "4NS", "3EW", None)]
    pairs = {p.pair: p for p in butler_pairs(results, teams={"1NS": 1, "1EW": 1})}
    # Board 1 datum: drop 650 and -100 -> mean(620, 170) = 395 -> 400 (half-even tens).
    assert pairs["1NS"].by_board == ((1, 6.0), (2, 3.0)) and pairs["1NS"].team == 1
    assert pairs["2EW"].by_board == ((1, -6.0), (2, -3.0))
    assert pairs["2NS"].by_board[0] == (1, -6.0)
    assert pairs["3NS"].by_board == ((1, 6.0), (2, 0.0))
    assert pairs["4NS"].by_board == ((1, -11.0),)
    ranked = butler_pairs(results)
    assert ranked[0].imps >= ranked[-1].imps
    assert sum(p.imps for p in ranked) == 0


def test_butler_refuses_a_pair_with_two_results_on_a_board():
    with pytest.raises(ScoringError):
        butler_pairs([ButlerResult(1, "1NS", "2EW", 0), ButlerResult(1, "1NS", "3EW", 0)])


# --- knockouts --------------------------------------------------------------------------------

def test_knockout_adds_segments_and_carry_over():
    one = match_score(_boards((420, -50), (100, 100)), boards_in_match=2, vp_scale="none")
    two = match_score(_boards((-620, 0), (0, 0)), boards_in_match=2, vp_scale="none")
    result = knockout_winner([one, two], carry_over=(0, 0))
    assert (result.imps_home, result.imps_away, result.winner) == (10, 12, "away")
    result = knockout_winner([one, two], carry_over=(3, 0))
    assert (result.imps_home, result.winner, result.decided_by) == (13, "home", "imps")
    assert knockout_winner([one], segments_planned=2).winner is None


def test_knockout_tie_rules():
    tied = [(20, 25), (15, 10)]
    assert knockout_winner(tied).extra_boards
    assert knockout_winner(tied, tie_rule="higher_seed", seeds=(4, 1)).winner == "away"
    assert knockout_winner(tied, tie_rule="last_segment").winner == "home"
    assert knockout_winner([(10, 10)], tie_rule="last_segment").extra_boards
    with pytest.raises(ScoringError):
        knockout_winner(tied, tie_rule="higher_seed")
    with pytest.raises(ScoringError):
        knockout_winner(tied, tie_rule="toss")


def test_knockout_board_count():
    one = match_score(_boards((420, -50), (110, 90), (130, 100), (-660, 0)), boards_in_match=4, vp_scale="none")
    assert (one.imps_home, one.imps_away) == (12, 12)
    result = knockout_winner([one], tie_rule="board_count")
    assert (result.winner, result.decided_by) == ("home", "board_count")
    assert math.isclose(result.imps_home, result.imps_away)


# --- discrete scales --------------------------------------------------------------------------

@pytest.mark.parametrize("boards,margin,expected", [
    # bridgehands.com "Victory Points": 30-point scale, 6-8 boards and 9-11 boards columns.
    (8, 0, (15, 15)), (8, 1, (18, 12)), (6, 6, (22, 8)), (7, 8, (23, 7)), (8, 13, (25, 5)), (8, 27, (29, 1)),
    (8, 28, (30, 0)), (8, 99, (30, 0)), (10, 4, (20, 10)), (9, 11, (23, 7)), (11, 30, (28, 2)), (10, 36, (30, 0)),
    (8, -5, (8, 22)),
])
def test_thirty_point_scale_as_published(boards, margin, expected):
    assert victory_points_on("wbf_30", margin, boards) == expected


@pytest.mark.parametrize("boards,margin,expected", [
    # bridgehands.com 20-point scale (6-8, 9-11) and BridgeScore impsToVpsAcbl (all lengths).
    (8, 0, (10, 10)), (8, 2, (11, 9)), (8, 7, (13, 7)), (8, 28, (20, 0)), (10, 5, (12, 8)), (10, 35, (19, 1)),
    (14, 3, (11, 9)), (16, 1, (10, 10)), (24, 72, (20, 0)), (36, 84, (19, 1)), (20, -56, (0, 20)),
])
def test_acbl_twenty_point_scale(boards, margin, expected):
    assert victory_points_on("acbl_20", margin, boards) == expected


def test_discrete_scales_refuse_lengths_without_a_table():
    with pytest.raises(ScoringError, match="no table for 16-board"):
        victory_points_on("wbf_30", 3, 16)
    with pytest.raises(ScoringError, match="no published table"):
        victory_points_on("wbf_25", 3, 16)
    with pytest.raises(ScoringError, match="no table for 40-board"):
        victory_points_on("acbl_20", 3, 40)


@settings(max_examples=200, deadline=None)
@given(st.sampled_from([("wbf_30", b) for b in range(6, 12)] + [("acbl_20", b) for b in range(1, 37)]),
       st.integers(-100, 100), st.integers(0, 20))
def test_discrete_scales_sum_to_their_total_and_are_monotone(scale_boards, margin, more):
    scale, boards = scale_boards
    home, away = victory_points_on(scale, margin, boards)
    assert home + away == VP_SCALES[scale].total
    assert victory_points_on(scale, -margin, boards) == (away, home)
    assert victory_points_on(scale, margin + more, boards)[0] >= home


def test_an_adjusted_room_settles_the_board_without_the_other_room():
    score = match_score([MatchBoard(1, "A-", None), MatchBoard(2, None, "A+")], boards_in_match=2,
                        scoring="board_a_match")
    assert score.complete and [b.imps for b in score.boards] == [-3.0, -3.0]
    assert (score.points_home, score.points_away) == (0, 4)


def test_butler_ranks_by_average_when_pairs_played_different_boards():
    results = [ButlerResult(1, "1NS", "2EW", 620), ButlerResult(1, "2NS", "1EW", 170),
               ButlerResult(1, "3NS", "4EW", 420), ButlerResult(2, "1NS", "3EW", 140),
               ButlerResult(2, "3NS", "1EW", 110), ButlerResult(2, "2NS", "4EW", 170)]
    by_total = [p.pair for p in butler_pairs(results, drop=0)]
    by_average = butler_pairs(results, drop=0, by="average")
    assert by_average[0].average == max(p.average for p in by_average)
    assert sorted(by_total) == sorted(p.pair for p in by_average)
    with pytest.raises(ScoringError):
        butler_pairs(results, by="median")
