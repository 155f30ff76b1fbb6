"""What a scorer types for a result, read once (scoring.engine.entry): tricks as an int 0-13
or None when not given, an adjusted score as an Adjustment, KEEP_TABLE or None."""
import pytest

from scoring.engine import Adjustment, ScoringError
from scoring.engine.entry import KEEP_TABLE, read_adjusted, read_tricks


@pytest.mark.parametrize("typed, tricks", [(9, 9), ("9", 9), (" 13 ", 13), (0, 0), ("", None), ("  ", None),
                                           (None, None)])
def test_tricks_are_read_as_an_int_or_not_given(typed, tricks):
    assert read_tricks(typed) == tricks


@pytest.mark.parametrize("typed", [14, -1, "14", "nine", "9.5", 9.5, True, "٩", [], "1e1"])
def test_anything_else_is_not_a_number_of_tricks(typed):
    with pytest.raises(ScoringError):
        read_tricks(typed)


@pytest.mark.parametrize("typed, adjusted", [
    ("A+", Adjustment("A+")), ("ave-", Adjustment("A-")), ("60%", Adjustment("%", 60.0)), ("table", KEEP_TABLE),
    ("T", KEEP_TABLE), ("", None), (None, None), (Adjustment("A"), Adjustment("A"))])
def test_an_adjusted_score_is_read_once(typed, adjusted):
    assert read_adjusted(typed) == adjusted


@pytest.mark.parametrize("typed", ["B+", "101%", "Z", "12"])
def test_anything_else_is_not_an_adjusted_score(typed):
    with pytest.raises(ScoringError):
        read_adjusted(typed)
