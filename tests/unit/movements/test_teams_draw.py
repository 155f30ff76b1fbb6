"""Team draws: the Swiss draw without rematches (checked against plain backtracking on small
fields), the first round seeded or at random, partial round robins, the knockout bracket, and
the two rooms of every match (issue 12)."""
import time
from itertools import combinations

import pytest
from hypothesis import given, settings, strategies as st

from tournaments.movements import (MovementError, TeamsError, bracket_order, check, first_round_pairing,
                                   knockout_next, knockout_pairing, match_round_plan, round_robin,
                                   swiss_pairing, teams_movement, validate)
from tournaments.movements.model import Movement, board_set


def backtracking(order, met):
    """The textbook rule, by exhaustive depth-first search (exponential: small fields only)."""
    if not order:
        return []
    top, rest = order[0], order[1:]
    for i, other in enumerate(rest):
        if frozenset((top, other)) in met:
            continue
        tail = backtracking(rest[:i] + rest[i + 1:], met)
        if tail is not None:
            return [(top, other)] + tail
    return None


def reference(standings, played):
    met = {frozenset(p) for p in played if 0 not in p}
    byes = {t for p in played if 0 in p for t in p if t}
    if len(standings) % 2 == 0:
        return backtracking(list(standings), met)
    for bye in sorted(reversed(standings), key=lambda t: t in byes):
        pairs = backtracking([t for t in standings if t != bye], met)
        if pairs is not None:
            return pairs + [(bye, 0)]
    return None


@st.composite
def swiss_fields(draw):
    n = draw(st.integers(min_value=2, max_value=11))
    standings = draw(st.permutations(range(1, n + 1)))
    every = list(combinations(range(1, n + 1), 2))
    played = draw(st.lists(st.sampled_from(every), max_size=len(every), unique=True))
    byes = draw(st.lists(st.integers(min_value=1, max_value=n), max_size=2, unique=True))
    return list(standings), played + [(t, 0) for t in byes]


@settings(max_examples=300, deadline=None)
@given(swiss_fields())
def test_swiss_draw_is_the_backtracking_draw_and_never_a_rematch(field):
    standings, played = field
    expected = reference(standings, played)
    if expected is None:
        with pytest.raises(TeamsError):
            swiss_pairing(standings, played)
        return
    pairing = swiss_pairing(standings, played)
    assert pairing == expected
    met = {frozenset(p) for p in played}
    assert not any(frozenset(p) in met for p in pairing if 0 not in p)
    assert sorted(t for p in pairing for t in p if t) == sorted(standings)


def test_swiss_pairs_close_teams_and_goes_back_up_to_avoid_a_rematch():
    # 1 v 2 would leave 3 and 4, who have met: the draw goes back up to 1 v 3, 2 v 4
    assert swiss_pairing([1, 2, 3, 4], [(3, 4)]) == [(1, 3), (2, 4)]


def test_swiss_bye_goes_to_the_lowest_team_that_can_take_it():
    assert swiss_pairing([1, 2, 3], [(3, 0)]) == [(1, 3), (2, 0)]
    # 3 has not had a bye, but 1 v 2 have met: the next lowest, 2, takes it so 1 and 3 play
    assert swiss_pairing([1, 2, 3], [(1, 2)]) == [(1, 3), (2, 0)]
    # a second bye only when nothing else can be paired
    assert swiss_pairing([1, 2, 3], [(1, 2), (2, 0), (2, 3)]) == [(1, 3), (2, 0)]


def test_swiss_refuses_teams_numbered_badly():
    with pytest.raises(TeamsError):
        swiss_pairing([1, 1, 2, 3], [])
    with pytest.raises(TeamsError):
        swiss_pairing([0, 1], [])


def test_swiss_of_100_teams_with_a_bottom_group_that_all_met_is_drawn_at_once():
    # the eight lowest teams played a round robin among themselves: plain backtracking
    # explores every ordering of the 92 above them before it pairs them down
    played = [(92 + a, 92 + b) for rnd in round_robin(8) for a, b in rnd]
    played += [(a, a + 1) for a in range(1, 92, 2)] + [(a, a + 2) for a in range(1, 90, 4)]
    started = time.perf_counter()
    pairing = swiss_pairing(list(range(1, 101)), played)
    assert time.perf_counter() - started < 1.0
    met = {frozenset(p) for p in played}
    assert len(pairing) == 50 and not any(frozenset(p) in met for p in pairing)
    assert pairing[:2] == [(1, 4), (2, 3)]


def test_seeded_first_round_is_top_half_against_bottom_half():
    assert first_round_pairing([1, 2, 3, 4, 5, 6, 7, 8], method="seeded") == [(1, 5), (2, 6), (3, 7), (4, 8)]
    seeds = {10: 3, 11: 1, 12: 2}
    assert first_round_pairing([10, 11, 12, 13, 14], method="seeded", seeds=seeds) == [
        (11, 10), (12, 13), (14, 0)]
    assert first_round_pairing([10, 11, 12, 13], method="seeded", seeds=[13, 12]) == [(13, 10), (12, 11)]


