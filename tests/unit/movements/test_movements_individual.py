import pytest
from hypothesis import given, settings, strategies as st

from tournaments.movements import individual, rainbow, validate
from tournaments.movements.individual import IndividualError, available_sizes

# algorithms notes §1.6 (bridgescorer Individual2Tables21Boards): N S E W per table.
EIGHT = {
    1: [("8", "1", "5", "7"), ("2", "6", "4", "3")],
    4: [("8", "4", "1", "3"), ("5", "2", "7", "6")],
    7: [("8", "7", "4", "6"), ("1", "5", "3", "2")],
}


def test_eight_player_individual_matches_the_published_movement():
    movement = individual(8, boards_per_round=3)
    for r, tables in EIGHT.items():
        assert [t.entrants for t in movement.rounds_detail[r - 1].tables] == tables
    report = validate(movement)
    assert report.ok and movement.boards == 21
    assert len(report.partners) == 28 and set(report.partners.values()) == {1}
    assert len(report.meetings) == 28 and set(report.meetings.values()) == {2}


@pytest.mark.parametrize("players", [p for p in available_sizes()])
def test_whist_tournament_designs_partner_once_oppose_twice(players):
    movement = individual(players)
    report = validate(movement)
    n = players * (players - 1) // 2
    assert report.ok
    assert len(report.partners) == n and set(report.partners.values()) == {1}
    assert len(report.meetings) == n and set(report.meetings.values()) == {2}


def test_byes_when_players_are_not_a_multiple_of_four():
    movement = individual(7)
    assert all(len(p.sit_out) == 3 for p in movement.rounds_detail)
    assert validate(movement).ok


def test_rainbow_worked_example_rounds():
    movement = rainbow(5, boards_per_round=1)
    round2 = [(t.entrants, t.boards[0]) for t in movement.rounds_detail[1].tables]
    assert round2[0] == (("1", "10", "14", "18"), 2)
    assert round2[4] == (("5", "9", "13", "17"), 1)
    round3 = [t.entrants for t in movement.rounds_detail[2].tables]
    assert round3[2] == ("3", "6", "14", "17")


@settings(max_examples=30, deadline=None)
@given(st.integers(min_value=3, max_value=30))
def test_rainbow_valid_iff_tables_coprime_to_six(tables):
    from math import gcd
    if gcd(tables, 6) == 1:
        assert validate(rainbow(tables)).ok
    else:
        with pytest.raises(IndividualError, match="coprime to 6"):
            rainbow(tables)
