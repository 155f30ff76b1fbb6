"""Every supported size from 2 to 30 tables validates; a corrupted movement never does."""

from dataclasses import replace

from hypothesis import given, settings, strategies as st

from tournaments.movements import KINDS, generate, validate
from tournaments.movements.model import RoundPlan

SIZES = st.integers(min_value=2, max_value=30)


def supported(kind, tables):
    from math import gcd
    return {
        "mitchell": tables >= 3 and tables % 2,
        "skip-mitchell": tables >= 4 and not tables % 2,
        "relay-mitchell": tables >= 4 and not tables % 2,
        "howell": True,
        "individual": tables <= 3,
        "rainbow": tables >= 5 and gcd(tables, 6) == 1,
        "team-round-robin": True,
    }[kind]


def build(kind, tables, bpr):
    if kind == "individual":
        return generate(kind, players=4 * tables + (tables % 2), boards_per_round=bpr)
    return generate(kind, tables=tables, boards_per_round=bpr)


@settings(max_examples=50, deadline=None)
@given(st.sampled_from(KINDS), SIZES, st.integers(min_value=1, max_value=4))
def test_generated_movements_validate(kind, tables, bpr):
    if supported(kind, tables):
        assert validate(build(kind, tables, bpr)).ok


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(KINDS), SIZES, st.data())
def test_corrupted_movement_fails(kind, tables, data):
    if not supported(kind, tables):
        return
    movement = build(kind, tables, 2)
    rounds = list(movement.rounds_detail)
    r = data.draw(st.integers(min_value=0, max_value=len(rounds) - 1))
    plan = rounds[r]
    if not plan.tables:
        return
    victim = plan.tables[data.draw(st.integers(min_value=0, max_value=len(plan.tables) - 1))]
    corruption = data.draw(st.sampled_from(["seat twice", "replay board"]))
    if corruption == "seat twice":
        extra = replace(victim, table=movement.tables + 1, boards=(10_000,))
        rounds[r] = RoundPlan(round=plan.round, tables=plan.tables + (extra,),
                              sit_out=plan.sit_out)
    else:
        other = next((p for p in rounds if p.round != plan.round), None)
        if other is None:
            return
        seat = next(t for t in other.tables if t.entrants[0] == victim.entrants[0]) \
            if any(t.entrants[0] == victim.entrants[0] for t in other.tables) else None
        if seat is None:
            return
        bad = replace(victim, boards=victim.boards + seat.boards[:1])
        rounds[r] = RoundPlan(round=plan.round, sit_out=plan.sit_out,
                              tables=tuple(bad if t is victim else t for t in plan.tables))
    report = validate(replace(movement, rounds_detail=tuple(rounds)))
    assert not report.ok
    assert f"round {plan.round}" in report.first_error or "again" in report.first_error
