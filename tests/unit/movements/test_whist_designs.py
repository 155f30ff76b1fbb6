"""Whist-tournament designs: partner everyone once, oppose everyone twice (John Pain, EBU)."""

from collections import Counter
from itertools import combinations

import pytest

from tournaments.movements import individual
from tournaments.movements.individual_data import WHIST_GROUPS, WHIST_TOURNAMENTS
from tournaments.movements.whist_search import (
    anneal, exhaustive, field_starter, find_offsets, primitive_root_starter, starter_problems)


def counts(movement):
    """Partnerships and opposing pairs counted straight from the seating, no validator."""
    partners, opponents, boards = Counter(), Counter(), Counter()
    for plan in movement.rounds_detail:
        for t in plan.tables:
            partners.update([frozenset((t.n, t.s)), frozenset((t.e, t.w))])
            opponents.update(frozenset((a, b)) for a in (t.n, t.s) for b in (t.e, t.w))
            boards.update((who, board) for who in (t.n, t.s, t.e, t.w) for board in t.boards)
    return partners, opponents, boards


@pytest.mark.parametrize("players", sorted(WHIST_TOURNAMENTS))
def test_every_player_partners_each_other_once_and_opposes_twice(players):
    movement = individual(players, boards_per_round=2)
    partners, opponents, boards = counts(movement)
    everyone = [frozenset(p) for p in combinations(map(str, range(1, players + 1)), 2)]
    assert set(partners) == set(everyone) and set(partners.values()) == {1}
    assert set(opponents) == set(everyone) and set(opponents.values()) == {2}
    assert set(boards.values()) == {1}  # nobody plays a board twice
    assert len(movement.rounds_detail) == (players - 1 if players % 4 == 0 else players)


@pytest.mark.parametrize("players", sorted(WHIST_TOURNAMENTS))
def test_stored_starters_meet_the_difference_conditions(players):
    blocks, offsets = WHIST_TOURNAMENTS[players]
    assert starter_problems(players, blocks, offsets, WHIST_GROUPS.get(players)) == []


@pytest.mark.parametrize("players", [p for p, (_, offsets) in WHIST_TOURNAMENTS.items()
                                     if offsets is not None])
def test_set_offsets_keep_each_board_at_one_table_a_round(players):
    movement = individual(players, boards_per_round=1)
    assert not movement.shared
    for plan in movement.rounds_detail:
        boards = [b for t in plan.tables for b in t.boards]
        assert len(boards) == len(set(boards))


def test_eighteen_players_get_the_twenty_player_design_with_two_byes():
    movement = individual(18)
    assert movement.tables == 5 and len(movement.rounds_detail) == 19
    assert "20-player design with 2 phantom(s)" in movement.note
    seated = Counter()
    for plan in movement.rounds_detail:
        assert len(plan.sit_out) + 4 * len(plan.tables) == 18
        seated.update(who for t in plan.tables for who in (t.n, t.s, t.e, t.w))
    assert set(seated) == {str(p) for p in range(1, 19)}


def test_there_is_no_cyclic_wh9_so_nine_uses_z3_by_z3():
    assert exhaustive(9, (9,)) == []
    assert WHIST_GROUPS[9] == (3, 3)


def test_search_finds_a_wh9_quickly():
    blocks, offsets = anneal(9, seed=1, with_offsets=False, seconds=5)
    assert offsets is None
    assert starter_problems(9, blocks, None, (3, 3)) == []


def test_search_finds_wh13_with_set_offsets():
    blocks, offsets = anneal(13, seed=3, seconds=10)
    assert starter_problems(13, blocks, offsets) == []


@pytest.mark.parametrize("p", [5, 13, 17, 29])
def test_primitive_root_construction_for_primes_one_mod_four(p):
    assert starter_problems(p, primitive_root_starter(p)) == []


@pytest.mark.parametrize("p", [3, 5])
def test_field_construction_for_nine_and_twenty_five(p):
    assert starter_problems(p * p, field_starter(p), None, (p, p)) == []


def test_a_broken_starter_is_reported():
    blocks, offsets = WHIST_TOURNAMENTS[13]
    swapped = ((blocks[0][2], blocks[0][1], blocks[0][0], blocks[0][3]),) + blocks[1:]
    assert starter_problems(13, swapped)
    assert starter_problems(13, blocks, (offsets[0],) * 3)


def test_no_set_offsets_for_eight_or_twelve_players():
    assert all(find_offsets(8, blocks) is None for blocks in exhaustive(8))
    assert find_offsets(12, WHIST_TOURNAMENTS[12][0]) is None
