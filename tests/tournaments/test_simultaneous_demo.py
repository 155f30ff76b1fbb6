"""The demo's simultaneous pairs: the demo club organizes it, three clubs' heats with every board
played and published, hand records released, results published; loading twice changes nothing."""
from __future__ import annotations

import pytest
from django.test import Client

from clubs.demo import load_demo
from scoring.models import NationalStanding
from tournaments.models import Heat, Result, Simultaneous

pytestmark = pytest.mark.django_db


def test_demo_simultaneous(commits, demo_club):
    sim = Simultaneous.objects.get()
    assert sim.organizer == demo_club and sim.status == "published"
    heats = list(Heat.objects.filter(simultaneous=sim).select_related("club", "event"))
    assert sorted(h.club.slug for h in heats) == ["abbey", "castle", "downs"]
    assert all(h.event.status == "published" and h.event.standings.exists() for h in heats)
    assert Result.objects.filter(event__heat__simultaneous=sim).count() == 36 + 30 + 50  # every table plays every board of its round
    assert NationalStanding.objects.filter(simultaneous=sim).count() == 6 + 6 + 10  # every pair of the three heats
    load_demo()
    assert Simultaneous.objects.count() == 1 and Heat.objects.count() == 3
    client = Client()
    page = client.get(f"/clubs/{demo_club.slug}/simultaneous/{sim.pk}/").content.decode()
    assert "Abbey Bridge Club" in page and 'id="booklet-link"' in page and 'id="national-standings"' in page
    assert "<th>Field</th>" in page  # Mitchell heats rank N-S and E-W, the Howell heat one field
    booklet = client.get(f"/clubs/{demo_club.slug}/simultaneous/{sim.pk}/booklet/")
    assert booklet.status_code == 200 and booklet.content.decode().count('class="handrecord"') == 12
    heat = heats[0]
    assert client.get(f"/clubs/{heat.club.slug}/events/{heat.event_id}/handrecord/").status_code == 200
