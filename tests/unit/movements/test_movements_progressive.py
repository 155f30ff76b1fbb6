import pytest

from scoring.engine.tally import euchre_ranking, tally
from tournaments.movements.progressive import (
    STANDARD_HOYLE, ProgressionError, WhistDriveRules, euchre_progression, initial_seating, table_winner,
    whist_drive_progression)


def seating():
    """§12.5: lady and gentleman of each suit partner; ♣ pair v ♠ pair at each table."""
    return tuple(((f"L{t}C", f"G{t}C"), (f"L{t}S", f"G{t}S")) for t in (1, 2, 3))


def test_worked_example_hoyles_games_modernized():
    outcomes = [0, table_winner((3, 2)), table_winner((2, 2), tricks=(2, 1))]
    assert outcomes == [0, 0, 0]
    nxt, awards = euchre_progression(seating(), outcomes)
    # head-table winners stay; table-2 winners come up to table 1
    assert nxt[0] == (("L1C", "G1C"), ("L2C", "G2C"))
    # table-2 losers (the spade side) stay on their side and split up with the table-3 winners
    assert nxt[1] == (("L3C", "G2S"), ("L2S", "G3C"))
    # table-3 losers stay and split up with the head-table losers
    assert nxt[2] == (("L1S", "G3S"), ("L3S", "G1S"))
    assert awards == {"L1C": ("gold",), "G1C": ("gold",), "L2C": ("red",), "G2C": ("red",),
                      "L3C": ("red",), "G3C": ("red",), "L3S": ("green",), "G3S": ("green",)}


def test_algorithms_state_machine_example():
    start = initial_seating([f"a{i}" for i in range(1, 7)], [f"g{i}" for i in range(1, 7)])
    nxt, awards = euchre_progression(start, [0, 1, 1])
    assert nxt == ((("a1", "g1"), ("a4", "g4")), (("a3", "g6"), ("a6", "g3")),
                   (("a5", "g2"), ("a2", "g5")))
    assert sorted(p for p, s in awards.items() if s == ("red",)) == ["a4", "a6", "g4", "g6"]


def test_standard_hoyle_variant_gives_no_red_stars():
    _, awards = euchre_progression(seating(), [0, 0, 0], STANDARD_HOYLE)
    assert {s for stars in awards.values() for s in stars} == {"gold", "green"}


def test_everyone_stays_seated_exactly_once():
    nxt, _ = euchre_progression(seating(), [1, 0, 1])
    players = [p for t in nxt for side in t for p in side]
    assert sorted(players) == sorted(p for t in seating() for side in t for p in side)


def test_prize_tie_break_red_then_fewest_green():
    totals = tally([{"A": ("gold", "gold", "gold"), "B": ("gold", "gold", "gold", "red")},
                    {"C": ("gold", "gold", "gold", "red", "green")}])
    assert euchre_ranking(totals, ["A", "B", "C"]) == ["B", "C", "A"]


def test_table_winner_tie_needs_tricks_or_cut():
    assert table_winner((2, 2), tricks=(1, 3)) == 1
    assert table_winner((2, 2), tricks=(1, 1), cut=(12, 9)) == 0
    with pytest.raises(ProgressionError):
        table_winner((2, 2))


def test_whist_drive_losing_ladies_up_gents_down():
    nxt, _ = whist_drive_progression(seating(), [0, 0, 0])
    assert nxt[0] == (("L1C", "G1C"), ("L3S", "G2S"))
    assert nxt[1] == (("L2C", "G2C"), ("L1S", "G3S"))


def test_progressive_whist_changes_every_partner():
    before = {frozenset(side) for t in seating() for side in t}
    nxt, _ = whist_drive_progression(seating(), [0, 1, 0], WhistDriveRules(change_partners=True))
    assert not before & {frozenset(side) for t in nxt for side in t}


def test_malformed_outcomes_are_refused():
    with pytest.raises(ProgressionError):
        euchre_progression(seating(), [0, 1])
