"""Multi-session championships end to end: two sessions played, the cumulative table against
a computation written out here from each session's standings (pairs known by their players,
not by the carry-over links), qualification into the next session, substitutes keeping the
pair, and the table following a correction."""
import datetime

import pytest
from django.core.exceptions import ValidationError

from scoring.models import CumulativeStanding, Standing
from scoring.services_championships import championship_standings_write
from tests.tournaments.factories_championship import two_sessions
from tests.tournaments.factories_event import make_members
from tournaments.models import Championship, Entry, Event, Substitution
from tournaments.services.championships import championship_create, championship_next_session, entry_substitute

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("commits")]


def players(entry):
    return frozenset(x for x in (entry.member_a_id, entry.member_b_id) if x)


def session_lines(event):
    return {players(s.entry): s for s in Standing.objects.filter(event=event).select_related("entry")}


def expected(rule, factor, one, two):
    out = {}
    for pair, s2 in two.items():
        s1 = one[pair]
        out[pair] = {"sum": s1.total + s2.total,
                     "average": (s1.percentage + s2.percentage) / 2,
                     "weighted": (s1.percentage * s1.boards + s2.percentage * s2.boards) / (s1.boards + s2.boards),
                     "factored": factor * s1.total + s2.total}[rule]
    return out


def test_two_sessions_carry_over_by_each_rule(api_as, club, director):
    championship, first, second = two_sessions(api_as(director), club, director)
    one, two = session_lines(first), session_lines(second)
    assert len(two) == 4 and set(two) == set(one)
    for rule, factor in (("sum", 1.0), ("average", 1.0), ("weighted", 1.0), ("factored", 0.25)):
        Championship.objects.filter(pk=championship.pk).update(carry_over=rule, carry_factor=factor)
        championship_standings_write(championship_id=championship.pk)
        rows = CumulativeStanding.objects.filter(event=second).select_related("entry", "identity")
        got = {players(r.entry): r.cumulative for r in rows}
        assert got == pytest.approx(expected(rule, factor, one, two), abs=1e-3), rule
        ordered = [players(r.entry) for r in rows.order_by("position")]
        want = expected(rule, factor, one, two)
        assert [round(want[p], 2) for p in ordered] == sorted((round(v, 2) for v in want.values()), reverse=True)
        for r in rows:
            assert r.identity.event_id == first.pk and players(r.identity) == players(r.entry)


def test_the_cumulative_table_is_rebuilt_when_a_session_is_rescored(api_as, club, director):
    championship, first, second = two_sessions(api_as(director), club, director)
    assert CumulativeStanding.objects.filter(championship=championship, session=1).count() == 4
    assert CumulativeStanding.objects.filter(championship=championship, session=2).count() == 4
    before = sorted(CumulativeStanding.objects.filter(event=second).values_list("cumulative", flat=True))
    from scoring.tasks import championship_standings

    assert championship_standings(championship.pk) == 8  # the task, run twice: the same rows
    assert championship_standings(championship.pk) == 8
    assert sorted(CumulativeStanding.objects.filter(event=second).values_list("cumulative", flat=True)) == before
    from tournaments.models import Result
    from tournaments.services.results import result_correct

    result = Result.objects.filter(event=second).order_by("pk").first()
    result_correct(result=result, data={"contract": "7NT", "declarer": "N", "tricks": 13}, user=director,
                   reason="grand slam")
    after = sorted(CumulativeStanding.objects.filter(event=second).values_list("cumulative", flat=True))
    assert after != before


def test_only_the_qualifiers_are_carried_into_the_final(api_as, club, director):
    client = api_as(director)
    championship, first, second = two_sessions(client, club, director, tables=3, qualify_top=4,
                                               movement={})
    table = CumulativeStanding.objects.filter(event=first).order_by("position")
    qualified = [r for r in table if r.qualified]
    assert len(table) == 6 and 4 <= len(qualified) < 6
    assert all(int(r.rank.rstrip("=")) <= 4 for r in qualified)
    carried = {e.carried_from_id for e in Entry.objects.filter(event=second)}
    assert carried == {r.entry_id for r in qualified}
    assert CumulativeStanding.objects.filter(event=second).count() == len(qualified)


def test_top_n_per_section_decides_by_section(api_as, club, director):
    championship, first, _second = two_sessions(api_as(director), club, director, qualify_top=1,
                                                qualify_per_section=True)
    rows = CumulativeStanding.objects.filter(event=first)
    assert {r.section for r in rows} == {"A"}
    assert [r.rank for r in rows if r.qualified] == [r.rank for r in rows if r.rank.rstrip("=") == "1"]


