import pytest

from clubs import services
from clubs.models import Club, Member


@pytest.mark.django_db
def test_token_is_issued_for_good_credentials(api, director):
    response = api.post("/api/auth/token/", {"username": "dora", "password": "correct-horse-battery"}, format="json")
    assert response.status_code == 200
    token = response.json()["token"]
    api.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    assert api.get("/api/clubs/").status_code == 200


@pytest.mark.django_db
def test_token_refused_for_bad_credentials_with_400(api, director):
    response = api.post("/api/auth/token/", {"username": "dora", "password": "wrong"}, format="json")
    assert response.status_code == 400
    assert "non_field_errors" in response.json()
    missing = api.post("/api/auth/token/", {"username": "dora"}, format="json")
    assert missing.status_code == 400 and "password" in missing.json()


@pytest.mark.django_db
def test_anonymous_cannot_use_the_api(api, club):
    assert api.get("/api/clubs/").status_code in (401, 403)


@pytest.mark.django_db
def test_creating_a_club_makes_the_creator_its_director(api_as, make_user):
    user = make_user("founder")
    client = api_as(user)
    response = client.post("/api/clubs/", {"name": "New Club", "slug": "new-club", "city": "Leeds",
                                           "time_zone": "Europe/London"}, format="json")
    assert response.status_code == 201, response.json()
    assert response.json()["role"] == "director"
    assert client.patch("/api/clubs/new-club/", {"city": "York"}, format="json").json()["city"] == "York"


@pytest.mark.django_db
def test_club_input_errors_are_400_with_field_names(api_as, make_user, club):
    client = api_as(make_user("founder"))
    response = client.post("/api/clubs/", {"name": "", "slug": "test-club", "time_zone": "Mars/Olympus"},
                           format="json")
    assert response.status_code == 400
    assert {"name", "slug"} <= set(response.json())
    response = client.post("/api/clubs/", {"name": "X", "slug": "x", "time_zone": "Mars/Olympus"}, format="json")
    assert response.status_code == 400 and "time_zone" in response.json()
    assert Club.objects.filter(slug="x").count() == 0


@pytest.mark.django_db
def test_director_of_one_club_cannot_change_another(api_as, director, other_club):
    client = api_as(director)
    assert client.patch(f"/api/clubs/{other_club.slug}/", {"city": "Hull"}, format="json").status_code == 403
    assert client.delete(f"/api/clubs/{other_club.slug}/").status_code == 403
    assert client.get(f"/api/clubs/{other_club.slug}/members/").status_code == 403
    other_club.refresh_from_db()
    assert other_club.city == "York"


@pytest.mark.django_db
def test_member_crud_by_director(api_as, director, club):
    client = api_as(director)
    url = f"/api/clubs/{club.slug}/members/"
    created = client.post(url, {"membership_number": "42", "first_name": "Ada", "last_name": "Lovelace",
                                "email": "ada@example.org"}, format="json")
    assert created.status_code == 201, created.json()
    member_id = created.json()["id"]
    assert client.get(f"{url}{member_id}/").json()["last_name"] == "Lovelace"
    assert client.patch(f"{url}{member_id}/", {"active": False}, format="json").json()["active"] is False
    assert client.delete(f"{url}{member_id}/").status_code == 204
    assert not Member.objects.filter(pk=member_id).exists()


@pytest.mark.django_db
def test_member_errors_are_400_and_store_nothing(api_as, director, club):
    client = api_as(director)
    url = f"/api/clubs/{club.slug}/members/"
    client.post(url, {"membership_number": "1", "first_name": "A", "last_name": "B"}, format="json")
    dup = client.post(url, {"membership_number": "1", "first_name": "C", "last_name": "D"}, format="json")
    assert dup.status_code == 400 and "membership_number" in dup.json()
    bad = client.post(url, {"membership_number": "2", "first_name": "C", "email": "nope", "user": "ghost"},
                      format="json")
    assert bad.status_code == 400 and {"last_name", "email", "user"} <= set(bad.json())
    assert Member.objects.filter(club=club).count() == 1


@pytest.mark.django_db
def test_scorer_reads_members_but_cannot_write(api_as, scorer, club):
    client = api_as(scorer)
    url = f"/api/clubs/{club.slug}/members/"
    assert client.get(url).status_code == 200
    assert client.post(url, {"membership_number": "9", "first_name": "A", "last_name": "B"},
                       format="json").status_code == 403


@pytest.mark.django_db
def test_player_cannot_read_the_member_list(api_as, player, club):
    assert api_as(player).get(f"/api/clubs/{club.slug}/members/").status_code == 403


