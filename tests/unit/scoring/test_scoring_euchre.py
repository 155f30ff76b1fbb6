"""Euchre hand points (Standard Hoyle, Euchre; Hoyle's Games Modernized section 4.3)."""
import pytest

from scoring.engine import ScoringError, euchre_hand
from scoring.engine.rules import EUCHRE_LONE_FIVE


@pytest.mark.parametrize("tricks,lone,makers,defenders", [
    (3, False, 1, 0), (4, False, 1, 0), (5, False, 2, 0), (2, False, 0, 2), (0, False, 0, 2),
    (5, True, 4, 0), (3, True, 1, 0), (4, True, 1, 0), (1, True, 0, 2),
])
def test_book_values(tricks, lone, makers, defenders):
    hand = euchre_hand(tricks, lone=lone)
    assert (hand.makers, hand.defenders) == (makers, defenders)


def test_revoke_is_a_euchre_and_four_against_a_lone_hand():
    assert euchre_hand(5, revoke="makers").defenders == 2
    assert euchre_hand(1, revoke="defenders").makers == 2
    assert euchre_hand(1, lone=True, revoke="defenders").makers == 4


def test_club_rules_are_configurable():
    assert euchre_hand(5, lone=True, rules=EUCHRE_LONE_FIVE).makers == 5
    assert EUCHRE_LONE_FIVE.euchre_game == 10


def test_impossible_tricks_are_rejected():
    with pytest.raises(ScoringError, match="0-5"):
        euchre_hand(6)


def test_railroad_euchre_counts_a_euchre_four():
    railroad = EUCHRE_LONE_FIVE.with_changes(euchre_euchred=4, euchre_lone_march=4, euchre_game=10)
    assert euchre_hand(2, rules=railroad).defenders == 4
