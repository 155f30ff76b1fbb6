"""Poker patience's grid scoring, purely: ten hands by the book's table, the lost values as a
rule, placement, and a deal's grids compared duplicate-style."""
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine.patience import (
    CELLS, PatienceError, PatienceRules, deal_scores, grid_score, hand_kind, place, rules_clean, standings)
from tournaments.deals.cards import BRIDGE_PACK
from tournaments.deals.patience import called_cards

PACK = [str(c) for c in BRIDGE_PACK.cards]

# Rows: royal flush, straight flush, four of a kind, full house, a flush; the columns then
# hold what they hold (worked out by hand below).
GRID = ["TS", "JS", "QS", "KS", "AS",
        "5H", "6H", "7H", "8H", "9H",
        "2C", "2D", "2H", "2S", "3C",
        "4D", "4C", "4H", "9D", "9C",
        "3D", "7D", "JD", "KD", "QD"]


def test_the_books_table_scores_each_hand():
    score = grid_score(GRID)
    rows = [h.kind for h in score.hands[:5]]
    assert rows == ["royal_flush", "straight_flush", "four_of_a_kind", "full_house", "flush"]
    assert [h.points for h in score.hands[:5]] == [60, 30, 20, 12, 5]


def test_columns_worked_by_hand():
    # column 1: TS 5H 2C 4D 3D -> nothing; column 2: JS 6H 2D 4C 7D -> nothing;
    # column 3: QS 7H 2H 4H JD -> nothing; column 4: KS 8H 2S 9D KD -> one pair;
    # column 5: AS 9H 3C 9C QD -> one pair.
    score = grid_score(GRID)
    assert [h.kind for h in score.hands[5:]] == ["nothing", "nothing", "nothing", "one_pair", "one_pair"]
    assert score.total == 60 + 30 + 20 + 12 + 5 + 1 + 1  # the lost one pair filled as 1 (English)
    assert grid_score(GRID, PatienceRules(lost_values="none")).total == 127
    assert grid_score(GRID, PatienceRules(table="english")).total == 30 + 30 + 16 + 10 + 5 + 1 + 1
    assert grid_score(GRID, PatienceRules(table="american")).total == 100 + 75 + 50 + 25 + 20 + 2 + 2


@pytest.mark.parametrize("cards, kind", [
    (["AS", "2H", "3D", "4C", "5S"], "straight"),
    (["TS", "JH", "QD", "KC", "AS"], "straight"),
    (["QS", "KH", "AD", "2C", "3S"], "nothing"),
    (["AH", "2H", "3H", "4H", "5H"], "straight_flush"),
    (["7C", "7D", "7H", "2S", "9C"], "three_of_a_kind"),
    (["7C", "7D", "9H", "9S", "KC"], "two_pair"),
    (["2C", "7C", "9C", "JC", "KC"], "flush"),
])
def test_hand_kinds(cards, kind):
    assert hand_kind(cards) == kind


def test_lost_values_default_from_the_english_table_and_flush_below_three():
    values = PatienceRules().values()
    assert (values["one_pair"], values["three_of_a_kind"], values["straight"]) == (1, 6, 12)
    assert values["flush"] < values["three_of_a_kind"]  # the Standard Hoyle's footnote
    assert values["two_pair"] == 2 and values["full_house"] == 12 and values["royal_flush"] == 60
    none = PatienceRules(lost_values="none").values()
    assert (none["one_pair"], none["three_of_a_kind"], none["straight"]) == (0, 0, 0)


@pytest.mark.parametrize("cells, message", [
    (GRID[:24], "25 cells"),
    (GRID[:24] + ["TS"], "TS is in squares A1 and E5"),
    (GRID[:24] + [None], "square E5 is empty"),
    (GRID[:24] + ["1X"], "square E5"),
    ("TS" * 25, "25 cells"),
])
def test_a_grid_is_25_distinct_cards(cells, message):
    with pytest.raises(PatienceError) as err:
        grid_score(cells)
    assert message in str(err.value) and err.value.field == "grid"


