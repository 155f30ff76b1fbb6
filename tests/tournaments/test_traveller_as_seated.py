"""The traveller page's Enter a result form: a director enters a brand-new result "as seated"
for a missed arrow switch (the pairs sat the other way round), the same rule as the API's
``"override": true``; a scorer without director rights cannot."""
import pytest
from django.test import Client

from tests.tournaments.factories_event import plays, started_event
from tournaments.models import Result

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("commits")]  # code commits, the test rolls back


def _first_play(api_as, club, director):
    event, _base, movement = started_event(api_as(director), club, kind="mitchell", tables=3)
    rnd, table, board, ns, ew = next(plays(movement))
    return event, rnd, table, board, ns, ew


def test_director_enters_a_new_result_as_seated_from_the_traveller(api_as, club, director):
    event, rnd, table, board, ns, ew = _first_play(api_as, club, director)
    web = Client()
    web.force_login(director)
    url = f"/clubs/{club.slug}/events/{event['id']}/travellers/{board}/"
    assert "As seated (the pairs sat the other way round)" in web.get(url).content.decode()
    # The form carries the movement's pairs; the director ticks "as seated".
    web.post(url + "?section=A", {"ns": ns, "ew": ew, "contract": "4H", "declarer": "N", "tricks": 10,
                                  "as_seated": "1"})
    stored = Result.objects.get(event_id=event["id"], board=board)
    assert (stored.ns.label, stored.ew.label) == (ew, ns)  # stored as they sat
    assert (stored.round, stored.table) == (rnd, table)  # where the movement had them
    page = web.get(url).content.decode()
    assert "arrow switch missed" in page


def test_a_scorer_cannot_enter_as_seated(api_as, club, director, scorer):
    event, _rnd, _table, board, ns, ew = _first_play(api_as, club, director)
    web = Client()
    web.force_login(scorer)
    url = f"/clubs/{club.slug}/events/{event['id']}/travellers/{board}/"
    assert "As seated" not in web.get(url).content.decode()
    page = web.post(url + "?section=A", {"ns": ns, "ew": ew, "contract": "4H", "declarer": "N", "tricks": 10,
                                         "as_seated": "1"}, follow=True).content.decode()
    assert "a director enters it as seated" in page
    assert not Result.objects.filter(event_id=event["id"]).exists()
