from tournaments.movements import mitchell, relay_mitchell, skip_mitchell, validate, is_complete
from tournaments.movements.mitchell import MitchellError, bye_stand_set
from tournaments.movements.model import Movement, RoundPlan, TablePlay, board_set
import pytest

# algorithms notes §1.2: 7-table Mitchell, cell = (NS, EW, set) for rounds 1, 2 and 7.
SEVEN = {
    1: [(1, 1, 1), (2, 2, 2), (3, 3, 3), (4, 4, 4), (5, 5, 5), (6, 6, 6), (7, 7, 7)],
    2: [(1, 7, 2), (2, 1, 3), (3, 2, 4), (4, 3, 5), (5, 4, 6), (6, 5, 7), (7, 6, 1)],
    7: [(1, 2, 7), (2, 3, 1), (3, 4, 2), (4, 5, 3), (5, 6, 4), (6, 7, 5), (7, 1, 6)],
}


def cells(movement, round_number):
    plan = movement.rounds_detail[round_number - 1]
    bpr = movement.boards_per_round
    return [(int(t.ns[:-2]), int(t.ew[:-2]), (t.boards[0] - 1) // bpr + 1) for t in plan.tables]


def test_seven_table_mitchell_matches_the_worked_example():
    movement = mitchell(7, boards_per_round=3)
    for r, expected in SEVEN.items():
        assert cells(movement, r) == expected
    report = validate(movement)
    assert report.ok and len(report.meetings) == 49 and is_complete(movement, report)
    assert movement.boards == 21 and movement.winners == 2


def test_ew_pair_plays_set_e_plus_2r():
    movement = mitchell(7, boards_per_round=1)
    for r, plan in enumerate(movement.rounds_detail):
        for tp in plan.tables:
            e = int(tp.ew[:-2]) - 1
            assert tp.boards[0] - 1 == (e + 2 * r) % 7


def plain_even(tables, rounds):
    plans = tuple(
        RoundPlan(round=r + 1, tables=tuple(
            TablePlay(table=t + 1, ns=f"{t + 1}NS", ew=f"{(t - r) % tables + 1}EW",
                      boards=board_set((t + r) % tables + 1, 1)) for t in range(tables)))
        for r in range(rounds))
    return Movement(kind="mitchell", winners=2, tables=tables, boards_per_round=1,
                    rounds_detail=plans)


def test_plain_mitchell_with_eight_tables_replays_sets():
    report = validate(plain_even(8, 8))
    assert len([e for e in report.errors if "again" in e and "board" in e]) == 32


def test_even_plain_mitchell_is_refused_with_an_alternative():
    with pytest.raises(MitchellError, match="skip-mitchell"):
        mitchell(8)


@pytest.mark.parametrize("tables,skipped", [(6, 4), (8, 5)])
def test_skip_mitchell_skips_the_standard_hoyle_table(tables, skipped):
    movement = skip_mitchell(tables)
    visited = [next(t.table for t in p.tables if t.ew == "1EW") for p in movement.rounds_detail]
    assert skipped not in visited and len(visited) == tables - 1
    assert validate(movement).ok


def test_skip_mitchell_eight_tables_ew1_route():
    movement = skip_mitchell(8, boards_per_round=1)
    route = [next((t.table, t.boards[0]) for t in p.tables if t.ew == "1EW")
             for p in movement.rounds_detail]
    assert [t for t, _ in route] == [1, 2, 3, 4, 6, 7, 8]
    assert [b for _, b in route] == [1, 3, 5, 7, 2, 4, 6]


def test_revenge_round_meets_round_one_opponents_again():
    movement = skip_mitchell(8, boards_per_round=1)
    revenge = RoundPlan(round=8, tables=tuple(
        TablePlay(table=t, ns=f"{t}NS", ew=f"{t}EW", boards=(100 + t,)) for t in range(1, 9)))
    extended = Movement(kind="x", winners=2, tables=8, boards_per_round=1,
                        rounds_detail=movement.rounds_detail + (revenge,))
    report = validate(extended)
    assert len([e for e in report.errors if "meets" in e]) == 8


def test_relay_mitchell_eight_tables_matches_the_worked_example():
    movement = relay_mitchell(8, boards_per_round=1)
    assert cells(movement, 1) == [(1, 1, 1), (2, 2, 2), (3, 3, 3), (4, 4, 4), (5, 5, 6),
                                  (6, 6, 7), (7, 7, 8), (8, 8, 1)]
    assert cells(movement, 5) == [(1, 5, 5), (2, 6, 6), (3, 7, 7), (4, 8, 8), (5, 1, 2),
                                  (6, 2, 3), (7, 3, 4), (8, 4, 5)]
    assert bye_stand_set(8, 1) == 5 and bye_stand_set(8, 5) == 1
    report = validate(movement)
    assert report.ok and is_complete(movement, report)


def test_relay_mitchell_is_refused_without_declared_sharing():
    movement = relay_mitchell(8)
    from dataclasses import replace
    report = validate(replace(movement, shared=False))
    assert "also at table" in report.first_error


def test_arrow_switch_merges_the_fields():
    movement = mitchell(7, arrow_switch=[7])
    assert movement.winners == 1
    last = movement.rounds_detail[-1].tables[0]
    assert int(last.ns) > 7 and int(last.ew) <= 7  # E-W pair holds the N-S cards
    assert validate(movement).balance is not None


def test_half_table_sits_out_the_pair_facing_the_phantom():
    movement = mitchell(5, phantom=True)
    assert all(len(p.sit_out) == 1 and len(p.tables) == 4 for p in movement.rounds_detail)
    assert "5EW" not in movement.entrants


def test_rover_bumps_one_table_each_round():
    movement = mitchell(7, rover=True)
    outs = [p.sit_out for p in movement.rounds_detail]
    assert outs[0] == ("8NS",) and outs[1] == ("1NS",) and outs[2] == ("2NS",)
    assert validate(movement).ok


def test_partial_mitchell_by_rounds():
    movement = mitchell(9, rounds=6, boards_per_round=4)
    assert movement.rounds == 6 and validate(movement).ok
    with pytest.raises(MitchellError):
        mitchell(9, rounds=10)
