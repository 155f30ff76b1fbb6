"""Movement changes during the evening, pure: the movement as played with late pairs and
withdrawals, the phantom's place, pair numbers across a switch, and where results go."""
from tournaments.movements import generate
from tournaments.movements.change import Played, free_from, phantom_place, preview, relabel, seated


def test_a_half_table_mitchell_has_the_phantom_place_of_the_full_one():
    nine = generate("mitchell", pairs=9, boards_per_round=2)
    ten = generate("mitchell", pairs=10, boards_per_round=2, rounds=nine.rounds)
    assert phantom_place(nine, ten) == "5EW"
    seven = generate("howell", pairs=7, boards_per_round=3)
    eight = generate("howell", pairs=8, boards_per_round=3, rounds=seven.rounds)
    assert phantom_place(seven, eight) == "8"
    assert phantom_place(ten, generate("skip-mitchell", pairs=11, boards_per_round=2)) is None


def test_a_late_pair_s_earlier_rounds_are_the_phantom_s_sit_outs():
    nine = generate("mitchell", pairs=9, boards_per_round=2)
    ten = generate("mitchell", pairs=10, boards_per_round=2, rounds=nine.rounds)
    played = seated(ten, {"5EW": [(3, None)]})
    assert played.rounds_detail[:2] == nine.rounds_detail[:2]
    assert played.rounds_detail[2:] == ten.rounds_detail[2:]


def test_a_withdrawn_pair_s_later_opponents_sit_out():
    ten = generate("mitchell", pairs=10, boards_per_round=2)
    played = seated(ten, {"3EW": [(1, 2)], "1NS": [(1, None)]})
    assert played.rounds_detail[:2] == ten.rounds_detail[:2]
    for plan in played.rounds_detail[2:]:
        opponent = next(t.ns for t in ten.rounds_detail[plan.round - 1].tables if t.ew == "3EW")
        assert opponent in plan.sit_out and all("3EW" not in t.entrants for t in plan.tables)
    everyone = {label: [(1, None)] for label in ten.entrants} | {"3EW": [(1, 2)]}
    assert free_from(everyone, ten.entrants, 3) == ["3EW"]
    assert free_from(everyone, ten.entrants, 2) == []


def test_pair_numbers_follow_the_fields_from_a_mitchell_to_a_howell():
    howell = generate("howell", pairs=8)
    labels = relabel(["1NS", "2NS", "3NS", "4NS", "1EW", "2EW", "3EW", "4EW"], howell)
    assert labels == {"1NS": "1", "2NS": "2", "3NS": "3", "4NS": "4", "1EW": "5", "2EW": "6", "3EW": "7",
                      "4EW": "8"}
    assert relabel(["1NS", "1EW"], generate("mitchell", pairs=10)) == {"1NS": "1NS", "1EW": "1EW"}


def test_results_map_to_the_same_board_and_pairs_or_are_named_as_conflicts():
    nine = generate("mitchell", pairs=9, boards_per_round=2)
    ten = generate("mitchell", pairs=10, boards_per_round=2, rounds=nine.rounds)
    first = nine.rounds_detail[0].tables[0]
    ok = Played(id=1, board=first.boards[0], ns=first.ns, ew=first.ew, round=1, table=first.table)
    bad = Played(id=2, board=first.boards[0], ns=first.ew, ew=first.ns, round=1, table=first.table)
    result = preview(nine, ten, [ok, bad], {})
    assert [m.after for m in result.moves] == [(1, 1), None]
    assert not result.ok and "board 1 1EW v 1NS" in result.conflict_text()
    assert preview(nine, ten, [ok], {}).to_dict()["ok"] is True


def test_rounds_already_over_keep_only_the_tables_that_have_results():
    nine = generate("mitchell", pairs=9, boards_per_round=2)
    howell = generate("howell", pairs=10, boards_per_round=2)
    first = howell.rounds_detail[0].tables[0]
    done = Played(id=1, board=first.boards[0], ns=first.ns, ew=first.ew, round=1, table=first.table)
    result = preview(nine, howell, [done], {}, current_round=2)
    assert result.new.rounds_detail[0].tables == (first,)
    assert set(result.new.rounds_detail[0].sit_out) == set(howell.entrants) - {first.ns, first.ew}
    assert result.new.rounds_detail[1:] == howell.rounds_detail[1:]
    assert preview(nine, howell, [done], {}, current_round=1).new == howell
