"""The typed movement's questions (board numbers, slots, tables, an entrant's plays) and the
stored form a section keeps, answered without reading the JSON."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.movements import Movement, RoundPlan, Slot, TablePlay, generate, howell, mitchell

# Three tables, three rounds of two boards, pair 7 sitting out (a hand-written Howell-like plan).
SMALL = Movement(kind="test", winners=1, tables=3, boards_per_round=2, rounds_detail=(
    RoundPlan(round=1, tables=(TablePlay(table=1, ns="1", ew="2", boards=(1, 2)),
                               TablePlay(table=2, ns="3", ew="4", boards=(3, 4))), sit_out=("5",)),
    RoundPlan(round=2, tables=(TablePlay(table=1, ns="5", ew="1", boards=(3, 4)),
                               TablePlay(table=3, ns="2", ew="3", boards=(9, 10))), sit_out=("4",)),
))


def test_board_numbers_are_every_board_on_a_table_once_ascending():
    assert SMALL.board_numbers() == (1, 2, 3, 4, 9, 10)


def test_table_numbers_are_the_tables_in_play_in_some_round():
    assert SMALL.table_numbers() == (1, 2, 3)


def test_slot_finds_the_round_and_table_of_a_play_and_nothing_the_other_way_round():
    assert SMALL.slot(3, "5", "1") == Slot(round=2, table=1)
    assert SMALL.slot(3, "3", "4") == Slot(round=1, table=2)
    assert SMALL.slot(3, "1", "5") is None  # turned: 1 N-S v 5 E-W is not scheduled
    assert SMALL.slot(1, "3", "4") is None  # the pairs meet, but not on board 1


def test_table_answers_the_table_in_a_round_or_none():
    assert SMALL.table(2, 3) == TablePlay(table=3, ns="2", ew="3", boards=(9, 10))
    assert SMALL.table(1, 3) is None  # table 3 is empty in round 1
    assert SMALL.table(7, 1) is None  # no round 7


def test_round_and_its_ends():
    assert SMALL.round(2).sit_out == ("4",)
    assert SMALL.round(3) is None
    assert (SMALL.first_round, SMALL.last_round) == (1, 2)
    assert [plan.round for plan in SMALL] == [1, 2]


def test_plays_give_every_round_with_none_for_a_sit_out():
    assert SMALL.plays("5") == ((1, None), (2, TablePlay(table=1, ns="5", ew="1", boards=(3, 4))))
    assert [t.table if t else None for _r, t in SMALL.plays("1")] == [1, 1]


def test_board_plays_are_the_tables_that_play_a_board_in_movement_order():
    assert [(r, t.table) for r, t in SMALL.board_plays(3)] == [(1, 2), (2, 1)]
    assert SMALL.board_plays(5) == ()


def test_has_table_is_one_to_the_table_count():
    assert [n for n in range(0, 5) if SMALL.has_table(n)] == [1, 2, 3]


def test_stored_form_reads_back_as_played_and_as_planned():
    played = SMALL
    planned = SMALL.with_rounds(1)
    data = played.stored(planned)
    assert Movement.from_stored(data) == played
    assert Movement.from_stored(data, planned=True).rounds_detail == planned.rounds_detail
    assert "planned" not in played.stored(played)  # identical plans are stored once
    assert Movement.from_stored(played.stored(), planned=True) == played


def test_nothing_stored_reads_as_an_empty_movement():
    empty = Movement.from_stored({})
    assert (empty.rounds, empty.tables, empty.board_numbers(), empty.first_round) == (0, 0, (), 0)
    assert empty.slot(1, "1", "2") is None and not empty.has_table(1)
    assert list(empty) == []


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(["mitchell", "howell"]), st.integers(min_value=3, max_value=9))
def test_every_scheduled_play_has_its_slot(kind, tables):
    try:
        movement = generate(kind, tables=tables)
    except ValueError:
        return  # the kind refuses this size (a plain Mitchell needs an odd number of tables)
    for rnd, t in movement.seatings():
        assert movement.table(rnd, t.table) == t
        for board in t.boards:
            assert movement.slot(board, t.ns, t.ew) == Slot(rnd, t.table)
            assert (rnd, t) in movement.board_plays(board)
        for label in (t.ns, t.ew):
            assert (rnd, t) in movement.plays(label)
    assert set(movement.board_numbers()) == {b for _r, t in movement.seatings() for b in t.boards}
    assert len(movement.board_numbers()) == movement.boards


def test_generated_movements_answer_from_a_json_round_trip():
    for movement in (mitchell(5), howell(4)):
        again = Movement.from_stored(movement.stored())
        assert again.board_numbers() == movement.board_numbers()
        assert again.slots() == movement.slots()
