"""Every account URL by role: a visitor is sent to log in, a player may not do a director's
work, a director of another club sees nothing of this one; bad input is a 4xx and forms keep
what was typed."""
import pytest

from accounts import services
from accounts.models import LinkRequest
from clubs import services as club_services

pytestmark = pytest.mark.django_db


@pytest.fixture
def member(club):
    return club_services.member_create(club=club, membership_number="101", first_name="Ada", last_name="Lovelace",
                                       email="ada@example.org")


@pytest.fixture
def other_director(other_club, make_user):
    user = make_user("otto")
    club_services.role_grant(club=other_club, user=user, role="director")
    return user


@pytest.fixture
def pending(club, make_user):
    return services.link_request_create(user=make_user("quinn"), club=club, membership_number="101")


@pytest.mark.parametrize("url", ["/accounts/", "/accounts/link/", "/accounts/email/", "/accounts/password/"])
def test_a_visitor_is_sent_to_log_in(client, url):
    response = client.get(url)
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")


@pytest.mark.parametrize("url", ["/accounts/signup/", "/accounts/password-reset/", "/accounts/login/",
                                 "/accounts/password-reset/sent/", "/accounts/reset/done/"])
def test_public_account_pages_open_for_a_visitor(client, url):
    assert client.get(url).status_code == 200


def test_director_pages_are_refused_to_a_player_and_another_clubs_director(client, club, member, pending, player,
                                                                           other_director):
    for user in (player, other_director):
        client.force_login(user)
        assert client.get(f"/clubs/{club.slug}/members/requests/").status_code == 403
        assert client.post(f"/clubs/{club.slug}/members/invite/", {"member": [member.pk]}).status_code == 403
        assert client.post(f"/clubs/{club.slug}/members/{member.pk}/invite/").status_code == 403
        assert client.post(f"/clubs/{club.slug}/members/requests/{pending.pk}/",
                           {f"r{pending.pk}-decision": "decline"}).status_code == 403
    client.logout()
    assert client.post(f"/clubs/{club.slug}/members/{member.pk}/invite/").status_code == 302  # to log in
    member.refresh_from_db()
    assert member.invitations.count() == 0 and LinkRequest.objects.get(pk=pending.pk).status == "pending"


def test_a_director_cannot_reach_another_clubs_members_or_requests(client, other_club, member, pending,
                                                                   make_user):
    director = make_user("vera")
    club_services.role_grant(club=other_club, user=director, role="director")
    client.force_login(director)
    assert client.post(f"/clubs/{other_club.slug}/members/{member.pk}/invite/").status_code == 404
    assert client.post(f"/clubs/{other_club.slug}/members/requests/{pending.pk}/",
                       {f"r{pending.pk}-decision": "decline"}).status_code == 404
    client.post(f"/clubs/{other_club.slug}/members/invite/", {"member": [member.pk]})
    assert member.invitations.count() == 0


def test_bad_invite_input_is_no_500(client, club, director):
    client.force_login(director)
    for data in ({}, {"member": ["x"]}, {"member": ["99999999999999999999999"]}, {"member": ["\x00"]}):
        response = client.post(f"/clubs/{club.slug}/members/invite/", data, follow=True)
        assert response.status_code == 200 and b"Tick the members to invite" in response.content
    assert client.get(f"/clubs/{club.slug}/members/invite/").status_code == 405
    assert client.post(f"/clubs/{club.slug}/members/99999/invite/").status_code == 404


def test_a_link_decision_without_a_member_keeps_the_form(client, club, director, pending, other_club):
    stranger = club_services.member_create(club=other_club, membership_number="1", first_name="S", last_name="T")
    client.force_login(director)
    for data in ({f"r{pending.pk}-decision": "approve"}, {f"r{pending.pk}-decision": "approve",
                                                           f"r{pending.pk}-member": stranger.pk},
                 {f"r{pending.pk}-decision": "maybe"}):
        response = client.post(f"/clubs/{club.slug}/members/requests/{pending.pk}/", data)
        assert response.status_code == 400 and b'class="errorlist' in response.content
    assert LinkRequest.objects.get(pk=pending.pk).status == "pending"
    response = client.post(f"/clubs/{club.slug}/members/requests/{pending.pk}/", {f"r{pending.pk}-decision": "decline"})
    assert response.status_code == 302 and LinkRequest.objects.get(pk=pending.pk).status == "declined"
    again = client.post(f"/clubs/{club.slug}/members/requests/{pending.pk}/", {f"r{pending.pk}-decision": "decline"})
    assert again.status_code == 400 and b"declined already" in again.content


def test_forms_keep_their_input_after_an_error(client, club, player):
    response = client.post("/accounts/signup/", {"first_name": "Kit", "last_name": "M", "email": "not-an-address"})
    assert response.status_code == 400 and b'value="Kit"' in response.content
    assert b'value="not-an-address"' in response.content
    client.force_login(player)
    response = client.post("/accounts/link/", {"club": "999999", "membership_number": "12345", "note": "hello"})
    assert response.status_code == 400 and b'value="12345"' in response.content and b'value="hello"' in response.content
    response = client.post("/accounts/link/", {"club": club.pk, "membership_number": "\x00"})
    assert response.status_code == 400


def test_asking_twice_is_refused_on_the_page(client, club, make_user):
    user = make_user("rita")
    client.force_login(user)
    assert client.post("/accounts/link/", {"club": club.pk}).status_code == 302
    response = client.post("/accounts/link/", {"club": club.pk, "note": "again"})
    assert response.status_code == 400 and b"asked Test Club already" in response.content


@pytest.mark.parametrize("path", ["/accounts/invitation/x/y/", "/accounts/invitation/MQ/set-password/",
                                  "/accounts/reset/%00/abc/", "/accounts/invitation/99999999999999999999/abc-def/"])
def test_a_broken_password_link_is_a_page_not_a_500(client, path):
    response = client.get(path, follow=True)
    assert response.status_code == 200 and b"used or has expired" in response.content


def test_results_email_choice_is_only_for_ones_own_membership(client, club, member, player, make_user):
    own = club_services.member_create(club=club, membership_number="8", first_name="P", last_name="P", user=player)
    client.force_login(player)
    assert client.post(f"/accounts/results-email/{own.pk}/", {"on": "1"}).status_code == 302
    own.refresh_from_db()
    assert own.results_by_email
    assert client.post(f"/accounts/results-email/{member.pk}/", {"on": "1"}).status_code == 404
    assert client.get(f"/accounts/results-email/{own.pk}/").status_code == 405
    client.logout()
    assert client.post(f"/accounts/results-email/{own.pk}/", {"on": "0"}).status_code == 302
    own.refresh_from_db()
    assert own.results_by_email
