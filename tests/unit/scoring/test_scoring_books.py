"""The books' methods over a session (``books_session``): plus or minus the board's average
(Standard Hoyle, Duplicate Bridge) and Foster's total tricks, in ``score_session``'s shape."""
import pytest

from scoring.engine import (BoardResults, Result, ScoringError, above_average, books_session, compass_scores,
                            compass_trick_totals, CompassResult, scaled_to_card)


def _boards(rows):
    return [BoardResults(b, tuple(Result(ns, ew, score_ns=s, tricks_ns=t) for ns, ew, s, t in rs))
            for b, rs in rows]


def test_the_books_worked_example_as_a_session():
    """No. 4 nets 380 and No. 5 390 against an N-S average of 250: 130 and 140 (L3441)."""
    boards = _boards([(1, [("4", "a", 380, None), ("5", "b", 390, None), ("6", "c", -20, None)]),
                      (2, [("4", "b", 0, None), ("5", "c", 0, None), ("6", "a", 0, None)])])
    session = books_session(boards, "average", fields={**dict.fromkeys("456", "NS"), **dict.fromkeys("abc", "EW")})
    totals = {s.entrant: s.total for s in session.standings}
    assert (totals["4"], totals["5"], totals["6"]) == (pytest.approx(130), pytest.approx(140), pytest.approx(-270))
    north_south = [s for s in session.standings if s.field == "NS"]
    assert [(s.rank, s.entrant) for s in north_south] == [("1", "5"), ("2", "4"), ("3", "6")]
    first = {(rs.result.ns, rs.result.ew): (rs.plus_ns, rs.plus_ew) for rs in session.boards[0].results}
    assert first[("4", "a")] == (pytest.approx(130), pytest.approx(-130))
    assert session.method == "average" and all(s.percentage is None and s.top is None for s in session.standings)


def test_a_board_played_once_is_not_compared():
    session = books_session(_boards([(1, [("1", "2", 420, None)])]), "average")
    assert session.standings == () and session.boards[0].results[0].plus_ns == 0


def test_total_tricks_is_fosters_compass_whist_with_the_percentage_of_tricks():
    rows = [(1, [("a", "f", 0, 8), ("b", "g", 0, 7)]), (2, [("a", "g", 0, 6), ("b", "f", 0, 9)])]
    session = books_session(_boards(rows), "total_tricks", fields={"a": "NS", "b": "NS", "f": "EW", "g": "EW"},
                            card=2)
    ns, ew = compass_trick_totals(CompassResult(ns, ew, t) for _b, rs in rows for ns, ew, _s, t in rs)
    totals = {s.entrant: s.total for s in session.standings}
    assert totals == {**ns, **ew}
    assert [s.field for s in session.standings] == ["EW", "EW", "NS", "NS"]
    assert {s.entrant: s.percentage for s in session.standings}["b"] == pytest.approx(100 * 16 / 26)
    # ranked by tricks won, which is ranking by Foster's plus/minus the direction's average
    by_compass = compass_scores(ns, ew)
    for field in ("NS", "EW"):
        order = [s.entrant for s in session.standings if s.field == field]
        assert order == sorted(order, key=lambda e: -by_compass[e])


def test_total_tricks_scale_a_short_card_to_a_full_one():
    rows = [(1, [("a", "f", 0, 8), ("b", "g", 0, 7)]), (2, [("a", "g", 0, 6)])]
    session = books_session(_boards(rows), "total_tricks", card=2)
    b = next(s for s in session.standings if s.entrant == "b")
    assert (b.total, b.boards) == (scaled_to_card(7, 1, 2), 1) == (14, 1)
    assert b.percentage == pytest.approx(100 * 7 / 13)


def test_unknown_books_method_is_refused():
    with pytest.raises(ScoringError):
        books_session([], "matchpoints")


def test_plus_minus_is_the_books_above_average_at_the_end():
    rows = [(b, [("1", "5", 100 * b, None), ("2", "6", -50 * b, None)]) for b in (1, 2, 3)]
    totals = {s.entrant: s.total for s in books_session(_boards(rows), "average").standings}
    net_ns = {"1": 600, "2": -300}
    assert {e: totals[e] for e in net_ns} == pytest.approx(above_average(net_ns))
