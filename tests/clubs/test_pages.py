import pytest

from clubs import services


@pytest.mark.django_db
def test_club_home_shows_name_and_sections(client, club):
    response = client.get(f"/clubs/{club.slug}/")
    assert response.status_code == 200
    body = response.content.decode()
    assert club.name in body and "Next events" in body and "Latest results" in body


@pytest.mark.django_db
def test_single_club_site_front_page_goes_to_the_club(client, club):
    response = client.get("/")
    assert response.status_code == 302 and response["Location"] == f"/clubs/{club.slug}/"


@pytest.mark.django_db
def test_member_pages_are_for_directors_only(client, club, director, player, other_club):
    member = services.member_create(club=club, membership_number="5", first_name="Ada", last_name="Lovelace")
    assert client.get(f"/clubs/{club.slug}/members/").status_code == 302  # to login
    client.login(username="penny", password="correct-horse-battery")
    assert client.get(f"/clubs/{club.slug}/members/").status_code == 403
    client.login(username="dora", password="correct-horse-battery")
    listing = client.get(f"/clubs/{club.slug}/members/", {"q": "love"})
    assert listing.status_code == 200 and "Lovelace" in listing.content.decode()
    assert client.get(f"/clubs/{club.slug}/members/{member.pk}/").status_code == 200
    assert client.get(f"/clubs/{other_club.slug}/members/").status_code == 403


@pytest.mark.django_db
def test_member_import_page_lists_bad_lines_and_imports_nothing(client, club, director):
    from django.core.files.uploadedfile import SimpleUploadedFile

    client.login(username="dora", password="correct-horse-battery")
    bad = SimpleUploadedFile("m.csv", b"membership_number,first_name,last_name\n1,Ada,\n2,Bob,Smith\n")
    response = client.post(f"/clubs/{club.slug}/members/import/", {"file": bad})
    assert response.status_code == 400
    assert "Line 2:" in response.content.decode()
    assert club.members.count() == 0


@pytest.mark.django_db
def test_login_and_logout(client, director):
    response = client.post("/accounts/login/", {"username": "dora", "password": "correct-horse-battery"})
    assert response.status_code == 302
    assert client.post("/accounts/logout/").status_code == 302


@pytest.mark.django_db
def test_director_adds_and_edits_a_member_from_the_site(client, club, director):
    client.login(username="dora", password="correct-horse-battery")
    response = client.post(f"/clubs/{club.slug}/members/add/",
                           {"membership_number": "9", "first_name": "Ada", "last_name": "Lovelace", "active": "on"})
    assert response.status_code == 302
    member = club.members.get(membership_number="9")
    duplicate = client.post(f"/clubs/{club.slug}/members/add/",
                            {"membership_number": "9", "first_name": "Bob", "last_name": "Smith"})
    assert duplicate.status_code == 400 and club.members.count() == 1
    client.post(f"/clubs/{club.slug}/members/{member.pk}/edit/",
                {"membership_number": "9", "first_name": "Ada", "last_name": "King", "active": "on"})
    member.refresh_from_db()
    assert member.last_name == "King"


@pytest.mark.django_db
def test_visitors_see_unpublished_events_listed_but_not_linked(client, club):
    import datetime

    from tournaments.models import Event

    event = Event.objects.create(club=club, name="Tonight's pairs", date=datetime.date.today(), status="playing")
    body = client.get(f"/clubs/{club.slug}/").content.decode()
    assert "Tonight&#x27;s pairs" in body or "Tonight's pairs" in body
    assert f"/events/{event.pk}/" not in body


def test_a_director_sets_the_correction_period_on_the_settings_page(client, club, director, player):
    from clubs.models import Club
    from tests.conftest import PASSWORD

    client.login(username=player.username, password=PASSWORD)
    assert client.get(f"/clubs/{club.slug}/settings/").status_code == 403
    client.login(username=director.username, password=PASSWORD)
    assert f"/clubs/{club.slug}/settings/" in client.get(f"/clubs/{club.slug}/").content.decode()
    fields = {"name": club.name, "city": "Bath", "time_zone": "Europe/London", "paper_size": "A4",
              "scoring_convention": "ebuscore"}
    bad = client.post(f"/clubs/{club.slug}/settings/", fields | {"correction_hours": "100000"})
    assert bad.status_code == 400 and 'value="Bath"' in bad.content.decode()
    assert Club.objects.get(pk=club.pk).correction_hours == 24
    client.post(f"/clubs/{club.slug}/settings/", fields | {"correction_hours": "48"})
    assert Club.objects.get(pk=club.pk).correction_hours == 48
    assert Club.objects.get(pk=club.pk).scoring_convention == "ebuscore"
