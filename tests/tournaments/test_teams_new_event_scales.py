"""New event offers exactly the victory-point scales a teams event accepts: it offered a 25-point
scale and "none" the service refuses (a 400 after filling the form) and left out the ACBL
20-point scale the README names; each one offered creates a teams event from the page."""
import re

import pytest

from tournaments.models import Event
from tournaments.services.teams.options import VP_SCALES


@pytest.mark.django_db
def test_every_scale_offered_creates_a_teams_event(club, director, client):
    client.force_login(director)
    page = client.get(f"/clubs/{club.slug}/events/new/").content.decode()
    select = re.search(r'<select name="vp_scale">(.*?)</select>', page, re.S).group(1)
    offered = re.findall(r'<option value="(\w+)"', select)
    assert offered == list(VP_SCALES) and "acbl_20" in offered
    for scale in offered:
        sent = client.post(f"/clubs/{club.slug}/events/new/", {
            "name": f"Teams {scale}", "date": "2026-12-01", "game": "duplicate_bridge", "scoring": "imps",
            "format": "swiss", "boards_per_match": "4", "rounds": "3", "vp_scale": scale, "segments": "1",
            "first_round": "seeded"})
        assert sent.status_code == 302, (scale, sent.status_code)
        assert Event.objects.get(name=f"Teams {scale}").teams_event.options["vp_scale"] == scale
