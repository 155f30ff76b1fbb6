"""Progressive poker's rules as pure functions (Standard Hoyle, Progressive Poker): the draw
to 5/4/.../4/6, the limits, the cut, the progression at the bell, latecomers and the booby
split, a table's chip count. No database."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.movements.party_poker import (
    MIN_PLAYERS, PokerRuleError, TableReport, chips_value, cut_cards, draw, progress, options_clean, seat_latecomers,
    stake, table_limits, table_sizes, table_total)


def labels(n, start=1):
    return [str(i) for i in range(start, start + n)]


def flat(seating):
    return [p for table in seating for side in table for p in side]


def test_four_tables_are_five_four_four_six():
    assert table_sizes(19) == (5, 4, 4, 6)
    assert table_sizes(23) == (5, 4, 4, 4, 6)


def test_players_over_whole_tables_sit_at_the_booby_table():
    assert table_sizes(21) == (5, 4, 4, 8)


def test_fewer_than_four_tables_is_refused_naming_players():
    with pytest.raises(PokerRuleError) as err:
        table_sizes(18)
    assert err.value.field == "players" and "register 1 more" in str(err.value)
    assert MIN_PLAYERS == 19


def test_the_book_limits_in_white_chips():
    """Standard Hoyle worked example: table 2 = 25, 3 = 15, 4 = 10, 5 = 5, booby = 1."""
    cards = table_limits(6)
    assert [c.chips for c in cards] == [None, 25, 15, 10, 5, 1]
    assert "table stakes" in cards[0].text and "jack-pots" in cards[0].text


def test_four_tables_take_the_first_limits_and_the_booby_white():
    assert [c.chips for c in table_limits(4)] == [None, 25, 15, 1]


def test_beyond_six_tables_the_banker_settles_the_limit():
    cards = table_limits(8)
    assert [c.chips for c in cards[1:5]] == [25, 15, 10, 5]
    assert cards[5].chips is None and "banker" in cards[5].text
    assert cards[7].chips == 1
    assert table_limits(8, {"limits": {"6": 3, "7": 2}})[5].chips == 3


def test_colours_are_data():
    assert chips_value({"blue": 1, "red": 2, "white": 3}) == 38
    assert stake({}) == 10 * 25 + 10 * 5 + 25
    assert stake({"stake": {"blue": 1}, "colours": {"white": 1, "red": 10, "blue": 50}}) == 50


@pytest.mark.parametrize("options", [{"stake": {"green": 3}}, {"colours": {"white": 2}}, {"ace": "middle"},
                                   {"limits": {"x": 3}}, {"split_at": 3}, {"nonsense": 1}, [1]])
def test_bad_options_are_refused_naming_options(options):
    with pytest.raises(PokerRuleError) as err:
        options_clean(options)
    assert err.value.field == "options"


def test_the_draw_is_seeded_and_seats_everyone_once():
    first = draw(labels(23), "seed")
    assert first == draw(labels(23), "seed")
    assert first != draw(labels(23), "other")
    assert sorted(flat(first.seating), key=int) == labels(23)
    assert [len(t[0]) for t in first.seating] == [5, 4, 4, 4, 6]
    table, seat = first.cards["1"][:-1], first.cards["1"][-1]
    assert "1" == first.seating[int(table) - 1][0]["abcdefghijkl".index(seat)]


def seating_of(sizes):
    out, n = [], 1
    for size in sizes:
        out.append((tuple(str(i) for i in range(n, n + size)),))
        n += size
    return tuple(out)


def test_the_progression_of_the_book():
    """Jack-pot winner stays; two lowest of the other four go to the booby table; the winners
    of the last two pots go up a table."""
    seating = seating_of((5, 4, 4, 6))  # head 1-5, table 2: 6-9, table 3: 10-13, booby 14-19
    reports = {1: TableReport(cut={"2": 3, "3": 12, "4": 1, "5": 9}),
               2: TableReport(pots=("6", "7")), 3: TableReport(pots=("12", "10")),
               4: TableReport(pots=("14", "19"))}
    change = progress(seating, "1", reports, "s")
    head, second, third, booby = (t[0] for t in change.seating)
    assert set(head) == {"1", "3", "5", "6", "7"}
    assert set(second) == {"8", "9", "10", "12"}
    assert set(third) == {"11", "13", "14", "19"}
    assert set(booby) == {"15", "16", "17", "18", "2", "4"}
    assert change.moves["2"] == change.moves["4"] == "booby" and change.moves["6"] == "up"


def test_one_player_won_both_pots_the_others_cut_and_the_highest_goes_up():
    seating = seating_of((5, 4, 4, 6))
    reports = {1: TableReport(cut={"2": 3, "3": 12, "4": 1, "5": 9}),
               2: TableReport(pots=("6", "6"), cut={"7": 2, "8": 13, "9": 5}),
               3: TableReport(pots=("10", "11")), 4: TableReport(pots=("14", "15"))}
    head = progress(seating, "1", reports, "s").seating[0][0]
    assert set(head) == {"1", "3", "5", "6", "8"}


def test_a_tied_cut_across_the_line_is_refused_naming_the_cut():
    seating = seating_of((5, 4, 4, 6))
    reports = {1: TableReport(cut={"2": 3, "3": 7, "4": 7, "5": 9}),
               2: TableReport(pots=("6", "7")), 3: TableReport(pots=("10", "11")), 4: TableReport(pots=("14", "15"))}
    with pytest.raises(PokerRuleError) as err:
        progress(seating, "1", reports, "s")
    assert err.value.field == "cut" and "3 and 4" in str(err.value)


def test_the_jackpot_is_won_at_the_head_table():
    seating = seating_of((5, 4, 4, 6))
    with pytest.raises(PokerRuleError) as err:
        progress(seating, "9", {}, "s")
    assert err.value.field == "jackpot"


def test_a_pot_won_by_a_player_of_another_table_is_refused():
    seating = seating_of((5, 4, 4, 6))
    reports = {2: TableReport(pots=("6", "14")), 3: TableReport(pots=("10", "11")), 4: TableReport(pots=("14", "15"))}
    with pytest.raises(PokerRuleError) as err:
        progress(seating, "1", reports, "s")
    assert err.value.field == "pots" and "table 2" in str(err.value)


def test_a_seeded_cut_breaks_every_tie():
    cut = cut_cards(labels(12), "seed")
    assert len(set(cut.values())) == 12
    assert cut == cut_cards(labels(12), "seed")
    assert all(1 <= c[0] <= 13 for c in cut.values())


@settings(max_examples=60, deadline=None)
@given(players=st.integers(min_value=19, max_value=80), seed=st.text(max_size=6), rounds=st.integers(1, 4))
def test_seat_counts_stay_five_four_six_after_every_change(players, seed, rounds):
    """Standard Hoyle worked example 36: the seat counts stay 5 / 4 / ... / 4 / 6."""
    seating = draw(labels(players), seed).seating
    sizes = [len(t[0]) for t in seating]
    for r in range(rounds):
        reports = {t: TableReport(pots=(table[0][0], table[0][r % 2])) for t, table in enumerate(seating, start=1)}
        seating = progress(seating, seating[0][0][r % 5], reports, f"{seed}:{r}").seating
        assert [len(t[0]) for t in seating] == sizes
        assert sorted(flat(seating), key=int) == labels(players)


def test_latecomers_sit_at_the_booby_table_then_split_it():
    seating = seating_of((5, 4, 4, 6))
    three = seat_latecomers(seating, ["20", "21", "22"], "s")
    assert [len(t[0]) for t in three] == [5, 4, 4, 9]
    four = seat_latecomers(seating, ["20", "21", "22", "23"], "s")
    assert [len(t[0]) for t in four] == [5, 4, 4, 4, 6]
    assert sorted(flat(four), key=int) == labels(23)


def test_a_table_count_must_balance():
    held = {"1": 300, "2": 325, "3": 350, "4": 325}
    assert table_total(list(held), held, {"1": 0, "2": 700, "3": 0, "4": 600}, 2)["2"] == 700
    with pytest.raises(PokerRuleError) as err:
        table_total(list(held), held, {"1": 0, "2": 700, "3": 0, "4": 601}, 2)
    assert err.value.field == "chips" and "table 2" in str(err.value) and "1301" in str(err.value)
    with pytest.raises(PokerRuleError) as err:
        table_total(list(held), held, {"1": -1, "2": 700, "3": 0, "4": 601}, 2)
    assert "player 1" in str(err.value)
    with pytest.raises(PokerRuleError) as err:
        table_total(list(held), held, {"1": 0, "2": 700, "3": 0}, 2)
    assert "player 4" in str(err.value)


def test_the_age_goes_to_the_last_lady_coming_to_a_table():
    from tournaments.movements.party_poker import first_deal

    before = seating_of((5, 4, 4, 6))
    after = (("1", "2", "3", "6", "7"), ("8", "9", "10", "11"), ("12", "13", "14", "15"),
             ("16", "17", "18", "19", "4", "5"))
    after = tuple((t,) for t in after)
    deals = first_deal(before, after, ladies={"6", "10", "11", "4", "5"}, seed="s")
    assert deals[0].age == "6" and "last lady" in deals[0].how  # 6 and 7 came up, 6 a lady
    assert deals[1].age in ("10", "11") and "cut for the age" in deals[1].how  # two ladies came
    assert deals[2].age is None and deals[2].dealer in after[2][0] and "no lady" in deals[2].how
    assert deals[3].age in ("4", "5")
    start = first_deal(None, before, ladies=set(), seed="s")
    assert all(d.dealer and d.age is None and "cut for" in d.how for d in start)