@pytest.mark.django_db
def test_member_list_is_paginated_searchable_and_filterable(api_as, director, club):
    for n in range(60):
        services.member_create(club=club, membership_number=str(n), first_name=f"First{n}",
                               last_name="Smith" if n % 2 else "Jones", active=n % 3 != 0)
    client = api_as(director)
    url = f"/api/clubs/{club.slug}/members/"
    page = client.get(url).json()
    assert page["count"] == 60 and len(page["results"]) == 50 and page["next"]
    assert client.get(url, {"search": "Jones"}).json()["count"] == 30
    assert client.get(url, {"active": "false"}).json()["count"] == 20
    assert client.get(url, {"membership_number": "7"}).json()["results"][0]["first_name"] == "First7"
    assert client.get(url, {"active": "perhaps"}).status_code == 400


@pytest.mark.django_db
def test_members_csv_import_and_export_through_the_api(api_as, director, club):
    from django.core.files.uploadedfile import SimpleUploadedFile

    client = api_as(director)
    url = f"/api/clubs/{club.slug}/members/"
    good = b"membership_number,first_name,last_name\n1,Ada,Lovelace\n"
    response = client.post(f"{url}import/", {"file": SimpleUploadedFile("m.csv", good)}, format="multipart")
    assert response.json() == {"created": 1, "updated": 0, "unchanged": 0}
    bad = b"membership_number,first_name,last_name\n2,,X\n"
    response = client.post(f"{url}import/", {"file": SimpleUploadedFile("m.csv", bad)}, format="multipart")
    assert response.status_code == 400 and response.json()["file"][0].startswith("line 2:")
    exported = client.get(f"{url}export/")
    assert exported.status_code == 200 and b"1,Ada,Lovelace" in exported.content


@pytest.mark.django_db
def test_schema_is_served_and_validates(api):
    from django.core.management import call_command

    call_command("spectacular", "--validate", "--fail-on-warn", "--file", "/dev/null")
    response = api.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    paths = response.json()["paths"]
    assert "/api/clubs/{slug}/" in paths and "/api/clubs/{club_slug}/members/{id}/" in paths
    assert api.get("/api/docs/").status_code == 200


@pytest.mark.django_db
def test_a_member_links_only_a_login_of_the_club_and_usernames_cannot_be_probed(api_as, make_user, club,
                                                                                  director, player):
    from clubs.services import club_create

    outsider = make_user("outsider")
    rival = make_user("rival")
    rival_club = club_create(name="Rival", slug="rival", city="Leeds", time_zone="Europe/London", director=rival)
    url = f"/api/clubs/{rival_club.slug}/members/"
    client = api_as(rival)
    answers = [client.post(url, {"membership_number": str(n), "first_name": "A", "last_name": "B", "user": name},
                           format="json") for n, name in enumerate([outsider.username, "nobody-by-this-name",
                                                                    director.username])]
    assert {a.status_code for a in answers} == {400}
    assert len({str(a.json()) for a in answers}) == 1
    assert Member.objects.filter(club=rival_club).count() == 0
    linked = api_as(director).post(f"/api/clubs/{club.slug}/members/", {
        "membership_number": "7", "first_name": "P", "last_name": "Q", "user": player.username}, format="json")
    assert linked.status_code == 201 and linked.json()["user"] == player.username


@pytest.mark.django_db
def test_club_creation_is_bounded_per_user_but_not_for_superusers(api_as, make_user):
    """Issue 17 item 1: a login directs at most CLUBS_PER_USER clubs it creates; trashing one
    does not free a place; a site superuser is exempt."""
    from cardroom import limits

    client = api_as(make_user("founder"))
    for i in range(limits.CLUBS_PER_USER):
        assert client.post("/api/clubs/", {"name": f"C{i}", "slug": f"c{i}"}, format="json").status_code == 201
    client.delete("/api/clubs/c0/?confirm=1")
    refused = client.post("/api/clubs/", {"name": "More", "slug": "more"}, format="json")
    assert refused.status_code == 400 and "clubs" in refused.json()
    assert str(limits.CLUBS_PER_USER) in refused.json()["clubs"][0]
    assert not Club.all_objects.filter(slug="more").exists()
    boss = make_user("boss")
    boss.is_superuser = True
    boss.save()
    root = api_as(boss)
    for i in range(limits.CLUBS_PER_USER + 1):
        assert root.post("/api/clubs/", {"name": f"R{i}", "slug": f"r{i}"}, format="json").status_code == 201
