"""The live standings refresh shows the time as the page first showed it, not an ISO stamp."""
import re

import pytest

from tests.tournaments.factories_event import create_event, enter_pairs, make_members, plays, random_result

pytestmark = pytest.mark.django_db


def test_the_refresh_keeps_the_pages_time_format(club, director, api_as, client, django_capture_on_commit_callbacks):
    import random

    api = api_as(director)
    event = create_event(api, club, movement={"kind": "mitchell", "tables": 3, "boards_per_round": 2})
    enter_pairs(api, club, event["id"], make_members(club, 12))
    base = f"/api/clubs/{club.slug}/events/{event['id']}"
    assert api.post(f"{base}/start/").status_code == 200
    movement = api.get(f"{base}/movement/").json()["sections"][0]
    rng = random.Random(3)
    _rnd, _table, board, ns, ew = next(iter(plays(movement)))
    with django_capture_on_commit_callbacks(execute=True):
        posted = api.post(f"{base}/results/", {"board": board, "ns": ns, "ew": ew,
                                               **random_result(rng, "duplicate_bridge")}, format="json")
    assert posted.status_code == 201
    client.force_login(director)
    page = client.get(f"/clubs/{club.slug}/events/{event['id']}/").content.decode()
    shown = re.search(r'<span id="computed-at">([^<]*)</span>', page).group(1)
    live = client.get(f"/clubs/{club.slug}/events/{event['id']}/standings.json").json()
    assert live["computed_at"] and shown not in ("", "—")
    assert live["computed_at_text"] == shown  # what the refresh writes is what the page showed
    from django.contrib.staticfiles import finders

    script = open(finders.find("js/standings-live.js")).read()
    assert "data.computed_at_text" in script and "data.computed_at ||" not in script
