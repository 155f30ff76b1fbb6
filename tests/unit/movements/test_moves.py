"""Where everyone at one table goes after a round (the table phone's "move to" line), for
Mitchells, Howells and relays, and when a sitting-out pair plays next."""
from tournaments.movements.moves import moves_text, next_play, seat_in, table_moves
from tournaments.movements.registry import generate


def test_mitchell_ns_stay_ew_up_boards_down():
    m = generate("mitchell", tables=5, boards_per_round=2)
    assert moves_text(table_moves(m, 1, 2)) == "N-S stay; E-W to table 3; boards to table 1"
    assert moves_text(table_moves(m, 1, 5)) == "N-S stay; E-W to table 1; boards to table 4"
    assert table_moves(m, m.rounds, 1) == ()  # nothing after the last round


def test_a_missing_pair_makes_its_opponents_sit_out_and_they_learn_when_they_play_next():
    m = generate("mitchell", tables=5, boards_per_round=2)
    present = frozenset(m.entrants) - {"5EW"}
    assert moves_text(table_moves(m, 1, 5, present)) == "N-S stay; boards to table 4"
    assert moves_text(table_moves(m, 1, 1, present)) == ("N-S sit out round 2; then round 3, table 1 N-S; "
                                                         "E-W to table 2; boards to table 5")
    assert seat_in(m, "5NS", 1, present) is None
    assert next_play(m, "5NS", 1, present).text == "round 2, table 5 N-S"


def test_howell_pairs_change_direction_and_boards_go_to_the_bye_stand():
    m = generate("howell", tables=4)
    assert moves_text(table_moves(m, 1, 2)) == "N-S stay, now E-W; E-W to table 4 N-S; boards to table 1"
    assert table_moves(m, 1, 1)[-1].text == "to the bye stand"


def test_relay_mitchell_boards_shared_by_two_tables():
    m = generate("relay-mitchell", tables=6)
    assert moves_text(table_moves(m, 1, 2)).endswith("boards to tables 1 and 6")
    assert table_moves(m, 1, 4)[-1].text == "to the bye stand"
