"""Tallies, rankings and prizes of progressive parties, purely."""
from scoring.engine.tally import (
    TallyRow, hearts_prizes, hearts_ranking, missed_credit, rank_tally, tally, tally_prizes)


def ranks(ranked):
    return [(rank, row.label) for rank, row in ranked]


def test_stars_rank_gold_then_red_then_fewest_green_and_ties_share():
    rows = [TallyRow("1", gold=2, red=1), TallyRow("2", gold=2, red=1, green=1), TallyRow("3", gold=3),
            TallyRow("4", gold=2, red=1)]
    assert ranks(rank_tally(rows, stars=True)) == [(1, "3"), (2, "1"), (2, "4"), (4, "2")]


def test_points_rank_then_tables_won_each_category_apart():
    rows = [TallyRow("1", "lady", points=30, wins=2), TallyRow("2", "gentleman", points=40),
            TallyRow("3", "lady", points=30, wins=3), TallyRow("4", "gentleman", points=20)]
    assert ranks(rank_tally(rows, stars=False)) == [(1, "3"), (2, "1"), (1, "2"), (2, "4")]


def test_prizes_first_and_booby_per_category():
    ranked = rank_tally([TallyRow("1", points=30), TallyRow("2", points=10), TallyRow("3", points=10)], stars=False)
    prizes = tally_prizes(ranked, stars=False)
    assert [(p["prize"], [r.label for r in p["players"]]) for p in prizes] == [("first", ["1"]), ("booby", ["2", "3"])]
    stars = rank_tally([TallyRow("1", gold=1), TallyRow("2", green=2), TallyRow("3", green=2)], stars=True)
    assert [r.label for r in tally_prizes(stars, stars=True)[1]["players"]] == ["2", "3"]
    assert len(tally_prizes(rank_tally([TallyRow("1"), TallyRow("2")], stars=True), stars=True)) == 1


def test_tally_adds_up_each_players_stars():
    assert tally([{"A": ("gold",)}, {"A": ("gold", "red"), "B": ("green",)}]) == {
        "A": {"gold": 2, "red": 1, "green": 0}, "B": {"gold": 0, "red": 0, "green": 1}}


def test_hearts_finalists_rank_first_by_the_final_table():
    rows = [TallyRow("1", points=5), TallyRow("2", points=-3), TallyRow("3", points=20), TallyRow("4", points=0)]
    reached = {"1": 2, "2": 2, "3": 1, "4": 1}
    last = {"1": -4, "2": 2, "3": 12, "4": 0}
    assert ranks(hearts_ranking(rows, reached=reached, last=last, final_round=2)) == [
        (1, "1"), (2, "2"), (3, "4"), (4, "3")]
    assert ranks(hearts_ranking(rows, reached=reached, last=last, final_round=2, by_total=True))[:2] == [
        (1, "2"), (2, "1")]


def test_the_hearts_booby_goes_to_the_most_chips_lost_without_a_prize():
    rows = [TallyRow(str(i), points=p) for i, p in enumerate([0, 1, 2, 30, 12], start=1)]
    ranked = [(i, row) for i, row in enumerate(rows, start=1)]
    prizes = hearts_prizes(ranked)
    assert [p["prize"] for p in prizes] == ["first", "second", "third", "booby"]
    assert [r.label for r in prizes[-1]["players"]] == ["4"]


def test_a_latecomers_missed_rounds_count_nothing_or_the_rounded_average():
    assert missed_credit([3, 4], average=False) is None
    assert missed_credit([3, 4], average=True) == 4
    assert missed_credit([], average=True) is None
