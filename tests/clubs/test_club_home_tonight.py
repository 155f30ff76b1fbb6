"""The club home lists every event of tonight's busy evening (the demo club has six, its round robin
teams the sixth, which the old limit of five left off), and its director's button names teams."""
import datetime

import pytest

from tournaments.services.events import event_create


@pytest.mark.django_db
def test_the_club_home_lists_six_events_tonight(club, director, client):
    today = datetime.date.today()
    events = [event_create(club=club, name=f"Tonight {k}", date=today, game="duplicate_bridge",
                           scoring="imps") for k in range(6)]
    client.force_login(director)
    body = client.get(f"/clubs/{club.slug}/").content.decode()
    assert all(f"/clubs/{club.slug}/events/{e.pk}/" in body for e in events)
    assert "New duplicate event (pairs, teams or individual)" in body
