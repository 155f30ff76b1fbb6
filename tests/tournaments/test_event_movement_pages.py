"""The movement page and the late pair on the director's page: preview before confirming,
the change made with results kept, a refused change naming the results, a late pair entered
with a movement chosen from the suggestions, and a withdrawal's sit-out at the table page."""
import pytest

from tests.conftest import PASSWORD
from tests.tournaments.test_event_late_pairs import movement_of, play_round, start
from tournaments.models import Entry, Event, Result
from tournaments.movements import generate
from tournaments.selectors_event import table_pin

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("commits")]  # code commits, the test rolls back


def _event(base):
    return Event.objects.get(pk=int(base.rstrip("/").split("/")[-1]))


def test_the_director_previews_then_adds_a_table_from_the_page(api_as, client, club, director):
    api = api_as(director)
    base = start(api, club, {"kind": "mitchell", "pairs": 10, "boards_per_round": 2}, 10)
    play_round(api, base, 1, [])
    event = _event(base)
    client.login(username=director.username, password=PASSWORD)
    url = f"/clubs/{club.slug}/events/{event.pk}/movement/"
    assert "Change the movement" in client.get(event.get_absolute_url()).content.decode()
    page = client.get(url)
    assert page.status_code == 200 and "Skip mitchell for 11 pairs" in page.content.decode()
    choice = "skip-mitchell:12:2:5"
    preview = client.get(url, {"movement": choice})
    text = preview.content.decode()
    assert preview.status_code == 200 and 'id="preview-results"' in text and "same place" in text
    assert 'id="movement-confirm"' in text and event.sections.get().movement["tables"] == 5
    done = client.post(url, {"movement": choice, "section": "A"})
    assert done.status_code == 302
    assert event.sections.get().movement["tables"] == 6 and Result.objects.filter(event=event).count() == 10


def test_a_change_that_would_lose_results_is_refused_on_the_page(api_as, client, club, director):
    api = api_as(director)
    base = start(api, club, {"kind": "howell", "pairs": 8, "boards_per_round": 3}, 8)
    play_round(api, base, 1, [])
    event = _event(base)
    client.login(username=director.username, password=PASSWORD)
    url = f"/clubs/{club.slug}/events/{event.pk}/movement/"
    preview = client.get(url, {"movement": "mitchell:9:3:5"}).content.decode()
    assert "not scheduled: the change is refused" in preview and 'id="movement-confirm"' not in preview
    refused = client.post(url, {"movement": "mitchell:9:3:5", "section": "A"})
    assert refused.status_code == 400 and "does not schedule these results" in refused.content.decode()
    assert event.sections.get().movement["kind"] == "howell"
    bad = client.get(url, {"movement": "nonsense"})
    assert bad.status_code == 400 and "Choose one of the movements offered" in bad.content.decode()


def test_players_cannot_open_the_movement_page(api_as, client, club, director, player):
    base = start(api_as(director), club, {"kind": "howell", "pairs": 8, "boards_per_round": 3}, 8)
    client.login(username=player.username, password=PASSWORD)
    assert client.get(f"/clubs/{club.slug}/events/{_event(base).pk}/movement/").status_code == 403


def test_a_late_pair_entered_on_the_page_with_a_larger_movement(api_as, client, club, director):
    api = api_as(director)
    base = start(api, club, {"kind": "howell", "pairs": 8, "boards_per_round": 3}, 8)
    event = _event(base)
    client.login(username=director.username, password=PASSWORD)
    page = client.get(event.get_absolute_url()).content.decode()
    assert 'id="enter-movement"' in page and "for 9 pairs" in page
    act = f"/clubs/{club.slug}/events/{event.pk}/do/enter/"
    full = client.post(act, {"player_a": "Ann Late", "player_b": "Bob Late"}, follow=True)
    assert "no sit-out place" in full.content.decode() and event.entries.count() == 8
    client.post(act, {"player_a": "Ann Late", "player_b": "Bob Late", "movement": "mitchell:9:3:5"})
    late = Entry.objects.get(event=event, names__contains="Ann Late")
    assert late.label == "4EW" and event.sections.get().movement["kind"] == "mitchell"


def test_a_withdrawn_pair_s_opponents_see_no_play_on_their_table_page(api_as, client, club, director):
    api = api_as(director)
    base = start(api, club, {"kind": "mitchell", "pairs": 10, "boards_per_round": 2}, 10)
    play_round(api, base, 1, [])
    api.post(f"{base}/round/", {"round": 2}, format="json")
    entry = next(e for e in api.get(f"{base}/entries/").json() if e["label"] == "3EW")
    client.login(username=director.username, password=PASSWORD)
    event = _event(base)
    client.post(f"/clubs/{club.slug}/events/{event.pk}/do/withdraw/", {"entry": entry["id"]})
    sitting, opponent = next((t.table, t.ns) for t in generate("mitchell", pairs=10, boards_per_round=2)
                             .rounds_detail[1].tables if t.ew == "3EW")
    assert all(t["table"] != sitting for t in movement_of(api, base)["rounds_detail"][1]["tables"])
    phone = client.__class__()
    url = f"/clubs/{club.slug}/events/{event.pk}/table/A/{sitting}/"
    page = phone.post(url, {"pin": table_pin(event, event.sections.get(), sitting)}, follow=True).content.decode()
    assert "No play at this table in round 2" in page and f"Pair {opponent} " in page
