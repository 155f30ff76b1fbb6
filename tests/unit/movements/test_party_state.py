"""A party's rules as pure functions: the draw, the close, latecomers, hearts eliminations.
No database: these run on frozen ``PartyState`` values."""
import pytest

from tournaments.movements.party_close import (
    chart_latecomer, close_round, hearts_cut, hearts_next, seat_latecomers, seat_taken)
from tournaments.movements.party_state import (
    PartyInputError, PartyState, Player, entered_seating, first_seating, next_label, planned_rounds, options_clean)


def players(n, category="open", start=1):
    return tuple(Player(label=str(i), category=category) for i in range(start, start + n))


def seated(seating):
    return sorted((p for table in seating for side in table for p in side), key=lambda p: (p.startswith("G"), p))


def test_options_name_the_unknown_option_and_the_field():
    with pytest.raises(PartyInputError) as err:
        options_clean("hoyle", {"hands": 3})
    assert err.value.field == "options" and "unknown option 'hands'" in str(err.value)
    with pytest.raises(PartyInputError, match="whole number"):
        options_clean("ladies_up", {"hands": True})
    with pytest.raises(PartyInputError, match="scheme is one of"):
        options_clean("hearts", {"scheme": "spades"})
    assert options_clean("hearts", {"scheme": "eagle_1", "retire": "per_table"}) == {"scheme": "eagle_1",
                                                                                    "retire": "per_table"}


def test_the_open_draw_fills_the_last_table_with_ghost_hands_and_is_seeded():
    state = PartyState("winners_move", "seed-1", players=players(6))
    first = first_seating(state)
    assert [g.label for g in first.ghosts] == ["G1", "G2"]
    assert len(first.seating) == 2 and seated(first.seating) == [str(i) for i in range(1, 7)] + ["G1", "G2"]
    assert first_seating(state) == first
    assert first_seating(PartyState("winners_move", "seed-2", players=players(6))).seating != first.seating \
        or first_seating(PartyState("winners_move", "seed-3", players=players(6))).seating != first.seating


def test_ladies_and_gentlemen_get_ghosts_of_their_category():
    state = PartyState("hoyle", "s", players=players(3, "lady") + players(5, "gentleman", start=4))
    first = first_seating(state)
    assert sorted(g.category for g in first.ghosts) == ["gentleman", "lady", "lady", "lady"]
    for table in first.seating:
        for lady, gent in table:
            assert lady.startswith("G") or int(lady) <= 3
            assert gent.startswith("G") or int(gent) >= 4
    assert set(first.cards) == set(seated(first.seating))


def test_a_mixed_draw_and_too_few_players_are_refused_by_field():
    with pytest.raises(PartyInputError) as err:
        first_seating(PartyState("hoyle", "s", players=players(3, "lady") + players(2, start=4)))
    assert err.value.field == "category"
    with pytest.raises(PartyInputError) as err:
        first_seating(PartyState("hoyle", "s", players=players(3)))
    assert err.value.field == "players"
    with pytest.raises(PartyInputError) as err:
        first_seating(PartyState("hearts", "s", players=players(10)))
    assert err.value.field == "players" and "multiple of four" in str(err.value)


def test_the_rotation_chart_is_a_seeded_shuffle_with_byes_for_five():
    state = PartyState("rotation", "club-night", players=players(5))
    first = first_seating(state)
    assert sorted(s for s in first.chart_slots if s) == ["1", "2", "3", "4", "5"]
    assert len(first.seating) == 1 and len(first.byes) == 1
    assert first_seating(state).chart_slots == first.chart_slots
    assert set(seated(first.seating)) | set(first.byes) == {"1", "2", "3", "4", "5"}


def test_players_who_left_or_wait_are_not_drawn():
    state = PartyState("winners_move", "s", players=players(4) + (Player("5", status="left"),))
    assert seated(first_seating(state).seating) == ["1", "2", "3", "4"]


def test_an_entered_seating_seats_every_player_once():
    state = PartyState("winners_move", "s", players=players(4))
    assert entered_seating(state, [[["1", "2"], ["3", "4"]]]) == ((("1", "2"), ("3", "4")),)
    with pytest.raises(PartyInputError, match="seat every registered player once"):
        entered_seating(state, [[["1", "2"], ["3", "9"]]])
    with pytest.raises(PartyInputError) as err:
        entered_seating(PartyState("rotation", "s", players=players(4)), [[["1", "2"], ["3", "4"]]])
    assert err.value.field == "seating"


def test_planned_rounds_follow_the_options():
    assert planned_rounds(PartyState("ladies_up", "s")) == 6  # 24 hands, 4 a round
    assert planned_rounds(PartyState("ladies_up", "s", options={"rounds": 3})) == 3
    assert planned_rounds(PartyState("hoyle", "s")) is None
    assert planned_rounds(PartyState("hearts", "s"), first_tables=3) == 3


