"""The championship's pages: a director starts one from an event's page, adds the next session
carrying the pairs, records a substitute; the cumulative table shows session and cumulative
columns; visitors see published sessions only; the print is a PDF."""
import io

import pytest
from pypdf import PdfReader

from tests.tournaments.factories_championship import play_all
from tests.tournaments.factories_event import event_in_status, started_event
from tournaments.models import Championship, Entry, Event, Substitution

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("commits")]


@pytest.fixture
def first(api_as, club, director):
    client = api_as(director)
    event, base, movement = started_event(client, club, kind="howell", tables=2)
    play_all(client, base, movement, seed=4)
    assert client.post(f"{base}/finish/").status_code == 200
    return Event.objects.get(pk=event["id"])


def test_a_director_runs_a_championship_from_the_pages(client, club, director, first):
    client.force_login(director)
    page = client.get(f"/clubs/{club.slug}/events/{first.pk}/").content.decode()
    assert f'href="/clubs/{club.slug}/championships/new/?event={first.pk}"' in page
    assert f'href="/clubs/{club.slug}/championships/"' in client.get(f"/clubs/{club.slug}/").content.decode()
    form = client.get(f"/clubs/{club.slug}/championships/new/?event={first.pk}").content.decode()
    assert f'<option value="{first.pk}" selected>' in form
    response = client.post(f"/clubs/{club.slug}/championships/new/", {
        "name": "Club championship", "carry_over": "average", "event": first.pk})
    championship = Championship.objects.get(name="Club championship")
    assert response.status_code == 302
    detail = client.get(response["Location"]).content.decode()
    assert 'id="cumulative"' in detail and ">Session %</th>" in detail and ">Cumulative %</th>" in detail
    assert detail.count('<tr><td class="num">') + detail.count('<tr class="qualified">') >= 4
    response = client.post(f"/clubs/{club.slug}/championships/{championship.pk}/next/", {
        "date": "2026-12-01", "kind": "howell", "tables": "2", "boards_per_round": "2", "qualified_only": "on"})
    second = Event.objects.get(championship=championship, session=2)
    assert response.status_code == 302 and response["Location"] == f"/clubs/{club.slug}/events/{second.pk}/"
    assert "Session 2 of" in client.get(response["Location"]).content.decode()
    entry = Entry.objects.filter(event=second).order_by("pk").first()
    assert entry.carried_from.event == first
    response = client.post(f"/clubs/{club.slug}/championships/{championship.pk}/substitute/", {
        "entry": entry.pk, "player": "a", "guest": "Stand In"})
    assert response.status_code == 302
    assert Substitution.objects.get().player_in == "Stand In"
    assert "Stand In for" in client.get(f"/clubs/{club.slug}/championships/{championship.pk}/").content.decode()


def test_a_bad_next_session_is_shown_on_the_page(client, club, director, first):
    client.force_login(director)
    championship = Championship.objects.create(club=club, name="C")
    Event.objects.filter(pk=first.pk).update(championship=championship, session=1)
    response = client.post(f"/clubs/{club.slug}/championships/{championship.pk}/next/", {
        "date": "2026-12-01", "kind": "howell"})
    assert response.status_code == 400 and "give the tables" in response.content.decode()
    response = client.post(f"/clubs/{club.slug}/championships/{championship.pk}/next/", {
        "date": "2026-12-01", "kind": "howell", "tables": "1"})
    assert response.status_code == 400
    assert not Event.objects.filter(championship=championship, session=2).exists()


def test_players_and_visitors_read_only_what_the_sessions_show(client, club, director, player, first):
    championship = Championship.objects.create(club=club, name="C")
    Event.objects.filter(pk=first.pk).update(championship=championship, session=1)
    from scoring.services_championships import championship_standings_write
    championship_standings_write(championship_id=championship.pk)
    detail = f"/clubs/{club.slug}/championships/{championship.pk}/"
    assert 'id="cumulative"' not in client.get(detail).content.decode()  # finished, not published
    assert client.get(f"{detail}print.pdf").status_code == 404
    client.force_login(player)
    page = client.get(detail).content.decode()
    assert 'id="cumulative"' in page and "next-session-form" not in page
    assert client.post(f"{detail}next/", {"date": "2026-12-01"}).status_code == 403
    assert client.get(f"/clubs/{club.slug}/championships/new/").status_code == 403
    client.logout()
    event_in_status(first, "published")
    assert 'id="cumulative"' in client.get(detail).content.decode()
    pdf = client.get(f"{detail}print.pdf")
    assert pdf["Content-Type"] == "application/pdf"
    text = PdfReader(io.BytesIO(pdf.content)).pages[0].extract_text()
    assert "Cumulative" in text and "After session 1" in text


def test_a_director_makes_an_existing_event_the_first_session(client, club, director, first):
    client.force_login(director)
    response = client.post(f"/clubs/{club.slug}/championships/new/", {"name": "C", "carry_over": "sum"})
    championship = Championship.objects.get(name="C")
    assert 'id="session-form"' in client.get(response["Location"]).content.decode()
    response = client.post(f"/clubs/{club.slug}/championships/{championship.pk}/sessions/", {"event": first.pk})
    assert response.status_code == 302
    first.refresh_from_db()
    assert (first.championship, first.session) == (championship, 1)
    assert 'id="cumulative"' in client.get(response["Location"]).content.decode()
    assert client.post(f"/clubs/{club.slug}/championships/{championship.pk}/sessions/",
                       {"event": 999999}).status_code == 400


def test_a_bad_session_in_the_query_shows_the_championship_naming_it(client, club, director, first):
    """``?session=abc`` is a 400 naming ``session`` on the championship's page (as the API
    answers and as the events pages treat ``?pairs=abc``), the last session's table shown."""
    championship = Championship.objects.create(club=club, name="C")
    Event.objects.filter(pk=first.pk).update(championship=championship, session=1)
    from scoring.services_championships import championship_standings_write
    championship_standings_write(championship_id=championship.pk)
    client.force_login(director)
    detail = f"/clubs/{club.slug}/championships/{championship.pk}/"
    for bad in ("abc", "0", "-1", "1.5", "9" * 30):
        response = client.get(f"{detail}?session={bad}")
        page = response.content.decode()
        assert response.status_code == 400, bad
        assert "session: a whole number from 1 to" in page and 'id="cumulative"' in page
    assert client.get(f"{detail}?session=1").status_code == 200
    assert client.get(f"{detail}?session=2").status_code == 404  # well formed, not a session you may see
