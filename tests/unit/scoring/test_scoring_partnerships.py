"""The engine's sides as partnerships (an individual: a side is two players, each credited with
the side's score), checked against the same session played by fixed pairs."""
import pytest

from scoring.engine import Adjustment, BoardResults, Method, Result, score_session
from scoring.engine.session import direction_fields

# Three tables, two boards; the partnerships change between the boards (an individual).
SEATINGS = {1: [(("1", "2"), ("3", "4")), (("5", "6"), ("7", "8")), (("9", "10"), ("11", "12"))],
            2: [(("1", "6"), ("11", "4")), (("5", "10"), ("3", "8")), (("9", "2"), ("7", "12"))]}
SCORES = {1: [420, 450, -50], 2: [-100, 110, 110]}


def session(method="matchpoints", adjusted=None):
    boards = []
    for board, seats in SEATINGS.items():
        results = [Result(ns, ew, float(score)) for (ns, ew), score in zip(seats, SCORES[board])]
        if adjusted and board == 2:
            (ns, ew) = seats[0]
            results[0] = Result(ns, ew, adjusted_ns=Adjustment("A+"), adjusted_ew=Adjustment("A-"))
        boards.append(BoardResults(board, tuple(results)))
    return score_session(boards, method)


def by_hand_matchpoints() -> dict[str, float]:
    """EBU 2/1/0 against the other results of the board; each player takes their side's."""
    totals: dict[str, float] = {}
    for board, seats in SEATINGS.items():
        scores = SCORES[board]
        for i, (ns, ew) in enumerate(seats):
            mp = sum(2 if scores[i] > s else 1 if scores[i] == s else 0 for j, s in enumerate(scores) if j != i)
            for p in ns:
                totals[p] = totals.get(p, 0) + mp
            for p in ew:
                totals[p] = totals.get(p, 0) + 4 - mp
    return totals


def test_every_player_of_a_side_takes_the_sides_matchpoints():
    scored = session()
    totals = {s.entrant: s.total for s in scored.standings}
    assert totals == pytest.approx(by_hand_matchpoints())
    assert all(s.boards == 2 and s.top == 8 for s in scored.standings)
    assert sum(totals.values()) == pytest.approx(2 * 2 * 3 * 4)  # a board: 3 tables x top 4, each side credited twice


def test_every_player_of_a_side_takes_the_sides_imps():
    scored = session(Method("butler"))
    rows = {b.board: b.results for b in scored.boards}
    totals = {s.entrant: s.total for s in scored.standings}
    for board, seats in SEATINGS.items():
        for (ns, ew), rs in zip(seats, rows[board]):
            assert rs.result.ns == ns and rs.imp_ns == -rs.imp_ew
    expected: dict[str, float] = {}
    for board, seats in SEATINGS.items():
        for (ns, ew), rs in zip(seats, rows[board]):
            for p in ns:
                expected[p] = expected.get(p, 0) + rs.imp_ns
            for p in ew:
                expected[p] = expected.get(p, 0) + rs.imp_ew
    assert totals == pytest.approx(expected)
    assert totals["1"] != totals["2"]  # partners of one board, not of the other


def test_an_adjusted_score_goes_to_both_players_by_their_sides_percentage():
    scored = session(adjusted=True)
    board2 = scored.boards[1].results[0]
    # A+ is 60% or the side's own session percentage if higher (the two players' average)
    assert board2.pct_ns >= 60 and board2.pct_ew <= 40
    totals = {s.entrant: s for s in scored.standings}
    assert totals["1"].boards == totals["6"].boards == 2


def test_a_rainbow_keeps_each_seat_in_its_own_field():
    boards = [BoardResults(1, (Result(("1", "6"), ("11", "16"), 100.0), Result(("2", "7"), ("12", "17"), 200.0)))]
    fields = direction_fields(boards)
    assert fields["1"] == fields["6"] == "NS" and fields["16"] == "EW"
    scored = score_session(boards, "matchpoints", fields=fields)
    assert {s.field for s in scored.standings} == {"NS", "EW"}