def test_labels_count_on_from_the_highest():
    assert next_label(["1", "2", "10"], ghost=False) == "11"
    assert next_label(["G1", "G2"], ghost=True) == "G3"
    assert next_label([], ghost=True) == "G1"


def test_the_books_euchre_close_moves_winners_up_and_gives_stars():
    state = PartyState("hoyle", "s", players=players(8))
    seating = ((("1", "2"), ("3", "4")), (("5", "6"), ("7", "8")))
    close = close_round(state, seating, [0, 1], 1)
    assert close.awards["1"] == ("gold",) and close.awards["7"] == ("red",) and close.awards["5"] == ("green",)
    assert close.seating[0] == (("1", "2"), ("7", "8"))
    assert close.joined == ()


def test_play_ends_at_the_planned_round():
    state = PartyState("ladies_up", "s", options={"rounds": 2}, players=players(4))
    seating = ((("1", "2"), ("3", "4")),)
    assert close_round(state, seating, [0], 1, planned=2).seating is not None
    end = close_round(state, seating, [0], 2, planned=2)
    assert end.seating is None and end.awards == {"1": ("win",), "2": ("win",)}


def test_a_latecomer_takes_a_ghost_seat_at_the_close():
    state = PartyState("winners_move", "s", players=players(3) + (Player("G1", ghost=True), Player("4", status="waiting")))
    close = close_round(state, ((("1", "2"), ("3", "G1")),), [0], 1)
    assert close.joined == ("4",) and "G1" not in seated(close.seating)


def test_four_latecomers_make_a_new_booby_table():
    waiting = [Player("9", "lady"), Player("10", "gentleman"), Player("11", "lady"), Player("12", "gentleman")]
    seating = seat_latecomers(((("1", "2"), ("3", "4")),), waiting, ghosts=frozenset())
    assert seating[-1] == (("9", "10"), ("11", "12"))
    assert seat_latecomers(((("1", "2"), ("3", "4")),), waiting[:3], ghosts=frozenset()) == ((("1", "2"), ("3", "4")),)


def test_a_chart_latecomer_takes_the_phantom_place_or_is_refused_after_the_last_round():
    state = PartyState("rotation", "s", options={"chart": "circle"}, players=players(5),
                       chart_slots=("3", "1", "5", "2", "4", ""), current_round=1)
    place = chart_latecomer(state, "6", planned=5, played=set())
    assert place.slots == ("3", "1", "5", "2", "4", "6") and "phantom place" in place.note
    late = PartyState("rotation", "s", players=players(5), chart_slots=state.chart_slots, current_round=5)
    with pytest.raises(PartyInputError) as err:
        chart_latecomer(late, "6", planned=5, played=set())
    assert err.value.field == "player"


def test_a_substitute_takes_the_seat_and_the_bye():
    seating, byes = seat_taken([[["1", "2"], ["3", "4"]]], ["5"], "3", "9")
    assert seating == [[["1", "2"], ["9", "4"]]] and byes == ["5"]
    assert seat_taken([], ["5"], "5", "G1")[1] == ["G1"]


def test_hearts_retires_four_and_redraws_the_rest():
    state = PartyState("hearts", "s", players=players(8))
    tables = [("1", "2", "3", "4"), ("5", "6", "7", "8")]
    lost = {"1": 10, "2": 1, "3": 9, "4": -20, "5": 8, "6": 7, "7": 0, "8": -15}
    nxt = hearts_next(state, tables, lost, lost, {}, 1)
    assert len(nxt) == 1 and sorted(nxt[0][0]) == ["2", "4", "7", "8"]
    assert hearts_next(state, [("2", "4", "7", "8")], lost, lost, {}, 2) is None


def test_a_hearts_tie_asks_for_the_cut_and_the_cut_decides():
    state = PartyState("hearts", "s", players=players(8))
    tables = [("1", "2", "3", "4"), ("5", "6", "7", "8")]
    lost = {"1": 10, "2": 1, "3": 9, "4": -20, "5": 8, "6": 7, "7": 7, "8": -12}
    with pytest.raises(PartyInputError) as err:
        hearts_next(state, tables, lost, lost, {}, 1)
    assert err.value.field == "cut" and "6, 7" in str(err.value)
    nxt = hearts_next(state, tables, lost, lost, {"6": 12, "7": 2}, 1)
    assert "6" in nxt[0][0] and "7" not in nxt[0][0]
    with pytest.raises(PartyInputError, match="a card 1"):
        hearts_cut(tables, {"6": 14}, 1)