def test_cards_written_any_common_way():
    assert grid_score([c.lower() for c in GRID]).total == grid_score(GRID).total
    assert grid_score(["10S" if c == "TS" else c for c in GRID]).total == grid_score(GRID).total


grids = st.permutations(PACK).map(lambda p: p[:CELLS])


@settings(max_examples=60, deadline=None)
@given(grids)
def test_every_grid_has_exactly_ten_hands_each_card_in_two(grid):
    hands = grid_score(grid).hands
    assert len(hands) == 10
    assert sorted(h.line for h in hands) == sorted([f"row {i}" for i in range(1, 6)] +
                                                   [f"column {i}" for i in range(1, 6)])
    assert set(Counter(c for h in hands for c in h.cards).values()) == {2}


@settings(max_examples=60, deadline=None)
@given(grids, st.randoms(use_true_random=False))
def test_score_does_not_depend_on_the_order_cards_were_placed(grid, rnd):
    order = list(range(CELLS))
    rnd.shuffle(order)
    cells = [None] * CELLS
    for square in order:
        cells = place(cells, square, grid[square])
    assert list(cells) == list(grid)
    assert grid_score(cells).total == grid_score(grid).total


@settings(max_examples=40, deadline=None)
@given(grids)
def test_transposed_grid_scores_the_same(grid):
    transposed = [grid[c * 5 + r] for r in range(5) for c in range(5)]
    assert grid_score(transposed).total == grid_score(grid).total


def test_placing_refuses_a_taken_square_a_repeated_card_and_a_far_square_when_touching():
    cells = place([None] * CELLS, 12, "7H")
    with pytest.raises(PatienceError, match="already holds 7H") as err:
        place(cells, 12, "8H")
    assert err.value.field == "square"
    with pytest.raises(PatienceError, match="already placed") as err:
        place(cells, 0, "7h")
    assert err.value.field == "card"
    touching = PatienceRules(placement="touching")
    assert place(cells, 6, "8H", touching)[6] == "8H"  # corner to corner
    with pytest.raises(PatienceError, match="touches no card"):
        place(cells, 0, "8H", touching)
    with pytest.raises(PatienceError) as err:
        place(cells, 25, "8H")
    assert err.value.field == "square"


def test_matchpoints_compare_the_field_two_a_grid_beaten_one_a_tie():
    assert deal_scores({"1": 80, "2": 60, "3": 60, "4": 40}, "matchpoints") == {"1": 6, "2": 3, "3": 3, "4": 0}
    assert deal_scores({"1": 80, "2": 60}) == {"1": 80, "2": 60}


def test_standings_highest_wins_ties_share_and_duplicate_differs_from_total():
    deals = [{"1": 100, "2": 30, "3": 29}, {"1": 10, "2": 31, "3": 30}]
    by_total = standings(deals, ["1", "2", "3"])
    assert [(r.rank, r.label, r.total) for r in by_total] == [("1", "1", 110), ("2", "2", 61), ("3", "3", 59)]
    by_mp = standings(deals, ["1", "2", "3"], "matchpoints")
    assert [(r.rank, r.label, r.total) for r in by_mp] == [("1", "2", 6), ("2", "1", 4), ("3", "3", 2)]
    assert by_mp[0].deals == (2, 4) and by_mp[0].points == 61
    late = standings([{"1": 5}], ["1", "2"])
    assert late[1].deals == (None,) and late[1].total == 0


def test_rules_are_checked_by_field():
    assert rules_clean(None) == PatienceRules()
    for rules, field in [({"table": "french"}, "table"), ({"deals": 0}, "deals"), ({"deals": True}, "deals"),
                         ({"placement": "x"}, "placement"), ({"colour": 1}, "rules")]:
        with pytest.raises(PatienceError) as err:
            rules_clean(rules)
        assert err.value.field == field


def test_called_cards_are_25_distinct_and_follow_the_seed():
    first = called_cards("evening-seed", 1)
    assert len(first) == 25 and len(set(first)) == 25 and set(first) <= set(PACK)
    assert called_cards("evening-seed", 1) == first
    assert called_cards("evening-seed", 2) != first
    assert called_cards("other-seed", 1) != first
    with pytest.raises(ValueError):
        called_cards("evening-seed", 0)
