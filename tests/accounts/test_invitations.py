"""Invitations, sign-up, password reset, email change and login by email (locmem email)."""
import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail

from accounts import services
from accounts.models import Invitation, LinkRequest
from clubs import services as club_services
from clubs.models import Member
from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db
NEW = "a-long-new-password-7"


def _link(message) -> str:
    return re.search(r"https?://\S+", message.body).group(0).split("/", 3)[3].join(["/", ""])


@pytest.fixture
def member(club):
    return club_services.member_create(club=club, membership_number="101", first_name="Ada", last_name="Lovelace",
                                       email="ada@example.org")


def test_an_invitation_sets_a_password_and_claims_the_membership(client, club, member, director, commits):
    club_services.club_update(club=club, reply_to="secretary@example.org")
    services.member_invite(member=member, by=director)
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["ada@example.org"] and message.reply_to == ["secretary@example.org"]
    assert message.from_email.startswith("Test Club <")
    assert message.subject == "Test Club invites you to Cardroom"
    assert "Hello Ada" in message.body and "set my password" in message.alternatives[0][0].lower()
    page = client.get(_link(message), follow=True)
    assert page.status_code == 200 and b"Choose a password" in page.content
    response = client.post(page.redirect_chain[-1][0], {"new_password1": NEW, "new_password2": NEW})
    assert response.status_code == 302
    member.refresh_from_db()
    assert member.user is not None and member.user.check_password(NEW)
    assert Invitation.objects.get(member=member).claimed_at is not None
    assert client.get("/accounts/").status_code == 200  # logged in
    assert client.get(_link(message), follow=True).context["validlink"] is False  # used once


def test_one_login_belongs_to_several_clubs(client, club, other_club, member, director, commits):
    other = club_services.member_create(club=other_club, membership_number="9", first_name="Ada",
                                        last_name="Lovelace", email="ADA@example.org")
    first = services.member_invite(member=member, by=director)
    second = services.member_invite(member=other, by=director)
    assert first.user == second.user
    services.invitations_claim(user=first.user)
    assert set(Member.objects.filter(user=first.user).values_list("club__slug", flat=True)) == {
        "test-club", "other-club"}
    client.force_login(first.user)
    page = client.get("/accounts/").content.decode()
    assert "Test Club" in page and "Other Club" in page


def test_an_invitation_needs_an_address_and_an_unlinked_member(club, director, player, commits):
    nobody = club_services.member_create(club=club, membership_number="5", first_name="No", last_name="Mail")
    with pytest.raises(Exception, match="no email address"):
        services.member_invite(member=nobody, by=director)
    linked = club_services.member_create(club=club, membership_number="6", first_name="P", last_name="Q",
                                         email="p@example.org", user=player)
    with pytest.raises(Exception, match="already has an account"):
        services.member_invite(member=linked, by=director)
    assert mail.outbox == []


def test_bulk_invitation_from_the_member_list(client, club, member, director, commits):
    nobody = club_services.member_create(club=club, membership_number="5", first_name="No", last_name="Mail")
    client.force_login(director)
    page = client.get(f"/clubs/{club.slug}/members/").content.decode()
    assert f'name="member" value="{member.pk}"' in page and f'value="{nobody.pk}"' not in page
    response = client.post(f"/clubs/{club.slug}/members/invite/", {"member": [member.pk, nobody.pk]}, follow=True)
    text = response.content.decode()
    assert "Invited 1: Ada Lovelace" in text and "No Mail not invited" in text
    assert [m.to for m in mail.outbox] == [["ada@example.org"]]


def test_a_login_claims_an_invitation_of_an_existing_account(client, club, make_user, director, commits):
    user = make_user("grace")
    invited = club_services.member_create(club=club, membership_number="7", first_name="Grace", last_name="H",
                                          email="GRACE@example.org")
    services.member_invite(member=invited, by=director)
    assert "will be linked to your membership when you next" in mail.outbox[0].body
    client.post("/accounts/login/", {"username": "grace@example.org", "password": PASSWORD})
    invited.refresh_from_db()
    assert invited.user == user


def test_login_by_email_or_username(client, make_user):
    make_user("henry")
    assert client.post("/accounts/login/", {"username": "HENRY@example.org", "password": PASSWORD}).status_code == 302
    client.logout()
    assert client.post("/accounts/login/", {"username": "henry", "password": PASSWORD}).status_code == 302
    client.logout()
    wrong = client.post("/accounts/login/", {"username": "henry@example.org", "password": "nope"})
    assert wrong.status_code == 200 and b"didn't match" in wrong.content


