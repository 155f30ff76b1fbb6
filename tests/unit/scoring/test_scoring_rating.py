"""The club rating (NGS-like): par from partners and opponents, board-weighted decay."""
import datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine.errors import ScoringError
from scoring.engine.rating import Grade, PairScore, RatedSession, RatingRules, par, rate, rate_session

D = datetime.date(2026, 1, 5)
RULES = RatingRules(half_life_days=None)


def session(n, pairs, boards=24):
    return RatedSession(n, D + datetime.timedelta(days=7 * n),
                        tuple(PairScore(players, pct, boards) for players, pct in pairs))


def test_par_is_fifty_plus_own_grade_less_the_opponents():
    grades = {"a": Grade(60), "b": Grade(50), "c": Grade(45), "d": Grade(45), "e": Grade(55), "f": Grade(55)}
    s = session(1, [(("a", "b"), 50), (("c", "d"), 50), (("e", "f"), 50)])
    assert par(grades, s, 0, RULES) == pytest.approx(50 + 55 - 50)
    assert par(grades, s, 1, RULES) == pytest.approx(50 + 45 - 55)


def test_a_new_players_first_session_sets_their_rating():
    g = rate_session({}, session(1, [(("a", "b"), 60), (("c", "d"), 40)]), RULES)
    assert g["a"].value == pytest.approx(60) and g["c"].value == pytest.approx(40)
    assert g["a"].boards == 24 and g["a"].sessions == 1


def test_the_rating_converges_to_a_steady_result():
    sessions = [session(i, [(("a", "b"), 58), (("c", "d"), 42)]) for i in range(1, 30)]
    g = rate(sessions, RULES)
    # Two pairs: par is 50 plus the gap between them, so a steady 58% settles at a gap of 8.
    assert g["a"].value - g["c"].value == pytest.approx(8, abs=0.1)
    # The weights add up to about the last 100 boards (24 / (1 - 0.99 ** 24) for 24-board sessions).
    assert g["a"].weight == pytest.approx(24 / (1 - 0.99 ** 24), rel=0.01)


def test_old_results_fade_with_time():
    rules = RatingRules(half_life_days=30)
    first = rate([session(1, [(("a", "b"), 70), (("c", "d"), 30)])], rules)
    # A year on, a and b score par against new players: their session grade is 50.
    later = RatedSession(99, D + datetime.timedelta(days=400), (PairScore(("a", "b"), 50, 24),
                                                                  PairScore(("x", "y"), 50, 24)))
    kept = rate([later], rules, first)["a"]
    fresh = rate([later], RULES, first)["a"]
    assert first["a"].value == pytest.approx(70)
    assert fresh.value > 58  # boards only: the old 70% keeps 0.99 ** 24 of its weight
    assert kept.value < 50.1  # with a 30-day half life it has all but gone


def test_guests_are_not_rated_but_count_in_the_field():
    g = rate_session({}, session(1, [(("a", None), 60), ((None, None), 40)]), RULES)
    assert set(g) == {"a"}


def test_bad_rules_are_refused():
    with pytest.raises(ScoringError):
        RatingRules(memory=1)
    with pytest.raises(ScoringError):
        RatingRules(half_life_days=0)


pct = st.floats(min_value=20, max_value=80, allow_nan=False)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(pct, pct, pct, st.integers(8, 30)), min_size=1, max_size=25), st.booleans())
def test_two_players_who_always_play_together_move_together(rounds, fade):
    """a and b always partner each other; their opponents change partners each week."""
    rules = RatingRules(half_life_days=60 if fade else None)
    grades: dict = {}
    for i, (p1, p2, p3, boards) in enumerate(rounds):
        others = [("c", "d"), ("e", "f")] if i % 2 else [("c", "e"), ("d", "f")]
        s = RatedSession(i, D + datetime.timedelta(days=3 * i),
                         (PairScore(("a", "b"), p1, boards), PairScore(others[0], p2, boards),
                          PairScore(others[1], p3, boards)))
        before = (grades.get("a", Grade(50)).value, grades.get("b", Grade(50)).value)
        grades.update(rate_session(grades, s, rules))
        assert grades["a"].value == pytest.approx(grades["b"].value)
        assert grades["a"].value - before[0] == pytest.approx(grades["b"].value - before[1])


@settings(max_examples=100, deadline=None)
@given(st.lists(pct, min_size=2, max_size=8))
def test_the_order_of_pairs_in_a_field_does_not_matter(percentages):
    pairs = [((f"p{i}", f"q{i}"), v) for i, v in enumerate(percentages)]
    forward = rate_session({}, session(1, pairs), RULES)
    backward = rate_session({}, session(1, pairs[::-1]), RULES)
    assert {k: round(g.value, 6) for k, g in forward.items()} == {k: round(g.value, 6) for k, g in backward.items()}


@settings(max_examples=50, deadline=None)
@given(st.lists(st.tuples(pct, st.floats(min_value=30, max_value=70)), min_size=2, max_size=8))
def test_each_change_records_the_pairs_par(rows):
    from scoring.engine.rating import session_changes

    grades = {f"p{i}": Grade(g) for i, (_, g) in enumerate(rows)}
    s = session(1, [((f"p{i}", None), v) for i, (v, _) in enumerate(rows)])
    for i, change in enumerate(session_changes(grades, s, RULES)):
        assert change.par == pytest.approx(par(grades, s, i, RULES), abs=1e-3)
