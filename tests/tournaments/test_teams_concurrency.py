"""Teams on PostgreSQL, at once: teams entered together each get their own number and pairs,
and the same player entered for two teams at once lands in one; two directors drawing the same
round at once draw it once (the TeamsEvent row is locked first)."""
import threading

import pytest
from django.db import connection

from tests.tournaments.factories_event import make_members
from tests.tournaments.factories_teams import teams_event
from tournaments.models import Entry, Event, Match, Team
from tournaments.services import actions
from tournaments.services.teams import team_add, teams_round_draw


def at_once(jobs):
    barrier = threading.Barrier(len(jobs))
    outcomes = [None] * len(jobs)

    def run(i):
        try:
            barrier.wait()
            jobs[i]()
            outcomes[i] = "ok"
        except Exception as exc:  # reported by the assertions, not lost in a thread
            outcomes[i] = type(exc).__name__
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(jobs))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    return outcomes


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_teams_entered_at_once(require_postgres, club):
    event = teams_event(club, teams=0)
    members = make_members(club, 32)
    shared = members[19]

    def enter(k):
        four = members[4 * k:4 * k + 3] + [shared]
        return lambda: team_add(event=Event.objects.get(pk=event.pk), name=f"T{k}",
                                players=[{"member": m.pk, "captain": i == 0} for i, m in enumerate(four)])

    outcomes = at_once([enter(k) for k in range(5)])
    assert sorted(outcomes) == ["ValidationError"] * 4 + ["ok"]  # the shared player plays for one team
    assert Team.objects.filter(event=event).count() == 1
    outcomes = at_once([lambda k=k: team_add(event=Event.objects.get(pk=event.pk), name=f"U{k}", players=[
        {"member": m.pk, "captain": i == 0} for i, m in enumerate(members[16 + 4 * k:20 + 4 * k])])
        for k in range(1, 4)])
    assert outcomes == ["ok"] * 3
    numbers = sorted(Team.objects.filter(event=event).values_list("number", flat=True))
    assert numbers == [1, 2, 3, 4] and Entry.objects.filter(event=event).count() == 8


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_round_drawn_twice_at_once_is_drawn_once(require_postgres, club):
    event = actions.event_start(event=teams_event(club, format="round_robin", teams=4, rounds=0))
    outcomes = at_once([lambda: teams_round_draw(event=Event.objects.get(pk=event.pk), round_number=2)] * 2)
    assert outcomes == ["ok", "ok"]  # the second, finding it drawn, re-draws it (no results yet): one draw
    assert Match.objects.filter(event=event, round=2).count() == 2
    assert Event.objects.get(pk=event.pk).teams_event.current_round == 2
