"""Carry-over rules of a multi-session championship, each against a computation written out
here, and the qualification cut-offs (top N, top N per section, ties at the cut)."""
import pytest

from scoring.engine.carryover import (AVERAGE, FACTORED, SUM, WEIGHTED, CarryRules, SessionLine, cumulative_table,
                                      qualifiers)
from scoring.engine.errors import ScoringError

# entrant -> (session 1: total, percentage, boards), (session 2: ...)
FIELD = {
    "a": ((130.0, 60.19, 27), (100.0, 52.08, 24)),
    "b": ((110.0, 50.93, 27), (125.0, 65.10, 24)),
    "c": ((95.0, 43.98, 27), (90.0, 46.88, 24)),
    "d": ((97.0, 44.91, 27), (77.0, 40.10, 24)),
}


def lines(field=FIELD, sections=None):
    sections = sections or {}
    return [SessionLine(entrant=e, session=k, total=t, percentage=p, boards=b, section=sections.get(e, "A"))
            for e, sessions in field.items() for k, (t, p, b) in enumerate(sessions, start=1)]


def independent(rule, factor=1.0):
    out = {}
    for e, ((t1, p1, b1), (t2, p2, b2)) in FIELD.items():
        out[e] = {SUM: t1 + t2, AVERAGE: (p1 + p2) / 2, WEIGHTED: (p1 * b1 + p2 * b2) / (b1 + b2),
                  FACTORED: factor * t1 + t2}[rule]
    return out


@pytest.mark.parametrize("rule, factor", [(SUM, 1.0), (AVERAGE, 1.0), (WEIGHTED, 1.0), (FACTORED, 0.25),
                                          (FACTORED, 0.5)])
def test_each_rule_matches_the_sum_written_out(rule, factor):
    table = cumulative_table(lines(), CarryRules(rule=rule, factor=factor), after=2)
    expected = independent(rule, factor)
    assert {r.entrant: r.cumulative for r in table} == pytest.approx(expected)
    assert [r.entrant for r in table] == sorted(expected, key=lambda e: -expected[e])
    assert [r.position for r in table] == [1, 2, 3, 4]
    assert all(r.played == 2 and len(r.detail) == 2 for r in table)


def test_session_and_carried_columns_add_up():
    table = {r.entrant: r for r in cumulative_table(lines(), CarryRules(rule=FACTORED, factor=0.5), after=2)}
    assert table["a"].session_score == 100.0
    assert table["a"].carried == 65.0
    assert table["a"].cumulative == 165.0


def test_after_the_first_session_the_table_is_the_session():
    table = cumulative_table(lines(), CarryRules(rule=SUM), after=1)
    assert [(r.entrant, r.cumulative, r.carried) for r in table] == [
        ("a", 130.0, 0.0), ("b", 110.0, 0.0), ("d", 97.0, 0.0), ("c", 95.0, 0.0)]


def test_top_n_qualify_and_ties_at_the_cut_all_go_through():
    field = {"a": ((60.0, None, 24),), "b": ((55.0, None, 24),), "c": ((55.0, None, 24),), "d": ((40.0, None, 24),)}
    table = cumulative_table(lines(field), CarryRules(rule=SUM, qualify_top=2), after=1)
    assert {r.entrant for r in table if r.qualified} == {"a", "b", "c"}
    assert [r.rank for r in table] == ["1", "2=", "2=", "4"]
    assert qualifiers(table, CarryRules(rule=SUM, qualify_top=1)) == {"a"}


def test_top_n_per_section():
    sections = {"a": "A", "b": "A", "c": "B", "d": "B"}
    table = cumulative_table(lines(sections=sections), CarryRules(rule=SUM, qualify_top=1, per_section=True), after=2)
    # A: a 230, b 235 -> b; B: c 185, d 174 -> c
    assert {r.entrant for r in table if r.qualified} == {"b", "c"}
    everyone = cumulative_table(lines(), CarryRules(rule=SUM), after=2)
    assert all(r.qualified for r in everyone)


def test_an_entrant_not_in_the_session_is_not_in_its_table():
    field = dict(FIELD)
    field["e"] = ((200.0, 80.0, 27),)
    table = cumulative_table(lines(field), CarryRules(rule=SUM), after=2)
    assert "e" not in {r.entrant for r in table}
    assert cumulative_table(lines(field), CarryRules(rule=SUM), after=1)[0].entrant == "e"


@pytest.mark.parametrize("kwargs", [{"rule": "median"}, {"rule": FACTORED, "factor": 1.5}, {"qualify_top": 0}])
def test_bad_rules_are_refused(kwargs):
    with pytest.raises(ScoringError):
        CarryRules(**kwargs)
