import pytest
from hypothesis import given, settings, strategies as st

from tournaments.movements import round_robin, swiss_pairing, team_round_robin, validate
from tournaments.movements.teams import TeamsError


def test_six_team_round_robin_matches_the_circle_method_example():
    assert [sorted(tuple(sorted(m)) for m in r) for r in round_robin(6)] == [
        sorted(tuple(sorted(m)) for m in r) for r in (
            [(6, 1), (2, 5), (3, 4)], [(2, 6), (3, 1), (4, 5)], [(6, 3), (4, 2), (5, 1)],
            [(4, 6), (5, 3), (1, 2)], [(6, 5), (1, 4), (2, 3)])]


@settings(max_examples=20, deadline=None)
@given(st.integers(min_value=2, max_value=30))
def test_round_robin_meets_everyone_once(teams):
    matches = [frozenset(m) for r in round_robin(teams) for m in r]
    assert len(matches) == len(set(matches)) == teams * (teams - 1) // 2


def test_teams_of_four_exchange_boards_between_two_tables():
    movement = team_round_robin(4, boards_per_round=6)
    first = movement.rounds_detail[0].tables
    assert first[0].boards == first[1].boards
    assert {first[0].ns[:-2], first[0].ew[:-2]} == {first[1].ns[:-2], first[1].ew[:-2]}
    assert validate(movement).ok


def test_swiss_pairs_close_teams_without_rematch():
    assert swiss_pairing([3, 1, 4, 6, 2, 5], [(3, 1), (4, 6), (2, 5)]) == [(3, 4), (1, 2), (6, 5)]


def test_swiss_gives_the_bye_to_the_lowest_team_without_one():
    pairing = swiss_pairing([1, 2, 3, 4, 5], [(5, 0)])
    assert (4, 0) in pairing and len(pairing) == 3


def test_swiss_refuses_when_every_pairing_is_a_rematch():
    with pytest.raises(TeamsError):
        swiss_pairing([1, 2], [(1, 2)])