def test_random_first_round_is_reproducible_from_its_seed():
    teams = list(range(1, 13))
    draw = first_round_pairing(teams, method="random", seed="club night 5")
    assert draw == first_round_pairing(list(reversed(teams)), method="random", seed="club night 5")
    assert sorted(t for p in draw for t in p) == teams
    draws = {tuple(first_round_pairing(teams, method="random", seed=str(s))) for s in range(10)}
    assert len(draws) > 1
    with pytest.raises(TeamsError, match="seeded or random"):
        first_round_pairing(teams, method="by hand")


@settings(max_examples=30, deadline=None)
@given(st.integers(min_value=2, max_value=24), st.data())
def test_partial_round_robin_meets_nobody_twice(teams, data):
    complete = teams - 1 + teams % 2
    rounds = data.draw(st.integers(min_value=1, max_value=complete))
    schedule = round_robin(teams, rounds)
    assert len(schedule) == rounds
    matches = [frozenset(m) for r in schedule for m in r]
    assert len(matches) == len(set(matches))
    for r in schedule:
        playing = [t for m in r for t in m]
        assert len(playing) == len(set(playing)) == 2 * (teams // 2)
    with pytest.raises(TeamsError):
        round_robin(teams, complete + 1)


def test_bracket_keeps_the_top_two_seeds_apart_until_the_final():
    assert bracket_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    first = knockout_pairing(list(range(101, 109)))
    assert first == [(101, 108), (104, 105), (102, 107), (103, 106)]
    winners = [min(m) for m in first]            # the higher seed wins every match
    semis = knockout_next(winners)
    assert semis == [(101, 104), (102, 103)]
    assert knockout_next([min(m) for m in semis]) == [(101, 102)]
    with pytest.raises(TeamsError, match="one winner"):
        knockout_next([101])


def test_knockout_byes_go_to_the_top_seeds():
    assert knockout_pairing([1, 2, 3, 4, 5, 6]) == [(1, 0), (4, 5), (2, 0), (3, 6)]
    assert knockout_next([1, 4, 2, 3]) == [(1, 4), (2, 3)]


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=2, max_value=21), st.integers(min_value=1, max_value=4), st.data())
def test_every_team_plays_every_board_of_its_match_once_in_each_room(n, rounds, data):
    played, plans = [], []
    for r in range(1, rounds + 1):
        standings = data.draw(st.permutations(range(1, n + 1)))
        try:
            pairing = swiss_pairing(list(standings), played)
        except TeamsError:
            break
        played += pairing
        boards = board_set(r, 3)
        plan = match_round_plan(r, pairing, boards)
        plans.append(plan)
        for home, away in pairing:
            if not away:
                assert {f"{home}NS", f"{home}EW"} <= set(plan.sit_out)
                continue
            for team, other in ((home, away), (away, home)):
                rooms = [t for t in plan.tables if f"{team}NS" in t.entrants or f"{team}EW" in t.entrants]
                assert sorted(t.table % 2 for t in rooms) == [0, 1]          # one open, one closed
                assert all(t.boards == boards for t in rooms)
                assert all({t.ns[:-2], t.ew[:-2]} == {str(team), str(other)} for t in rooms)
    movement = teams_movement(plans, boards_per_round=3)
    assert movement.kind == "teams" and movement.shared and validate(movement).ok
    assert movement.tables == max((len(p.tables) for p in plans), default=0)


def test_match_tables_follow_the_design():
    plan = match_round_plan(2, [(3, 1), (2, 0), (4, 5)], (9, 10))
    assert [(t.table, t.ns, t.ew) for t in plan.tables] == [
        (1, "3NS", "1EW"), (2, "1NS", "3EW"), (3, "4NS", "5EW"), (4, "5NS", "4EW")]
    assert plan.sit_out == ("2NS", "2EW")
    with pytest.raises(TeamsError, match="twice"):
        match_round_plan(1, [(1, 2), (2, 3)], (1,))


def test_a_knockout_segment_may_replay_the_tie_but_a_later_rematch_is_refused():
    segment = [match_round_plan(r, [(1, 2), (3, 4)], board_set(r, 4)) for r in (1, 2, 3)]
    assert teams_movement(segment, boards_per_round=4).rounds == 3
    apart = [segment[0], match_round_plan(2, [(1, 3), (2, 4)], board_set(2, 4)),
             match_round_plan(3, [(1, 2), (3, 4)], board_set(3, 4))]
    with pytest.raises(MovementError, match="again"):
        teams_movement(apart, boards_per_round=4)
    pairs = Movement(kind="team-round-robin", winners=1, tables=4, boards_per_round=4,
                     rounds_detail=tuple(segment[:2]), shared=True)
    with pytest.raises(MovementError, match="again"):
        check(pairs)
