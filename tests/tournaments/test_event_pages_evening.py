"""Found by the club evening browser test (issue 11): a director asks the new-event page for
about as many boards as the evening has time for, and corrects a missed arrow switch "as
seated" on the traveller page (the README promised it; only the API could)."""
import pytest

from scoring.models import Standing
from tests.conftest import PASSWORD
from tests.tournaments.factories_event import create_event, enter_pairs, make_members, plays
from tournaments.models import Event, Result

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("commits")]  # code commits, the test rolls back


def test_new_event_page_suggests_movements_for_the_boards_wanted(client, club, director):
    client.login(username=director.username, password=PASSWORD)
    page = client.get(f"/clubs/{club.slug}/events/new/?pairs=9&boards=10").content.decode()
    assert 'value="mitchell:5:2"' in page and 'name="boards" value="10"' in page
    response = client.post(f"/clubs/{club.slug}/events/new/", {
        "name": "Short", "date": "2026-12-01", "game": "duplicate_bridge", "scoring": "matchpoints",
        "movement": "mitchell:5:2", "pairs": 9, "boards": 10})
    assert response.status_code == 302
    movement = Event.objects.get(name="Short").sections.get().movement
    assert (movement["tables"], movement["rounds"], movement["boards_per_round"]) == (5, 5, 2)


def test_new_event_page_refuses_a_bad_number_of_boards_naming_it(client, club, director):
    client.login(username=director.username, password=PASSWORD)
    page = client.get(f"/clubs/{club.slug}/events/new/?pairs=9&boards=ten")
    assert page.status_code == 400 and "boards: a whole number" in page.content.decode()
    assert not Event.objects.exists()


def test_director_corrects_a_missed_arrow_switch_as_seated_on_the_traveller(api_as, client, club, director):
    api = api_as(director)
    event = create_event(api, club, movement={"kind": "mitchell", "tables": 3, "boards_per_round": 2})
    enter_pairs(api, club, event["id"], make_members(club, 12))
    base = f"/api/clubs/{club.slug}/events/{event['id']}"
    assert api.post(f"{base}/start/").status_code == 200
    movement = api.get(f"{base}/movement/").json()["sections"][0]
    for i, (_rnd, _table, board, ns, ew) in enumerate(plays(movement)):
        body = {"board": board, "ns": ns, "ew": ew, "contract": ["4H", "3NT", "2S"][i % 3], "declarer": "NESW"[i % 4],
                "tricks": 7 + i % 5}
        assert api.post(f"{base}/results/", body, format="json").status_code == 201
    rnd, table, board, ns, ew = next(plays(movement))
    result = Result.objects.get(event_id=event["id"], board=board, ns__label=ns, ew__label=ew)
    client.login(username=director.username, password=PASSWORD)
    url = f"/clubs/{club.slug}/events/{event['id']}/travellers/{board}/"
    assert f"As seated: {ew} sat N-S and {ns} E-W" in client.get(url).content.decode()
    client.post(url, {"result": result.pk, "ns": ns, "ew": ew, "contract": result.contract,
                      "declarer": result.declarer, "tricks": result.tricks, "as_seated": "1",
                      "reason": "arrow switch missed"})
    result.refresh_from_db()
    assert (result.ns.label, result.ew.label, result.round, result.table) == (ew, ns, rnd, table)
    assert "arrow switch missed</em>" in client.get(url).content.decode()
    fields = dict(Standing.objects.filter(event_id=event["id"]).values_list("entry__label", "field"))
    assert fields[ns] == "NS" and fields[ew] == "EW"  # each pair stays in its own field
