"""score_session: the data-in/data-out API the event app calls."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine import (Adjustment, BoardResults, Method, Result, ScoringError, direction_fields, rank,
                            score_session)


def board(number, rows):
    return BoardResults(number, tuple(Result(ns, ew, score) for ns, ew, score in rows))


MITCHELL = [
    board(1, [("1", "A", 620), ("2", "B", 650), ("3", "C", 170)]),
    board(2, [("1", "B", -100), ("2", "C", -100), ("3", "A", 140)]),
]


def test_percentages_are_sum_of_matchpoints_over_sum_of_tops():
    score = score_session(MITCHELL)
    by_pair = {s.entrant: s for s in score.standings}
    assert by_pair["2"].total == 4 + 1 and by_pair["2"].top == 8
    assert by_pair["2"].percentage == pytest.approx(62.5)
    assert by_pair["2"].boards == 2


def test_board_results_carry_both_sides():
    first = score_session(MITCHELL).boards[0]
    assert first.top == 4
    r = first.results[1]
    assert (r.mp_ns, r.mp_ew, r.pct_ns, r.pct_ew) == (4, 0, 100, 0)


def test_two_winner_fields_are_ranked_separately():
    typed = [board(1, [("1", "1", 620), ("2", "2", 650), ("3", "3", 170)]),
             board(2, [("1", "2", -100), ("2", "3", -100), ("3", "1", 140)])]
    typed = [BoardResults(b.board, tuple(Result(f"N{r.ns}", f"E{r.ew}", r.score_ns) for r in b.results))
             for b in typed]
    fields = direction_fields(typed)
    score = score_session(typed, fields=fields)
    ns = [s for s in score.standings if s.field == "NS"]
    ew = [s for s in score.standings if s.field == "EW"]
    assert [s.rank for s in ns] == ["1", "2", "3"] and len(ew) == 3
    assert sum(s.total for s in ns) == 2 * 6


def test_pair_seen_in_both_directions_is_not_a_two_winner_field():
    with pytest.raises(ScoringError, match="both"):
        direction_fields([board(1, [("1", "2", 100), ("2", "1", 100)])])


def test_arrow_switched_results_are_compared_with_the_same_cards():
    # Pair 1 sat E-W on a switched round but held the N-S cards: the caller orients it as N-S.
    played = [board(1, [("1", "9", 420), ("2", "8", 400), ("3", "7", 450)])]
    standings = {s.entrant: s for s in score_session(played).standings}
    assert standings["1"].total == 2 and standings["9"].total == 2


def test_average_plus_uses_the_session_percentage_when_higher():
    boards = [
        board(1, [("1", "A", 500), ("2", "B", 100), ("3", "C", 0)]),
        BoardResults(2, (Result("1", "B", adjusted_ns=Adjustment("A+")),
                         Result("2", "C", 100), Result("3", "A", 200))),
    ]
    score = score_session(boards)
    artificial = score.boards[1].results[0]
    # Pair 1 scored 100% on its other board; B scored 50% there, so Average-minus stays 40%.
    assert artificial.pct_ns == 100 and artificial.pct_ew == pytest.approx(40)
    others = score.boards[1].results[1:]
    assert [r.mp_ns for r in others] == pytest.approx([0.5, 3.5])  # Neuberg from 2 results to 3


def test_split_scores_need_not_balance():
    r = Result("1", "2", adjusted_ns=Adjustment("A+"), adjusted_ew=Adjustment("A"))
    scored = score_session([BoardResults(1, (r, Result("3", "4", 100)))]).boards[0].results[0]
    assert scored.pct_ns + scored.pct_ew == pytest.approx(110)


def test_individuals_credit_every_player_of_the_side():
    played = [BoardResults(1, (Result(("1", "2"), ("3", "4"), 100), Result(("5", "6"), ("7", "8"), 50)))]
    totals = {s.entrant: s.total for s in score_session(played).standings}
    assert totals["1"] == totals["2"] == 2 and totals["7"] == 2 and totals["5"] == 0


def test_butler_and_cross_imps_sessions():
    boards = [board(1, [("1", "5", 420), ("2", "6", 450), ("3", "7", -100), ("4", "8", -200)])]
    butler = score_session(boards, "butler")
    assert butler.boards[0].datum == 160  # 450 and -200 dropped: (420 - 100) / 2
    cross = score_session(boards, Method("cross-imps", cross_imps_average=False))
    assert sum(r.imp_ns for r in cross.boards[0].results) == 0


def test_imp_artificial_scores():
    boards = [BoardResults(1, (Result("1", "2", adjusted_ns=Adjustment("A+")), Result("3", "4", 100),
                               Result("5", "6", 200)))]
    scored = score_session(boards, "butler").boards[0].results[0]
    assert (scored.imp_ns, scored.imp_ew) == (3, -3)


def test_ranks_show_ties():
    assert rank({"a": 55.0, "b": 60.0, "c": 55.0, "d": 50.0}) == [("1", "b"), ("2=", "a"), ("2=", "c"), ("4", "d")]


def test_tie_breaks_split_ties():
    assert rank({"a": 55.0, "c": 55.0}, tiebreaks=[{"a": 1, "c": 2}]) == [("1", "c"), ("2", "a")]


def test_ties_are_judged_on_the_published_rounding():
    assert [r for r, _ in rank({"a": 55.001, "b": 54.999})] == ["1=", "1="]


def test_bad_method_is_rejected():
    with pytest.raises(ScoringError, match="method"):
        score_session(MITCHELL, "rubber")


def test_result_needs_a_score_or_an_adjustment():
    with pytest.raises(ScoringError):
        Result("1", "2")
    with pytest.raises(ScoringError):
        Result("1", "2", 100, adjusted_ns=Adjustment("A"), adjusted_ew=Adjustment("A"))
    assert Result("1", "2", 100, adjusted_ns=Adjustment("A")).split  # a split score (Law 12C)


@settings(max_examples=30, deadline=None)
@given(st.lists(st.lists(st.integers(-50, 50).map(lambda x: x * 10), min_size=2, max_size=8), min_size=1, max_size=5))
def test_session_is_deterministic_and_boards_balance(boards_scores):
    boards = [board(i + 1, [(f"N{j}", f"E{j}", s) for j, s in enumerate(scores)])
              for i, scores in enumerate(boards_scores)]
    first, second = score_session(boards), score_session(boards)
    assert first == second
    expected = max(len(s) for s in boards_scores)
    for b in first.boards:
        assert sum(r.mp_ns + r.mp_ew for r in b.results) == pytest.approx(len(b.results) * b.top)
        assert b.top == 2 * (expected - 1)


def test_teams_rank_by_victory_points_with_an_imp_quotient_tie_break():
    from scoring.engine import team_match
    ab = team_match([(420, -50), (-100, -100)])
    cd = team_match([(-620, 100), (1430, 1460)])
    vps = {"A": ab.vp_a, "B": ab.vp_b, "C": cd.vp_a, "D": cd.vp_b}
    quotient = {"A": 10 / 1, "B": 0.1, "C": 0.0, "D": 13.0}
    assert rank(vps, tiebreaks=[quotient]) == [("1", "D"), ("2", "A"), ("3", "B"), ("4", "C")]
    level = {"A": 12.5, "D": 12.5}
    assert rank(level, tiebreaks=[quotient]) == [("1", "D"), ("2", "A")]
    assert rank(level) == [("1=", "A"), ("1=", "D")]
