"""The demo data holds a finished, published event with standings and an event in play."""
import pytest

from clubs.demo import load_demo
from scoring.models import Standing
from tournaments.demo import FINISHED, LIVE
from tournaments.models import Event, Result


@pytest.mark.django_db
@pytest.mark.usefixtures("commits")
def test_demo_has_a_published_event_and_one_in_play_and_is_idempotent(demo_club):
    done, live = Event.objects.get(name=FINISHED), Event.objects.get(name=LIVE)
    assert done.status == "published" and live.status == "playing"
    assert Standing.objects.filter(event=done).count() == 8
    assert Result.objects.filter(event=live).exists()
    counts = (Event.objects.count(), Result.objects.count())
    load_demo()
    assert (Event.objects.count(), Result.objects.count()) == counts
