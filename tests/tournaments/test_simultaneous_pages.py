"""Simultaneous pairs pages: the club's list and a new one, a simultaneous' page (heats, the
organizer's actions, the national ranking), joining and withdrawing, a heat's ranking, and the
commentary booklet as a page and a PDF."""
from __future__ import annotations

import datetime
import re
import zoneinfo

import pytest
from django.test import Client
from django.utils import timezone

from clubs import services as club_services
from scoring.models import NationalStanding
from tests.tournaments.factories_simultaneous import make_sim, played_heat, release
from tournaments.models import Heat, Simultaneous

pytestmark = pytest.mark.django_db


@pytest.fixture
def heat_director(other_club, make_user):
    user = make_user("otto")
    club_services.role_grant(club=other_club, user=user, role="director")
    return user


def _client(user=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def test_club_home_links_the_list(club):
    assert f'href="/clubs/{club.slug}/simultaneous/"' in _client().get(f"/clubs/{club.slug}/").content.decode()


def test_organizer_creates_one(club, director, player):
    page = _client(director).get(f"/clubs/{club.slug}/simultaneous/new/")
    assert page.status_code == 200
    today = timezone.localdate()
    response = _client(director).post(f"/clubs/{club.slug}/simultaneous/new/", {
        "name": "Charity Sim", "date": today.isoformat(), "boards": "24", "scoring": "matchpoints",
        "starts_at": f"{today}T19:00", "ends_at": f"{today}T20:00", "release_at": f"{today}T23:00", "deal_seed": ""})
    sim = Simultaneous.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/clubs/{club.slug}/simultaneous/{sim.pk}/"
    assert sim.organizer == club
    assert timezone.localtime(sim.starts_at, zoneinfo.ZoneInfo(club.time_zone)).hour == 19  # the club's time
    assert _client(player).get(f"/clubs/{club.slug}/simultaneous/new/").status_code == 403


@pytest.mark.parametrize("field,value", [("boards", "x"), ("starts_at", "later"), ("date", ""), ("ends_at", "2020-01-01T10:00")])
def test_a_bad_form_names_the_field(club, director, field, value):
    today = timezone.localdate()
    form = {"name": "Sim", "date": today.isoformat(), "boards": "24", "scoring": "matchpoints",
            "starts_at": f"{today}T19:00", "ends_at": f"{today}T20:00", "release_at": f"{today}T23:00", field: value}
    response = _client(director).post(f"/clubs/{club.slug}/simultaneous/new/", form)
    assert response.status_code == 400 and f"{field}:" in response.content.decode()
    assert not Simultaneous.objects.exists()


@pytest.mark.parametrize("year", ["0001", "1999", "2101", "9999"])
def test_a_date_outside_the_years_cardroom_takes_is_refused_on_the_form(club, director, year):
    form = {"name": "Sim", "date": f"{year}-06-01", "boards": "24", "scoring": "matchpoints",
            "starts_at": f"{year}-06-01T19:00", "ends_at": f"{year}-06-01T20:00", "release_at": f"{year}-06-01T23:00"}
    response = _client(director).post(f"/clubs/{club.slug}/simultaneous/new/", form)
    assert response.status_code == 400 and "date: a date from 2000-01-01 to 2100-12-31" in response.content.decode()
    assert not Simultaneous.objects.exists()


def test_another_club_joins_and_withdraws_from_the_pages(club, other_club, heat_director):
    sim = make_sim(club)
    client = _client(heat_director)
    listing = client.get(f"/clubs/{other_club.slug}/simultaneous/").content.decode()
    assert 'id="joinable"' in listing and sim.name in listing
    page = client.get(f"/clubs/{other_club.slug}/simultaneous/{sim.pk}/?pairs=6").content.decode()
    assert 'id="join-form"' in page and 'value="mitchell:6:3:3"' in page
    assert all(int(b) * int(r) <= 9 for b, r in re.findall(r'value="[a-z-]+:6:(\d+):(\d+)"', page))
    response = client.post(f"/clubs/{other_club.slug}/simultaneous/{sim.pk}/join/", {"name": "Our heat"})
    assert response.status_code == 302 and not Heat.objects.exists()  # no movement chosen
    response = client.post(f"/clubs/{other_club.slug}/simultaneous/{sim.pk}/join/",
                           {"name": "Our heat", "movement": "mitchell:6:3:3"})
    heat = Heat.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/clubs/{other_club.slug}/events/{heat.event_id}/"
    assert heat.event.name == "Our heat" and heat.club == other_club
    assert sorted(heat.event.sections.get().schedule.board_numbers()) == list(range(1, 10))
    page = client.get(f"/clubs/{other_club.slug}/simultaneous/{sim.pk}/").content.decode()
    assert 'id="withdraw"' in page
    client.post(f"/clubs/{other_club.slug}/simultaneous/{sim.pk}/withdraw/")
    assert not Heat.objects.exists()


def test_only_a_director_joins(club, other_club, player, director):
    sim = make_sim(club)
    assert _client(director).post(f"/clubs/{other_club.slug}/simultaneous/{sim.pk}/join/").status_code == 403
    assert _client().post(f"/clubs/{other_club.slug}/simultaneous/{sim.pk}/join/").status_code == 403


def test_organizer_actions(club, other_club, director, heat_director):
    sim = make_sim(club)
    page = _client(director).get(f"/clubs/{club.slug}/simultaneous/{sim.pk}/").content.decode()
    assert 'id="sim-actions"' in page
    assert _client(heat_director).post(f"/clubs/{club.slug}/simultaneous/{sim.pk}/do/close/").status_code == 403
    _client(director).post(f"/clubs/{club.slug}/simultaneous/{sim.pk}/do/close/")
    sim.refresh_from_db()
    assert sim.status == "closed"


@pytest.fixture
def played(commits, club, other_club):
    sim = make_sim(club)
    heat = played_heat(sim, other_club, seed=11)
    # the heat's rescore queued the national run (scoring.services_national), which ran on commit
    assert NationalStanding.objects.filter(simultaneous=sim, heat=heat).count() == 6
    return heat


def test_national_ranking_organizer_then_everyone(club, director, played):
    sim = played.simultaneous
    url = f"/clubs/{club.slug}/simultaneous/{sim.pk}/"
    page = _client(director).get(url).content.decode()
    assert 'id="national-standings"' in page and "Other Club" in page
    assert 'id="national-standings"' not in _client().get(url).content.decode()
    Simultaneous.objects.filter(pk=sim.pk).update(status="published")
    assert 'id="national-standings"' in _client().get(url).content.decode()


def test_heat_ranking_page(club, director, played):
    url = f"/clubs/{club.slug}/simultaneous/{played.simultaneous_id}/heats/{played.pk}/"
    page = _client(director).get(url)
    assert page.status_code == 200 and 'id="heat-ranking"' in page.content.decode()
    assert _client().get(url).status_code == 404


def test_booklet_page_and_pdf(club, director, played):
    sim = played.simultaneous
    url = f"/clubs/{club.slug}/simultaneous/{sim.pk}/booklet/"
    page = _client(director).get(url)
    assert page.status_code == 200
    html = page.content.decode()
    assert html.count('class="handrecord"') == 9 and 'id="field-1"' in html
    assert _client().get(url).status_code == 404
    assert _client().get(url.replace("booklet/", "booklet.pdf")).status_code == 404
    release(sim)
    assert _client().get(url).status_code == 200
    pdf = _client(director).get(url.replace("booklet/", "booklet.pdf"))
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf" and pdf.content.startswith(b"%PDF")
    printed = _client(director).get(url.replace("booklet/", "booklet.pdf") + "?format=html").content.decode()
    assert "How the field did" in printed and "3 tables" in printed


def test_the_boards_as_pbn_for_the_organizer(club, director, played):
    url = f"/clubs/{club.slug}/simultaneous/{played.simultaneous_id}/boards.pbn"
    response = _client(director).get(url)
    assert response.status_code == 200 and response.content.count(b'[Board "') == 9
    assert _client().get(url).status_code == 404  # not released


def test_a_start_window_over_several_days_says_the_day_it_closes(club):
    """A window from Tuesday 19:00 to Thursday 23:00 reads "... and Thu 26 Nov 2026, 23:00", not
    "... and 23:00" (which reads as Tuesday evening)."""
    tz = zoneinfo.ZoneInfo(club.time_zone)
    starts = datetime.datetime(2026, 11, 24, 19, 0, tzinfo=tz)
    sim = make_sim(club, starts_at=starts, ends_at=starts + datetime.timedelta(days=2, hours=4),
                   release_at=starts + datetime.timedelta(days=3), date=starts.date())
    text = re.sub(r"\s+", " ", _client().get(f"/clubs/{club.slug}/simultaneous/{sim.pk}/").content.decode())
    assert "Tue 24 Nov 2026, 19:00</span> and Thu 26 Nov 2026, 23:00" in text
    same_day = make_sim(club, starts_at=starts, ends_at=starts + datetime.timedelta(hours=2),
                        release_at=starts + datetime.timedelta(days=1), date=starts.date(), name="Evening")
    text = re.sub(r"\s+", " ", _client().get(f"/clubs/{club.slug}/simultaneous/{same_day.pk}/").content.decode())
    assert "Tue 24 Nov 2026, 19:00</span> and 21:00" in text


def test_the_joinable_list_says_the_days_of_a_window_over_several_days(club, other_club, heat_director):
    tz = zoneinfo.ZoneInfo(club.time_zone)
    starts = datetime.datetime(2026, 11, 24, 19, 0, tzinfo=tz)
    sim = make_sim(club, starts_at=starts, ends_at=starts + datetime.timedelta(days=2, hours=4),
                   release_at=starts + datetime.timedelta(days=3), date=starts.date())
    Simultaneous.objects.filter(pk=sim.pk).update(status="open")
    text = _client(heat_director).get(f"/clubs/{other_club.slug}/simultaneous/").content.decode()
    assert "Tue 24 Nov, 19:00 – Thu 26 Nov, 23:00" in text
