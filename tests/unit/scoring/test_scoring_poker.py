"""Progressive poker's banker's ledger and prizes (Standard Hoyle), purely."""
import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.engine.poker import (
    BORROWED, ISSUED, RETURNED, Entry, LedgerError, Result, accounts, balance, entry_check, prizes, ranking)


def test_borrowed_chips_are_charged_against_the_borrower():
    entries = [Entry("1", ISSUED, 100), Entry("2", ISSUED, 100), Entry("2", BORROWED, 50)]
    assert balance(entries, {"1": 0, "2": 250}) == {"1": -100, "2": 100}


def test_chips_the_banker_borrows_are_credited():
    entries = [Entry("1", ISSUED, 100), Entry("2", ISSUED, 100), Entry("1", RETURNED, 30)]
    assert balance(entries, {"1": 70, "2": 100}) == {"1": 0, "2": 0}


def test_chips_made_are_refused():
    entries = [Entry("1", ISSUED, 100), Entry("2", ISSUED, 100)]
    with pytest.raises(LedgerError) as err:
        balance(entries, {"1": 0, "2": 201})
    assert err.value.field == "chips" and "201" in str(err.value)


def test_a_player_without_a_count_is_named():
    with pytest.raises(LedgerError) as err:
        balance([Entry("1", ISSUED, 100), Entry("7", ISSUED, 100)], {"1": 200})
    assert err.value.player == "7"


def test_no_borrowing_at_the_head_table():
    with pytest.raises(LedgerError) as err:
        entry_check(Entry("3", BORROWED, 25), 0, at_head_table=True)
    assert err.value.field == "player" and "head table" in str(err.value)
    entry_check(Entry("3", BORROWED, 25), 0, at_head_table=False)


def test_nobody_returns_more_than_he_holds():
    with pytest.raises(LedgerError):
        entry_check(Entry("3", RETURNED, 26), 25, at_head_table=False)


@pytest.mark.parametrize("chips", [0, -5, 2.5, True])
def test_an_entry_is_a_whole_number_of_chips(chips):
    with pytest.raises(LedgerError) as err:
        accounts([Entry("1", BORROWED, chips)])
    assert err.value.field == "chips"


@given(st.lists(st.tuples(st.sampled_from("1234"), st.sampled_from((BORROWED, RETURNED)), st.integers(1, 50)),
                max_size=12), st.permutations(["1", "2", "3", "4"]))
def test_results_sum_to_nothing_when_chips_balance(moves, order):
    """Chips are neither made nor lost: whatever the loans and however the chips changed hands,
    the players' results add up to zero."""
    entries = [Entry(p, ISSUED, 100) for p in "1234"] + [Entry(p, k, c) for p, k, c in moves]
    out = {p: a.out for p, a in accounts(entries).items()}
    total = sum(out.values())
    held = {p: 0 for p in "1234"}
    held[order[0]] = total  # one player took every chip
    assert sum(balance(entries, held).values()) == 0


def results():
    return [Result("1", "lady", 120), Result("2", "lady", 40), Result("3", "lady", -60), Result("4", "lady", -10),
            Result("5", "gentleman", 300), Result("6", "gentleman", -200), Result("7", "gentleman", -100),
            Result("8", "gentleman", 0)]


def test_first_second_and_booby_for_ladies_and_gentlemen():
    got = {(p["category"], p["prize"]): [r.label for r in p["players"]] for p in prizes(ranking(results()))}
    assert got == {("lady", "first"): ["1"], ("lady", "second"): ["2"], ("lady", "booby"): ["3"],
                   ("gentleman", "first"): ["5"], ("gentleman", "second"): ["8"], ("gentleman", "booby"): ["6"]}


def test_tied_players_share_or_cut():
    rows = [Result("1", "lady", 50), Result("2", "lady", 50), Result("3", "lady", 10), Result("4", "lady", -20)]
    shared = prizes(ranking(rows))
    assert [(p["prize"], [r.label for r in p["players"]]) for p in shared] == [
        ("first", ["1", "2"]), ("second", ["3"]), ("booby", ["4"])]
    assert not shared[0]["cut"]
    assert prizes(ranking(rows), ties="cut")[0]["cut"]


def test_nobody_who_lost_nothing_takes_the_booby():
    rows = [Result("1", "gentleman", 10), Result("2", "gentleman", 0), Result("3", "gentleman", 0)]
    assert [p["prize"] for p in prizes(ranking(rows))] == ["first", "second"]
