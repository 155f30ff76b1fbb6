"""Writers for the results email: queue one ``ResultsMail`` a player who asked for them when
an event is published (a director may resend), send each by a task, record the outcome, and
the one-click unsubscribe. Publishing never waits for, or fails by, a mail server."""
from __future__ import annotations

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from cardroom.errors import Conflict
from cardroom.tasks import enqueue_once_on_commit
from clubs.models import Member
from tournaments.models import Entry, EventStatus, TeamPlayer
from tournaments.models.party import PartyPlayer
from tournaments.models.patience import PatiencePlayer

from .models import MailStatus, ResultsMail


def event_players(event):
    """The members who played ``event``, whatever the game."""
    ids = set()
    for a, b in Entry.objects.filter(event=event).values_list("member_a_id", "member_b_id"):
        ids.update(x for x in (a, b) if x)
    ids.update(TeamPlayer.objects.filter(team__event=event, member__isnull=False).values_list("member_id", flat=True))
    ids.update(PartyPlayer.objects.filter(party__event=event, member__isnull=False).values_list("member_id",
                                                                                               flat=True))
    ids.update(PatiencePlayer.objects.filter(patience__event=event, member__isnull=False)
               .values_list("member_id", flat=True))
    return Member.objects.filter(pk__in=ids).select_related("user")


def member_address(member) -> str:
    """Where a member's email goes: their login's address, else the club's record."""
    user = member.user
    return (user.email if user is not None and user.email else member.email) or ""


@transaction.atomic
def results_mail_queue(*, event, resend: bool = False, member=None) -> list[ResultsMail]:
    """Queue the results email of a published event to every player who opted in (or one
    ``member``). Already sent ones are skipped unless ``resend`` (a director's Send again), so
    publishing twice mails nobody twice. Each send is a task after commit."""
    from .tasks import send_results_mail

    if event.status != EventStatus.PUBLISHED:
        raise Conflict("Results are emailed once the event is published.")
    players = event_players(event).filter(results_by_email=True)
    if member is not None:
        players = players.filter(pk=member.pk)
    queued = []
    for player in players:
        email = member_address(player)
        if not email:
            continue
        mail, created = ResultsMail.objects.select_for_update().get_or_create(
            event=event, member=player, defaults={"email": email})
        if not created:
            if mail.status == MailStatus.SENT and not resend:
                continue
            mail.email, mail.status, mail.error = email, MailStatus.QUEUED, ""
            mail.save(update_fields=["email", "status", "error", "updated_at"])
        enqueue_once_on_commit(send_results_mail, mail.pk, background=True)
        queued.append(mail)
    return queued


def results_mail_record(*, mail_id: int, sent: bool, error: str = "") -> None:
    """Write down one attempt: sent (when), or failed (why)."""
    fields = {"status": MailStatus.SENT if sent else MailStatus.FAILED, "error": error[:2000],
              "updated_at": timezone.now()}
    if sent:
        fields["sent_at"] = timezone.now()
    ResultsMail.objects.filter(pk=mail_id).update(attempts=F("attempts") + 1, **fields)


@transaction.atomic
def member_unsubscribe(*, member_id: int) -> Member | None:
    """The one-click unsubscribe: no more results emails for this membership."""
    member = Member.objects.select_related("club").filter(pk=member_id).first()
    if member is not None:
        Member.objects.filter(pk=member.pk).update(results_by_email=False)
        member.results_by_email = False
    return member
