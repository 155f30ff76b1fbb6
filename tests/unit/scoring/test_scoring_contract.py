"""Law 77 raw scores and the Law 2 board cycle (algorithms notes, section 3 and test vector 9)."""
import pytest

from scoring.engine import ScoringError, board_dealer, board_vulnerability, duplicate_score, parse_contract

# (contract, declarer, tricks, vulnerability, N-S score): the recomputed Law 77 table.
LAW_77 = [
    ("4S", "N", 10, "None", 420), ("4S", "S", 11, "All", 650), ("3NT", "N", 9, "None", 400),
    ("3NT", "N", 10, "NS", 630), ("2H", "S", 8, "EW", 110), ("1NT", "N", 7, "None", 90),
    ("6C", "N", 12, "None", 920), ("6S", "N", 13, "All", 1460), ("7NT", "S", 13, "NS", 2220),
    ("4S", "N", 9, "All", -100), ("2HX", "N", 8, "None", 470), ("2SX", "N", 8, "All", 670),
    ("1NTXX", "N", 8, "None", 760), ("1CX", "N", 9, "All", 540), ("4HX", "N", 7, "None", -500),
    ("4HX", "N", 7, "All", -800), ("3NTXX", "N", 4, "None", -2200), ("7NTX", "N", 0, "None", -3500),
    ("7NTXX", "N", 0, "All", -7600), ("3NT", "N", 7, "None", -100),
]


@pytest.mark.parametrize("contract,declarer,tricks,vul,expected", LAW_77)
def test_law_77_table(contract, declarer, tricks, vul, expected):
    assert duplicate_score(contract, declarer, tricks, vul) == expected


@pytest.mark.parametrize("contract,declarer,tricks,vul,expected", LAW_77)
def test_east_west_declarer_mirrors_the_score(contract, declarer, tricks, vul, expected):
    mirrored = {"None": "None", "All": "All", "NS": "EW", "EW": "NS"}[vul]
    east = {"N": "E", "S": "W"}[declarer]
    assert duplicate_score(contract, east, tricks, mirrored) == -expected


def test_passed_out_board_scores_zero():
    assert duplicate_score("Pass", "", "", "All") == 0
    assert parse_contract("pass").passed


def test_doubled_partscore_becomes_game():
    assert duplicate_score("2HX", "N", 8, "None") == 120 + 300 + 50


def test_contract_spellings_are_tolerated():
    assert str(parse_contract("3ntx")) == "3NTX"
    assert str(parse_contract("2N")) == "2NT"
    assert str(parse_contract("4S*")) == "4SX"


@pytest.mark.parametrize("contract,declarer,tricks,message", [
    ("8H", "N", 10, "level 1-7"), ("4Z", "N", 10, "strain"), ("4HXXX", "N", 10, "X or XX"),
    ("4H", "Q", 10, "declarer"), ("4H", "N", 14, "0-13"), ("4H", "N", -1, "0-13"), ("4H", "N", "ten", "whole number"),
])
def test_impossible_results_are_rejected_with_a_clear_message(contract, declarer, tricks, message):
    with pytest.raises(ScoringError, match=message):
        duplicate_score(contract, declarer, tricks, "None")


def test_bad_vulnerability_is_rejected():
    with pytest.raises(ScoringError, match="vulnerability"):
        duplicate_score("4H", "N", 10, "Red")


def test_board_cycle_law_2():
    dealers = "".join(board_dealer(b) for b in range(1, 17))
    vuls = [board_vulnerability(b) for b in range(1, 17)]
    assert dealers == "NESW" * 4
    assert vuls == ["None", "NS", "EW", "All", "NS", "EW", "All", "None",
                    "EW", "All", "None", "NS", "All", "None", "NS", "EW"]
    assert (board_dealer(17), board_vulnerability(17)) == ("N", "None")
    assert (board_dealer(32), board_vulnerability(32)) == ("W", "EW")
    assert (board_dealer(33), board_vulnerability(33)) == ("N", "None")