def test_a_shared_address_logs_in_nobody_by_email(client, make_user):
    make_user("ivy")
    get_user_model().objects.create_user("ivy2", email="ivy@example.org", password=PASSWORD)
    assert client.post("/accounts/login/", {"username": "ivy@example.org", "password": PASSWORD}).status_code == 200


def test_password_reset_by_email(client, make_user, commits):
    user = make_user("jane")
    response = client.post("/accounts/password-reset/", {"email": "Jane@example.org"})
    assert response.status_code == 302
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["jane@example.org"]
    assert mail.outbox[0].subject == "Your Cardroom password"
    page = client.get(_link(mail.outbox[0]), follow=True)
    client.post(page.redirect_chain[-1][0], {"new_password1": NEW, "new_password2": NEW})
    user.refresh_from_db()
    assert user.check_password(NEW)


def test_a_reset_for_an_unknown_address_sends_nothing_and_says_the_same(client, commits):
    response = client.post("/accounts/password-reset/", {"email": "nobody@example.org"}, follow=True)
    assert b"If an account has that address" in response.content and mail.outbox == []


def test_sign_up_mails_a_link_to_set_the_password_then_a_director_links_the_membership(client, club, member,
                                                                                      director, commits):
    response = client.post("/accounts/signup/", {"first_name": "Kit", "last_name": "Marlowe",
                                                 "email": "kit@example.org"})
    assert response.status_code == 200 and b"Check your email" in response.content
    assert mail.outbox[0].to == ["kit@example.org"] and "set your password" in mail.outbox[0].subject
    page = client.get(_link(mail.outbox[0]), follow=True)
    client.post(page.redirect_chain[-1][0], {"new_password1": NEW, "new_password2": NEW})
    user = get_user_model().objects.get(email="kit@example.org")
    assert user.check_password(NEW)
    client.post("/accounts/link/", {"club": club.pk, "membership_number": "101", "note": "Ada's nephew"})
    request = LinkRequest.objects.get(user=user)
    client.force_login(director)
    page = client.get(f"/clubs/{club.slug}/members/requests/").content.decode()
    assert "Ada&#x27;s nephew" in page and f'<option value="{member.pk}" selected>' in page
    client.post(f"/clubs/{club.slug}/members/requests/{request.pk}/", {f"r{request.pk}-decision": "approve",
                                                                        f"r{request.pk}-member": member.pk})
    member.refresh_from_db()
    assert member.user == user


def test_sign_up_with_a_known_address_reminds_the_owner(client, make_user, commits):
    make_user("lena")
    response = client.post("/accounts/signup/", {"first_name": "L", "last_name": "X", "email": "lena@example.org"})
    assert b"Check your email" in response.content
    assert mail.outbox[0].subject == "You already have a Cardroom account"
    assert get_user_model().objects.filter(email__iexact="lena@example.org").count() == 1


def test_email_change_waits_for_the_new_address_to_confirm(client, make_user, commits):
    user = make_user("mona")
    client.force_login(user)
    bad = client.post("/accounts/email/", {"email": "mona@new.example.org", "password": "wrong"})
    assert bad.status_code == 400 and b'value="mona@new.example.org"' in bad.content
    client.post("/accounts/email/", {"email": "mona@new.example.org", "password": PASSWORD})
    user.refresh_from_db()
    assert user.email == "mona@example.org"
    assert mail.outbox[0].to == ["mona@new.example.org"]
    assert client.get(_link(mail.outbox[0])).status_code == 200
    user.refresh_from_db()
    assert user.email == "mona@new.example.org"
    assert client.get(_link(mail.outbox[0])).status_code == 400  # the old address changed since


def test_a_forged_email_change_link_is_a_400(client):
    assert client.get("/accounts/email/confirm/not-a-token/").status_code == 400


def test_a_failing_mail_server_does_not_fail_the_invitation(club, member, director, commits, settings, monkeypatch):
    from django.core.mail.backends.locmem import EmailBackend

    def down(self, messages):
        raise ConnectionRefusedError("mail server down")

    monkeypatch.setattr(EmailBackend, "send_messages", down)
    invitation = services.member_invite(member=member, by=director)
    assert Invitation.objects.filter(pk=invitation.pk).exists()
