"""Table PIN guessing is counted per client and table: the guesser waits longer and longer,
the other phones at the table do not; many guessers only slow the table; the director sees
who guessed and unlocks the table (page and API)."""
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from tests.tournaments.factories_event import create_event, enter_pairs, make_members
from tournaments.models import Event, PinMiss
from tournaments.selectors_event import table_pin
from tournaments.services import pins

pytestmark = pytest.mark.django_db


@pytest.fixture
def started(club, director, api_as):
    client = api_as(director)
    event = create_event(client, club, movement={"kind": "mitchell", "tables": 3, "boards_per_round": 2})
    enter_pairs(client, club, event["id"], make_members(club, 12))
    assert client.post(f"/api/clubs/{club.slug}/events/{event['id']}/start/").status_code == 200
    event = Event.objects.get(pk=event["id"])
    return event, event.sections.get()


def url(club, event, table=1):
    return f"/api/clubs/{club.slug}/events/{event.pk}/tables/A/{table}/"


def phone(ip, pin):
    client = APIClient(REMOTE_ADDR=ip)
    client.credentials(HTTP_X_TABLE_PIN=pin)
    return client


def wrong(pin):
    return "0000" if pin != "0000" else "1111"


def rewind(seconds, **filters):
    """Pretend the last tries were ``seconds`` ago (instead of sleeping through the delay)."""
    for row in PinMiss.objects.filter(**filters):
        row.last_try -= timedelta(seconds=seconds)
        row.save()


def test_the_delay_doubles_after_five_misses():
    assert [pins.streak_wait(n) for n in range(4, 10)] == [0, 2, 4, 8, 16, 32]
    assert pins.streak_wait(40) == pins.MAX_WAIT


def test_ten_wrong_pins_from_one_phone_do_not_lock_the_table_for_another(started, club):
    event, section = started
    pin = table_pin(event, section, 1)
    guesser, player = phone("203.0.113.9", wrong(pin)), phone("198.51.100.4", pin)
    answers = [guesser.get(url(club, event)).status_code for _ in range(10)]
    assert answers[:5] == [403] * 5 and set(answers[5:]) == {429}
    assert player.get(url(club, event)).status_code == 200
    assert phone("203.0.113.9", pin).get(url(club, event)).status_code == 429
    row = PinMiss.objects.get(event=event, client="203.0.113.9")
    assert (row.table, row.misses, row.streak) == ("A/1", 5, 5)


def test_the_guesser_tries_again_after_the_wait_and_a_right_pin_clears_the_streak(started, club):
    event, section = started
    pin = table_pin(event, section, 1)
    for _ in range(6):
        phone("203.0.113.9", wrong(pin)).get(url(club, event))
    assert phone("203.0.113.9", pin).get(url(club, event)).status_code == 429
    rewind(pins.streak_wait(5), client="203.0.113.9")
    assert phone("203.0.113.9", wrong(pin)).get(url(club, event)).status_code == 403
    assert phone("203.0.113.9", pin).get(url(club, event)).status_code == 429
    rewind(pins.streak_wait(6), client="203.0.113.9")
    assert phone("203.0.113.9", pin).get(url(club, event)).status_code == 200
    row = PinMiss.objects.get(client="203.0.113.9")
    assert row.streak == 0 and row.misses == 6


def test_many_guessers_only_slow_the_table_and_the_right_pin_still_opens_it(started, club):
    event, section = started
    pin = table_pin(event, section, 1)
    for n in range(pins.TABLE_CEILING // pins.FREE_MISSES):
        for _ in range(pins.FREE_MISSES):
            assert phone(f"192.0.2.{n}", wrong(pin)).get(url(club, event)).status_code == 403
    newcomer = phone("198.51.100.4", pin)
    assert newcomer.get(url(club, event)).status_code == 200
    assert newcomer.get(url(club, event)).status_code == 429
    rewind(pins.SLOW_SPACING, client="198.51.100.4")
    assert newcomer.get(url(club, event)).status_code == 200
    assert phone("198.51.100.4", table_pin(event, section, 2)).get(url(club, event, 2)).status_code == 200


def test_the_director_sees_the_guessing_and_unlocks_the_table(started, club, director, api_as):
    event, section = started
    pin = table_pin(event, section, 1)
    for _ in range(7):
        phone("203.0.113.9", wrong(pin)).get(url(club, event))
    base = f"/api/clubs/{club.slug}/events/{event.pk}/pins/"
    assert APIClient().get(base).status_code == 404  # an event in play is hidden from nobody: not found
    seen = api_as(director).get(base).json()
    assert [(m["table"], m["client"], m["misses"]) for m in seen] == [("A/1", "203.0.113.9", 5)]
    assert seen[0]["wait"] > 0
    web = Client()
    web.force_login(director)
    page = web.get(event.get_absolute_url()).content.decode()
    assert "Wrong table PINs" in page and "203.0.113.9" in page
    assert api_as(director).post(base + "unlock/", {"table": "A/1"}, format="json").json() == {"unlocked": 1}
    assert phone("203.0.113.9", pin).get(url(club, event)).status_code == 200
    assert api_as(director).get(base).json()[0]["misses"] == 5


def test_the_director_unlocks_from_the_event_page(started, club, director, player):
    event, section = started
    pin = table_pin(event, section, 1)
    for _ in range(6):
        phone("203.0.113.9", wrong(pin)).get(url(club, event))
    stranger = Client()
    stranger.force_login(player)
    assert stranger.post(f"/clubs/{club.slug}/events/{event.pk}/pins/unlock/", {"table": "A/1"}).status_code == 403
    web = Client()
    web.force_login(director)
    web.post(f"/clubs/{club.slug}/events/{event.pk}/pins/unlock/", {"table": "A/1"})
    assert PinMiss.objects.get(client="203.0.113.9").streak == 0


def test_behind_a_trusted_proxy_the_forwarded_address_counts(started, club, settings):
    event, section = started
    settings.TRUSTED_PROXIES = 1
    pin = table_pin(event, section, 1)
    for n in range(6):
        APIClient(REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR=f"6.6.6.{n}, 203.0.113.9",
                  HTTP_X_TABLE_PIN=wrong(pin)).get(url(club, event))
    assert list(PinMiss.objects.values_list("client", "misses")) == [("203.0.113.9", 5)]
    assert timezone.now() - PinMiss.objects.get().last_try < timedelta(minutes=1)


def test_a_forwarded_address_that_is_no_address_counts_as_the_peer(started, club, settings):
    event, section = started
    settings.TRUSTED_PROXIES = 1
    APIClient(REMOTE_ADDR="192.0.2.1", HTTP_X_FORWARDED_FOR="'; DROP TABLE",
              HTTP_X_TABLE_PIN=wrong(table_pin(event, section, 1))).get(url(club, event))
    assert list(PinMiss.objects.values_list("client", flat=True)) == ["192.0.2.1"]
