import pytest

from tournaments.movements import howell, is_complete, validate
from tournaments.movements.howell import HowellError
from tournaments.movements.howell_data import HOWELLKI

from movement_fixtures import bridgescorer, howellki_expanded, signature


@pytest.mark.parametrize("key", ["4-7", "5-7", "6-8", "5-9", "6-11", "7-13"])
def test_howellki_expansion_matches_the_published_rows(key):
    tables, rounds = (int(x) for x in key.split("-"))
    movement = howell(tables, rounds=rounds, boards_per_round=1)
    rows = [(p.round, t.table, t.ns, t.ew, t.boards[0])
            for p in movement.rounds_detail for t in p.tables]
    assert rows == howellki_expanded(key)


@pytest.mark.parametrize("name,tables,bpr", [
    ("43_bridgescorer_Movement.Howell08T4B21.yaml", 4, 3),
    ("44_bridgescorer_Movement.Howell10T5B18.yaml", 5, 2),
    ("41_bridgescorer_Movement.Howell3TableNoRelay.yaml", 3, 4),
])
def test_howell_is_equivalent_to_the_published_one(name, tables, bpr):
    published = bridgescorer(name)
    ours = howell(tables, boards_per_round=bpr)
    theirs_report, our_report = validate(published), validate(ours)
    assert theirs_report.ok and our_report.ok
    assert signature(ours, our_report)[:5] == signature(published, theirs_report)[:5]
    if tables == 4:  # both perfectly balanced: every two pairs compared 3 times a set
        assert our_report.balance.spread == theirs_report.balance.spread == 0


def test_four_table_howell_compares_every_pair_equally():
    report = validate(howell(4, boards_per_round=1))
    assert set(report.comparisons.values()) == {3} and len(report.comparisons) == 28


def test_five_table_howell_comparisons_spread_around_the_mean():
    report = validate(howell(5, boards_per_round=1))
    assert set(report.comparisons.values()) <= {3, 4, 5} and report.balance.spread == 2


@pytest.mark.parametrize("tables", [2, 3])
def test_small_howells_relay_or_split_boards(tables):
    movement = howell(tables, boards_per_round=3 if tables == 2 else 4)
    report = validate(movement)
    assert report.ok and is_complete(movement, report)
    assert movement.rounds == 2 * tables - 1
    assert movement.shared == (tables == 2)


def test_two_table_howell_fails_without_declared_relays():
    from dataclasses import replace
    assert not validate(replace(howell(2), shared=False)).ok


def test_odd_pairs_get_a_phantom_and_one_sits_out_each_round():
    movement = howell(pairs=9)
    assert all(len(p.sit_out) == 1 for p in movement.rounds_detail)
    assert len({p.sit_out[0] for p in movement.rounds_detail}) == 9
    assert "10" not in movement.entrants


def test_partial_howell_uses_published_three_quarter_movement():
    assert "6-8" in HOWELLKI
    movement = howell(6, rounds=8)
    report = validate(movement)
    assert report.ok and not is_complete(movement, report)


def test_howell_limits():
    with pytest.raises(HowellError):
        howell(1)
    with pytest.raises(HowellError):
        howell(31)
    with pytest.raises(HowellError):
        howell(4, rounds=8)


@pytest.mark.parametrize("tables", [13, 16, 21, 30])
def test_large_howells_are_turned_round_for_balance(tables):
    """Turning tables round (howell_tune) keeps every meeting and board and evens out the
    comparisons: 13 tables' spread goes from 6 to 2; no size is left worse than before."""
    from tournaments.movements.howell_data import CYCLIC_FLIPS
    from tournaments.movements.howell_tune import balance, cyclic_plays

    movement = howell(tables)
    report = validate(movement)
    assert report.ok
    plays = cyclic_plays(tables)
    flips = [int(c) for c in CYCLIC_FLIPS[tables]]
    tuned, plain = balance(tables, plays, flips), balance(tables, plays, [0] * tables)
    assert report.balance.spread == tuned[0] < plain[0]
    assert set(report.meetings.values()) == {1} and len(report.meetings) == tables * (2 * tables - 1)
    if tables == 13:
        assert tuned[0] == 2


def test_the_tuner_finds_a_better_turning_quickly():
    from tournaments.movements.howell_tune import tune

    flips, start, best = tune(13, seconds=1.5, seed=3)
    assert len(flips) == 13 and flips[0] == "0" and best < start
