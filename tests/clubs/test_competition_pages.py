"""The competitions' pages: a director sets up a season ladder, a masterpoint competition and a
handicap cup; anyone reads the tables (published results only) and prints them; members see the
club rating; a member's page shows their rating."""
import datetime
import io

import pytest
from pypdf import PdfReader

from scoring.models import Competition, Handicap
from scoring.services_competitions import competition_create
from scoring.services_rating import club_rating_rebuild
from tests.scoring.competition_factories import scored_event
from tests.tournaments.factories_event import make_members

pytestmark = pytest.mark.django_db

MON = datetime.date(2026, 9, 7)


@pytest.fixture
def season(club):
    m = make_members(club, 4)
    scored_event(club, MON, [(m[0], m[1], 61.5), (m[2], m[3], 38.5)])
    scored_event(club, MON + datetime.timedelta(days=7), [(m[0], m[2], 55), (m[1], m[3], 45)])
    club_rating_rebuild(club=club)
    return m


def test_a_director_sets_up_a_season_ladder(client, club, director, season):
    client.force_login(director)
    assert 'href="/clubs/test-club/competitions/new/?kind=ladder"' in client.get(
        f"/clubs/{club.slug}/competitions/").content.decode()
    form = client.get(f"/clubs/{club.slug}/competitions/new/?kind=ladder").content.decode()
    assert '<option value="ladder" selected>' in form
    response = client.post(f"/clubs/{club.slug}/competitions/new/", {
        "name": "Autumn ladder", "kind": "ladder", "date_from": "2026-09-01", "date_to": "2026-12-31", "best": "1",
        "basis": "percentage", "minimum": "1", "carry_over": "sum", "handicap_source": "rating"})
    competition = Competition.objects.get(name="Autumn ladder")
    assert response.status_code == 302 and response["Location"] == f"/clubs/{club.slug}/competitions/{competition.pk}/"
    page = client.get(response["Location"]).content.decode()
    assert "First1 Last1" in page and "61.50" in page and "2 published events" in page


def test_a_masterpoint_competition_takes_the_clubs_scale(client, club, director, season):
    client.force_login(director)
    response = client.post(f"/clubs/{club.slug}/competitions/new/", {
        "name": "Masterpoints 2026", "kind": "masterpoints", "date_from": "2026-09-01", "minimum": "1",
        "basis": "percentage", "carry_over": "sum", "handicap_source": "rating", "scale": "2: 10, 5\n6: 20, 10, 5"})
    assert response.status_code == 302
    competition = Competition.objects.get(name="Masterpoints 2026")
    assert competition.scale == {"bands": [{"min_size": 2, "awards": [10, 5]}, {"min_size": 6, "awards": [20, 10, 5]}]}
    page = client.get(response["Location"]).content.decode()
    assert "20.00" in page  # First1 Last1: first twice in a field of two


def test_a_bad_form_keeps_its_input_and_names_the_field(client, club, director, season):
    client.force_login(director)
    response = client.post(f"/clubs/{club.slug}/competitions/new/", {
        "name": "Cup", "kind": "masterpoints", "date_from": "2026-09-01", "date_to": "2026-08-01", "minimum": "1",
        "basis": "percentage", "carry_over": "sum", "handicap_source": "rating", "scale": "four: 10"})
    assert response.status_code == 400
    html = response.content.decode()
    assert 'value="Cup"' in html and "four: 10" in html and "line 1" in html
    response = client.post(f"/clubs/{club.slug}/competitions/new/", {
        "name": "Cup", "kind": "ladder", "date_from": "2026-09-01", "date_to": "2026-08-01", "minimum": "1",
        "basis": "percentage", "carry_over": "sum", "handicap_source": "rating", "placing_points": "10, x"})
    assert response.status_code == 400 and "numbers separated by commas" in response.content.decode()
    response = client.post(f"/clubs/{club.slug}/competitions/new/", {
        "name": "Cup", "kind": "ladder", "date_from": "2026-09-01", "date_to": "2026-08-01", "minimum": "1",
        "basis": "percentage", "carry_over": "sum", "handicap_source": "rating"})
    html = response.content.decode()
    assert response.status_code == 400 and "the last day is before the first" in html and 'value="2026-08-01"' in html
    assert not Competition.objects.exists()


def test_a_handicap_cup_with_the_directors_handicaps(client, club, director, season):
    client.force_login(director)
    response = client.post(f"/clubs/{club.slug}/competitions/new/", {
        "name": "Handicap cup", "kind": "handicap", "date_from": "2026-09-01", "minimum": "1",
        "basis": "percentage", "carry_over": "sum", "handicap_source": "director"})
    cup = Competition.objects.get(name="Handicap cup")
    url = f"/clubs/{club.slug}/competitions/{cup.pk}/handicaps/"
    assert response.status_code == 302 and url in client.get(response["Location"]).content.decode()
    bad = client.post(url, {"member": season[3].pk, "value": "99"})
    assert bad.status_code == 400 and "less than or equal to 30" in bad.content.decode()
    assert client.post(url, {"member": season[3].pk, "value": "8"}).status_code == 302
    assert Handicap.objects.get(competition=cup).value == 8
    page = client.get(f"/clubs/{club.slug}/competitions/{cup.pk}/").content.decode()
    assert "First4 Last4" in page and "45.75" in page  # 38.5 + 8/2 and 45 + 8/2, averaged


def test_only_directors_set_up_competitions(client, club, player, season):
    client.force_login(player)
    assert client.get(f"/clubs/{club.slug}/competitions/new/").status_code == 403
    assert client.post(f"/clubs/{club.slug}/competitions/new/", {"name": "x", "kind": "ladder"}).status_code == 403
    assert "New season ladder" not in client.get(f"/clubs/{club.slug}/competitions/").content.decode()


def test_anyone_reads_and_prints_a_competition(client, club, season):
    competition = competition_create(club=club, name="Autumn ladder", kind="ladder", date_from=MON, best=2)
    page = client.get(f"/clubs/{club.slug}/competitions/{competition.pk}/")
    assert page.status_code == 200 and "First1 Last1" in page.content.decode()
    pdf = client.get(f"/clubs/{club.slug}/competitions/{competition.pk}/print.pdf")
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"
    text = PdfReader(io.BytesIO(pdf.content)).pages[0].extract_text()
    assert "Autumn ladder" in text and "First1 Last1" in text and "116.50" in text
    assert client.get(f"/clubs/{club.slug}/competitions/{competition.pk}/print.pdf?paper=A3").status_code == 404
    assert client.get(f"/clubs/{club.slug}/competitions/99999/").status_code == 404


def test_the_club_rating_is_for_members_and_on_the_members_page(client, club, director, player, season):
    assert client.get(f"/clubs/{club.slug}/ratings/").status_code in (302, 403)
    client.force_login(player)
    page = client.get(f"/clubs/{club.slug}/ratings/").content.decode()
    assert "First1 Last1" in page and "still settling" in page
    client.force_login(director)
    member = client.get(f"/clubs/{club.slug}/members/{season[0].pk}/").content.decode()
    assert 'id="member-rating"' in member and "48 boards in 2 sessions" in member