def test_a_substitute_keeps_the_pair_and_its_carry_over(api_as, club, director):
    client = api_as(director)
    championship, first, second = two_sessions(client, club, director)
    third = championship_next_session(championship=championship, date=datetime.date(2026, 12, 8),
                                      movement={"kind": "howell", "tables": 2, "boards_per_round": 2})
    entry = Entry.objects.filter(event=third).order_by("pk").first()
    stand_in = make_members(club, 1, start=90)[0]
    leaving = entry.member_a
    sub = entry_substitute(entry=entry, player="a", member=stand_in, user=director)
    entry.refresh_from_db()
    assert entry.member_a == stand_in and stand_in.full_name in entry.names
    assert Substitution.objects.get(pk=sub.pk).player_out == leaving.full_name
    assert entry.carried_from.event == second and entry.carried_from.member_a == leaving
    # a fourth session carries the pair's own players again, not the substitute
    with pytest.raises(ValidationError) as exc:
        entry_substitute(entry=entry, player="b", member=stand_in)
    assert "member" in exc.value.message_dict
    with pytest.raises(ValidationError) as exc:
        entry_substitute(entry=entry, player="c", guest="Ann")
    assert "player" in exc.value.message_dict


def test_the_demo_has_a_two_session_championship(demo_club):
    from clubs.demo import load_demo
    from tournaments.demo_championship import NAME

    championship = Championship.objects.get(name=NAME)
    second = championship.sessions.get(session=2)
    assert second.status == "published"
    rows = CumulativeStanding.objects.filter(event=second)
    assert rows.count() == second.entries.count() >= 6
    assert all(r.played == 2 and r.carried > 0 for r in rows)
    load_demo()
    assert Championship.objects.filter(name=NAME).count() == 1


def test_a_pair_with_a_substitute_carries_its_score_as_the_same_pair(api_as, club, director):
    stand_in = make_members(club, 1, start=80)[0]
    subbed = {}

    def substitute(second):
        entry = Entry.objects.filter(event=second).order_by("pk").first()
        subbed["entry"], subbed["out"] = entry.pk, entry.member_b
        entry_substitute(entry=entry, player="b", member=stand_in, user=director)

    championship, first, second = two_sessions(api_as(director), club, director, before_start=substitute)
    row = CumulativeStanding.objects.get(event=second, entry_id=subbed["entry"])
    before = Standing.objects.get(event=first, entry=row.identity)
    now = Standing.objects.get(event=second, entry_id=subbed["entry"])
    assert row.identity.member_b == subbed["out"] and row.entry.member_b == stand_in
    assert row.played == 2 and row.cumulative == pytest.approx(before.total + now.total, abs=1e-3)
    assert row.carried == pytest.approx(before.total, abs=1e-3)


def test_a_session_in_the_trash_leaves_the_table_and_keeps_its_number(api_as, club, director):
    from clubs.trash import trash_put

    championship, first, second = two_sessions(api_as(director), club, director)
    trash_put(obj=second, user=director, confirm=True)
    assert not CumulativeStanding.objects.filter(session=2).exists()
    assert CumulativeStanding.objects.filter(event=first).count() == 4
    third = championship_next_session(championship=championship, date=datetime.date(2026, 12, 8))
    assert third.session == 3
    assert {e.carried_from.event_id for e in third.entries.all()} == {first.pk}


def test_an_individual_championship_carries_its_players(club, director):
    from tournaments.services import entries, events

    first = events.event_setup(club=club, name="Individual 1", date=datetime.date(2026, 11, 26),
                               game="duplicate_bridge", scoring="matchpoints", format="individual",
                               movement={"kind": "individual", "players": 8, "rounds": 3, "boards_per_round": 2})
    people = make_members(club, 8)
    section = first.sections.get()
    for i, m in enumerate(people):
        entry = entries.entry_add(event=first, members=[m])
        Standing.objects.create(event=first, section=section, entry=entry, position=i + 1, rank=str(i + 1),
                                total=30.0 - i, top=48, percentage=(30.0 - i) / 48 * 100, boards=12)
    Event.objects.filter(pk=first.pk).update(status="finished")
    championship = championship_create(club=club, name="Individual championship", carry_over="weighted",
                                       qualify_top=4, event=first)
    championship_standings_write(championship_id=championship.pk)
    assert [r.qualified for r in CumulativeStanding.objects.filter(event=first).order_by("position")] == \
        [True] * 4 + [False] * 4
    with pytest.raises(ValidationError) as exc:  # a pairs movement for players
        championship_next_session(championship=championship, date=datetime.date(2026, 12, 3),
                                  movement={"kind": "howell", "tables": 2})
    assert "movement" in exc.value.message_dict
    second = championship_next_session(championship=championship, date=datetime.date(2026, 12, 3),
                                       qualified_only=False)
    carried = list(second.entries.select_related("carried_from"))
    assert second.is_individual and len(carried) == 8
    assert all(e.member_b_id is None and e.member_a_id == e.carried_from.member_a_id for e in carried)
