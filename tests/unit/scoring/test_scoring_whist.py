"""Whist deals and rubbers (Cavendish's 39 hands, Laws 50-55, 75 and 86), duplicate whist raw
scores, and Foster's compass-whist plus/minus-the-average method."""
import json
from pathlib import Path

import pytest

from scoring.engine import (CompassResult, ScoringError, above_average, compass_scores, compass_trick_totals,
                            duplicate_whist_score, game_value, whist_deal, whist_rubber_value)
from scoring.engine.rules import DUPLICATE_WHIST_HONOURS, DUPLICATE_WHIST_ODD_TRICKS, WHIST_AWL
from scoring.engine.whist import WhistRevoke

CAVENDISH = json.loads((Path(__file__).parent / "data" / "cavendish_results.json").read_text(encoding="utf-8"))
WORDS = {"love": 0, "one": 1, "two": 2, "three": 3, "four": 4}
VALUES = {"treble": 3, "double": 2, "single": 1}


def _score_before(text: str) -> tuple[int, int]:
    text = text.lower()
    if text.endswith("-all"):
        n = WORDS[text.split("-")[0]]
        return n, n
    ab, yz = (part.split(",")[1].strip() for part in text.split(";"))
    return tuple(int(x) if x.isdigit() else WORDS[x] for x in (ab, yz))


def _ab_tricks(final: dict) -> int:
    n = int(str(final["tricks"]).lstrip(">="))
    return n if final["side"] == "AB" else 13 - n


@pytest.mark.parametrize("hand", CAVENDISH, ids=[h["hand"] for h in CAVENDISH])
def test_cavendish_hands_reproduce_the_stated_result(hand):
    before = _score_before(hand["score_before"])
    honours = (hand["honours_held"]["AB"], hand["honours_held"]["YZ"])
    result = whist_deal(before, _ab_tricks(hand["final_tricks"]), honours)
    expected = hand["expected_after_deal"]
    if expected["game_to"] == "-":
        ab, yz = (int(p.split()[1]) for p in expected["score_after"].split("/"))
        assert result.game_to is None and result.score_after == (ab, yz)
    else:
        assert result.game_to == ("AB", "YZ").index(expected["game_to"])
        assert result.game_value == VALUES[expected["game_value"]]


def test_the_errata_hands_are_in_the_fixture():
    assert {h["hand"] for h in CAVENDISH if h["errata_applied"]} == {"VIII", "XXXVI"}


def test_revoke_takes_precedence_and_wins_a_treble():
    """Law 75 V: claimants at two add three and win a treble, "even should the latter have made
    thirteen tricks, and held four honours"."""
    result = whist_deal((2, 0), 0, (0, 4), revokes=[WhistRevoke(1, "plus")])
    assert (result.game_to, result.game_value) == (0, 3)


@pytest.mark.parametrize("option,after", [("tricks", (1, 3)), ("minus", (0, 3)), ("plus", (3, 4))])
def test_revoke_options_and_the_cap_of_four(option, after):
    assert whist_deal((0, 3), 4, revokes=[WhistRevoke(1, option)]).score_after == after


def test_tricks_score_before_honours():
    # Hand XXVI: AB three, YZ one; YZ four by cards win a single; AB's honours never score.
    result = whist_deal((3, 1), 3, (3, 1))
    assert (result.game_to, result.game_value, result.score_after[0]) == (1, 1, 3)


def test_honours_are_barred_at_four():
    assert whist_deal((4, 0), 6, (4, 0)).score_after == (4, 1)


def test_five_tricks_save_the_game_against_two_by_honours():
    assert whist_deal((0, 0), 5, (1, 3)).score_after == (0, 4)
    assert whist_deal((0, 0), 4, (1, 3)).game_to == 1


def test_game_values_and_rubbers():
    assert [game_value(s) for s in range(5)] == [3, 2, 2, 1, 1]
    assert whist_rubber_value([(0, 3), (0, 2)]) == (0, 7)
    assert whist_rubber_value([(0, 3), (1, 2), (0, 1)]) == (0, 4)
    assert whist_rubber_value([(0, 3), (0, 3)])[1] == 8
    assert whist_rubber_value([(1, 3), (0, 1), (0, 1)])[1] == 1
    with pytest.raises(ScoringError, match="not finished"):
        whist_rubber_value([(0, 3)])


