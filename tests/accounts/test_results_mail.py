"""Results by email (locmem backend): publishing mails the players who opted in their ranking
and score card (HTML, and the PDF attached) from the club, once; a director resends; a mail
server that is down loses nothing; the one-click unsubscribe."""
import pytest
from django.core import mail

from accounts.models import ResultsMail
from accounts.results_mail import unsubscribe_token
from clubs import services as club_services
from scoring.models import Standing
from tests.accounts.factories_accounts import published_event
from tests.tournaments.factories_event import make_members
from tournaments.models import Event

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("commits")]


@pytest.fixture
def members(club, make_user):
    club_services.club_update(club=club, reply_to="results@testclub.example.org")
    members = make_members(club, 8)
    user = make_user("wendy")
    club_services.member_update(member=members[0], user=user, results_by_email=True)
    club_services.member_update(member=members[3], email="fourth@example.org", results_by_email=True)
    club_services.member_update(member=members[5], email="sixth@example.org")  # has not opted in
    return members


def test_publishing_mails_each_player_who_asked_their_ranking_and_score_card(api_as, club, director, members):
    event = published_event(api_as(director), club, members, name="Monday pairs")
    assert sorted(m.to[0] for m in mail.outbox) == ["fourth@example.org", "wendy@example.org"]
    message = next(m for m in mail.outbox if m.to == ["wendy@example.org"])
    assert message.subject == f"Test Club: your results of Monday pairs, {event.date:%-d %B %Y}"
    assert message.from_email.startswith("Test Club <") and message.reply_to == ["results@testclub.example.org"]
    standing = Standing.objects.get(event=event, entry__member_a=members[0])
    assert f"you came {standing.rank}" in message.body and "First2 Last2" in message.body
    assert f"{standing.percentage:.2f}%" in message.body and "<- you" in message.body
    assert "First1 Last1 & First2 Last2" in message.body and "&amp;" not in message.body  # plain text
    html = message.alternatives[0][0]
    assert html.count('class="own"') == 1 and 'id="score-card"' in html and "/handrecord/" in html
    assert message.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    [(name, content, mime)] = message.attachments
    assert mime == "application/pdf" and content.startswith(b"%PDF") and name.endswith(f"-{event.labels[0]}.pdf")
    assert set(ResultsMail.objects.filter(event=event).values_list("status", flat=True)) == {"sent"}


def test_publishing_again_mails_nobody_twice_but_a_director_can_resend(client, api_as, club, director, members):
    api = api_as(director)
    event = published_event(api, club, members)
    base = f"/api/clubs/{club.slug}/events/{event.pk}"
    assert api.post(f"{base}/unpublish/").status_code == 200 and api.post(f"{base}/publish/").status_code == 200
    assert len(mail.outbox) == 2
    client.force_login(director)
    page = client.get(f"/clubs/{club.slug}/events/{event.pk}/results-mail/").content.decode()
    assert page.count("Sent") == 2 and "fourth@example.org" in page
    client.post(f"/clubs/{club.slug}/events/{event.pk}/results-mail/", {"member": members[3].pk})
    assert len(mail.outbox) == 3 and mail.outbox[-1].to == ["fourth@example.org"]
    client.post(f"/clubs/{club.slug}/events/{event.pk}/results-mail/")
    assert len(mail.outbox) == 5


def test_a_mail_server_that_is_down_loses_no_results(api_as, club, director, members, monkeypatch):
    from django.core.mail.backends.locmem import EmailBackend

    def down(self, messages):
        raise ConnectionRefusedError("mail server down")

    with monkeypatch.context() as patched:
        patched.setattr(EmailBackend, "send_messages", down)
        event = published_event(api_as(director), club, members)
    assert Event.objects.get(pk=event.pk).status == "published" and Standing.objects.filter(event=event).exists()
    failed = ResultsMail.objects.filter(event=event)
    assert failed.count() == 2 and all(m.status == "failed" and "mail server down" in m.error for m in failed)
    from accounts.services_results import results_mail_queue

    results_mail_queue(event=Event.objects.get(pk=event.pk))  # the failed ones go again, the sent would not
    assert len(mail.outbox) == 2 and set(failed.values_list("status", "attempts")) == {("sent", 2)}


