"""The party's draw, rotation chart, trumps and table-result checks (pure, no Django)."""
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.movements.party_draw import (
    PartyRuleError, TableRules, bye_points, draw_by_cards, draw_open, ghosts_needed,
    circle_chart, rotation_chart, table_winner_checked, whist_trumps)

LADIES = [f"L{i}" for i in range(1, 7)]
GENTS = [f"G{i}" for i in range(1, 7)]
BOOKS = TableRules("game", game_points=5)


def test_matching_cards_partner_a_lady_with_a_gentleman_at_the_card_table():
    draw = draw_by_cards(LADIES, GENTS, seed="s1")
    assert len(draw.seating) == 3
    for number, table in enumerate(draw.seating, start=1):
        for suit, (lady, gent) in zip("\u2663\u2660", table):
            assert lady.startswith("L") and gent.startswith("G")
            assert draw.cards[lady] == draw.cards[gent] == f"{'A' if number == 1 else number}{suit}"


def test_the_draw_is_repeatable_from_its_seed_and_changes_with_it():
    assert draw_by_cards(LADIES, GENTS, "x") == draw_by_cards(LADIES, GENTS, "x")
    seatings = {draw_by_cards(LADIES, GENTS, s).seating for s in range(6)}
    assert len(seatings) > 1


def test_open_draw_seats_everyone_once():
    players = [str(i) for i in range(1, 13)]
    seated = [p for t in draw_open(players, 7).seating for s in t for p in s]
    assert sorted(seated, key=int) == players


def test_draw_refuses_unequal_categories():
    with pytest.raises(PartyRuleError):
        draw_by_cards(LADIES, GENTS[:5], "s")


def test_ghosts_fill_each_category_to_whole_tables():
    assert ghosts_needed(5, 6) == (1, 0)
    assert ghosts_needed(5, 5) == (1, 1)
    assert ghosts_needed(6, 6) == (0, 0)


@settings(max_examples=30, deadline=None)
@given(st.integers(min_value=4, max_value=40))
def test_rotation_chart_partners_everyone_once(players):
    chart = rotation_chart(players)
    partners = []
    for rnd in chart:
        seated = [p for t in rnd.tables for s in t for p in s]
        assert len(set(seated)) == len(seated)
        assert sorted(seated + list(rnd.byes), key=int) == [str(i) for i in range(1, players + 1)]
        partners += [frozenset(s) for t in rnd.tables for s in t]
    assert len(set(partners)) == len(partners)
    missing = len(list(combinations(range(players), 2))) - len(partners)
    assert missing == {0: 0, 1: 0, 2: 1, 3: players}[players % 4]


@pytest.mark.parametrize("players", [8, 12, 16, 20])
def test_rotation_chart_for_multiples_of_four_has_no_byes(players):
    for chart in (rotation_chart(players), circle_chart(players)):
        assert len(chart) == players - 1
        assert all(not r.byes and len(r.tables) == players // 4 for r in chart)


def test_rotation_chart_uses_the_balanced_individual_design_where_one_exists():
    opponents = Counter()
    for rnd in rotation_chart(8):
        for (a, b) in rnd.tables:
            opponents.update(frozenset((x, y)) for x in a for y in b)
    assert set(opponents.values()) == {2}  # every pair of players opposes twice


def test_whist_drive_trumps_rotate_hearts_clubs_diamonds_spades():
    assert [whist_trumps(h) for h in range(1, 6)] == ["hearts", "clubs", "diamonds", "spades", "hearts"]
    assert whist_trumps(5, no_trumps=True) == "no trumps"


def test_head_table_must_reach_the_game():
    with pytest.raises(PartyRuleError):
        table_winner_checked([4, 3], None, None, BOOKS, head=True)
    assert table_winner_checked([3, 5], None, None, BOOKS, head=True) == 1


def test_unfinished_table_is_decided_on_points_then_tricks_then_cut():
    assert table_winner_checked([3, 2], None, None, BOOKS, head=False) == 0
    assert table_winner_checked([2, 2], [1, 2], None, BOOKS, head=False) == 1
    assert table_winner_checked([2, 2], [1, 1], [4, 11], BOOKS, head=False) == 1
    with pytest.raises(PartyRuleError):
        table_winner_checked([2, 2], [1, 1], None, BOOKS, head=False)


@pytest.mark.parametrize("points", [[5, 5], [9, 0], [-1, 5], [5], ["a", 1], [2.5, 5]])
def test_impossible_points_are_refused(points):
    with pytest.raises(PartyRuleError):
        table_winner_checked(points, None, None, BOOKS, head=True)


def test_whist_drive_tricks_must_add_up_to_thirteen_a_hand():
    rules = TableRules("tricks", hands=4)
    assert table_winner_checked([30, 22], None, None, rules, head=True) == 0
    with pytest.raises(PartyRuleError):
        table_winner_checked([30, 20], None, None, rules, head=True)


def test_fixed_hands_allow_a_tie_when_no_winner_is_needed():
    rules = TableRules("hands", hands=8)
    assert table_winner_checked([6, 6], None, None, rules, head=True, needs_winner=False) is None
    with pytest.raises(PartyRuleError):
        table_winner_checked([40, 0], None, None, rules, head=False)


def test_a_bye_scores_the_average_side_rounded_half_up():
    assert bye_points([5, 3, 4, 5]) == 4
    assert bye_points([5, 4]) == 5