def test_american_whist_league_game_is_seven_less_the_losers_score():
    result = whist_deal((6, 3), 7, (4, 0), rules=WHIST_AWL)
    assert (result.game_to, result.game_value) == (0, 4)


def test_duplicate_whist_raw_scores():
    assert duplicate_whist_score(9) == 9
    assert duplicate_whist_score(9, rules=DUPLICATE_WHIST_ODD_TRICKS) == 3
    assert duplicate_whist_score(4, rules=DUPLICATE_WHIST_ODD_TRICKS) == -2
    assert duplicate_whist_score(8, ns_honours=3, ew_honours=1, rules=DUPLICATE_WHIST_HONOURS) == 4
    assert duplicate_whist_score(8, ns_honours=0, ew_honours=4, rules=DUPLICATE_WHIST_HONOURS) == -2
    with pytest.raises(ScoringError):
        duplicate_whist_score(14)


def test_standard_hoyle_average_method():
    """ "Say the average is 250 and No. 4's score was 380 ... 130 for No. 4 ... No. 5 ... 140" """
    scores = above_average({"1": 100, "2": 150, "3": 230, "4": 380, "5": 390})
    assert scores["4"] == 130 and scores["5"] == 140
    assert max(scores, key=scores.get) == "5"


def test_foster_compass_whist_example():
    ns = {"a": 201, "b": 204, "c": 211, "d": 207, "e": 212}
    ew = {"f": 189, "g": 186, "h": 179, "j": 183, "k": 178}
    scores = compass_scores(ns, ew)
    assert [scores[p] for p in "abcde"] == [-6, -3, 4, 0, 5]
    assert [scores[p] for p in "fghjk"] == [6, 3, -4, 0, -5]
    assert max(scores, key=scores.get) == "f"


def test_trick_totals_per_direction():
    ns, ew = compass_trick_totals([CompassResult("a", "f", 8), CompassResult("a", "g", 6), CompassResult("b", "f", 7)])
    assert ns == {"a": 14, "b": 7} and ew == {"f": 11, "g": 7}


@pytest.mark.parametrize("before,tricks,honours,after,game", [
    ((0, 0), 11, (1, 3), (5, 0), (0, 3)),   # Standard Hoyle Example I: "a treble by cards against two by honors"
    ((0, 0), 10, (2, 2), (4, 0), None),     # Example III: "4 by cards"
    ((0, 0), 9, (3, 1), (5, 0), (0, 3)),    # Example IV: three by cards and two by honours, a treble
    ((0, 0), 3, (2, 2), (0, 4), None),      # the third trick saves the game when honours are equal
    ((0, 0), 7, (0, 4), (1, 4), None),      # the seventh saves it against four by honours
    ((0, 4), 7, (2, 2), (1, 4), None),      # Cavendish: at four, secure the tricks that stop the odd trick
    ((2, 0), 9, (2, 2), (5, 0), (0, 3)),    # "if you bring down the other trumps you win the game"
    ((2, 0), 8, (2, 2), (4, 0), None),      # "... certain of scoring only four"
    ((3, 1), 8, (2, 2), (5, 1), (0, 2)),    # Hand IV: AB win two by cards and the game, a double
    ((3, 1), 6, (2, 2), (3, 2), None),
    ((3, 1), 7, (2, 2), (4, 1), None),
])
def test_playing_to_the_score_examples(before, tricks, honours, after, game):
    result = whist_deal(before, tricks, honours)
    assert result.score_after == after
    assert (None if result.game_to is None else (result.game_to, result.game_value)) == game


def test_american_whist_league_revoke_moves_two_tricks_and_caps_at_six():
    result = whist_deal((5, 0), 4, revokes=[WhistRevoke(1, "tricks")], rules=WHIST_AWL)
    assert result.score_after == (5, 0 + 9 - 2 - 6)
    capped = whist_deal((5, 5), 0, revokes=[WhistRevoke(1, "minus")], rules=WHIST_AWL)
    assert capped.game_to is None and capped.score_after[1] == 6