def test_one_click_unsubscribe(client, club, members):
    member = members[3]
    url = f"/accounts/unsubscribe/{unsubscribe_token(member)}/"
    page = client.get(url)
    assert page.status_code == 200 and b"Stop emailing First4" in page.content
    member.refresh_from_db()
    assert member.results_by_email  # a GET (a link checker) changes nothing
    assert client.post(url).status_code == 200  # no session, no CSRF token: the mail program's one click
    member.refresh_from_db()
    assert not member.results_by_email
    assert client.post("/accounts/unsubscribe/forged-token/").status_code == 400
    assert client.get(f"/accounts/unsubscribe/{unsubscribe_token(member)[:-2]}xx/").status_code == 400


def test_results_mail_page_by_role(client, api_as, club, director, members, player, other_club, make_user):
    event = published_event(api_as(director), club, members)
    url = f"/clubs/{club.slug}/events/{event.pk}/results-mail/"
    assert client.get(url).status_code == 302
    client.force_login(player)
    assert client.get(url).status_code == 403 and client.post(url).status_code == 403
    stranger = make_user("otto")
    club_services.role_grant(club=other_club, user=stranger, role="director")
    client.force_login(stranger)
    assert client.get(url).status_code == 403
    assert client.get(f"/clubs/{other_club.slug}/events/{event.pk}/results-mail/").status_code == 404
    client.force_login(director)
    sent = len(mail.outbox)
    for bad in ({"member": "x"}, {"member": "99999999999999999999999"}, {"member": "\x00"}):
        assert client.post(url, bad, follow=True).status_code == 200
    assert len(mail.outbox) == sent
    assert client.get(f"/clubs/{club.slug}/events/999999/results-mail/").status_code == 404


def test_a_party_player_gets_the_ranking_and_a_tally_link_without_a_score_card(club, members):
    from accounts.services_results import results_mail_queue
    from tournaments.models.party import Party, PartyPlayer, PartyStanding

    event = Event.objects.create(club=club, name="Euchre night", date="2026-02-02", game="progressive_euchre",
                                 status="published")
    party = Party.objects.create(event=event)
    for position, (member, label, points) in enumerate([(members[3], "4", 52), (None, "9", 47)], start=1):
        player = PartyPlayer.objects.create(party=party, label=label, name=member.full_name if member else "A Guest",
                                            member=member)
        PartyStanding.objects.create(party=party, player=player, position=position, rank=position, points=points)
    results_mail_queue(event=event)
    [message] = mail.outbox
    assert message.to == ["fourth@example.org"] and message.attachments == []
    assert "you came 1 " in message.body.replace(",", " ") and "52" in message.body and "A Guest" in message.body
    assert f"/events/{event.pk}/party/tally/4/" in message.body
    assert message.alternatives[0][0].count('class="own"') == 1


def test_with_a_broker_a_refused_send_is_retried_later_and_recorded(api_as, club, director, members, monkeypatch):
    """The worker's branch (not eager): the failure is written down, then the task asks Celery
    to run it again in 2 minutes (the second attempt); the eager branch above cannot reach it."""
    from celery.exceptions import Retry
    from django.core.mail.backends.locmem import EmailBackend

    from accounts.tasks import send_results_mail

    with monkeypatch.context() as patched:
        patched.setattr(EmailBackend, "send_messages", lambda self, messages: (_ for _ in ()).throw(
            ConnectionRefusedError("mail server down")))
        event = published_event(api_as(director), club, members)
        row = ResultsMail.objects.filter(event=event).first()
        delays = []

        def retry(exc=None, countdown=None, **kwargs):
            delays.append(countdown)
            raise Retry()

        patched.setattr(send_results_mail, "retry", retry)
        send_results_mail.push_request(is_eager=False, retries=1, called_directly=False)
        try:
            with pytest.raises(Retry):
                send_results_mail.run(row.pk)
        finally:
            send_results_mail.pop_request()
    row.refresh_from_db()
    assert delays == [120] and row.status == "failed" and row.attempts == 2
