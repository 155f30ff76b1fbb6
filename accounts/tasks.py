"""Sending email through Celery: tasks take ids, re-read, send. A mail server that is down is
retried with a growing delay (with a broker); results emails record every failure on their
``ResultsMail`` row, so a director sees it and resends. No failure reaches the request that
queued the email: publishing and inviting succeed whatever the mail server does."""
import logging
import smtplib

from celery import shared_task

from . import mail

log = logging.getLogger(__name__)
MAX_RETRIES = 5
SEND_ERRORS = (smtplib.SMTPException, OSError)


def retry_delay(retries: int) -> int:
    """Seconds before the next attempt: 1, 2, 4, 8, 16 minutes."""
    return 60 * 2 ** retries


@shared_task(name="accounts.send_account_mail", bind=True, max_retries=MAX_RETRIES)
def send_account_mail(self, kind: str, user_id: int, extra: dict | None = None) -> dict:
    try:
        sent = mail.account_mail_send(kind=kind, user_id=user_id, extra=extra)
    except SEND_ERRORS as exc:
        if self.request.is_eager or self.request.retries >= MAX_RETRIES:
            log.warning("account email %s to user %s not sent: %s: %s", kind, user_id, type(exc).__name__, exc)
            return {"sent": False, "error": str(exc)}
        raise self.retry(exc=exc, countdown=retry_delay(self.request.retries))
    return {"sent": sent}


@shared_task(name="accounts.queue_results_mail")
def queue_results_mail(event_id: int) -> dict:
    """After a publish: queue the results email of each player who opted in (idempotent:
    who has been sent theirs is skipped)."""
    from tournaments.models import Event

    from .services_results import results_mail_queue

    event = Event.objects.filter(pk=event_id, status="published").select_related("club").first()
    if event is None:
        return {"event_id": event_id, "queued": 0}
    return {"event_id": event_id, "queued": len(results_mail_queue(event=event))}


@shared_task(name="accounts.send_results_mail", bind=True, max_retries=MAX_RETRIES)
def send_results_mail(self, mail_id: int) -> dict:
    """Send one queued results email and record the outcome; a mail server that refuses is
    retried later (with a broker), and a failure stays on the row for the director to see."""
    from .models import MailStatus, ResultsMail
    from .results_mail import results_message
    from .services_results import results_mail_record

    mail_row = ResultsMail.objects.select_related("event__club", "member__user").filter(pk=mail_id).first()
    if mail_row is None or mail_row.status == MailStatus.SENT:
        return {"mail_id": mail_id, "sent": False}
    try:
        message = results_message(event=mail_row.event, member=mail_row.member, email=mail_row.email)
        if message is None:
            results_mail_record(mail_id=mail_id, sent=False, error="The member did not play this event.")
            return {"mail_id": mail_id, "sent": False}
        message.send()
    except SEND_ERRORS as exc:
        results_mail_record(mail_id=mail_id, sent=False, error=f"{type(exc).__name__}: {exc}")
        if not self.request.is_eager and self.request.retries < MAX_RETRIES:
            raise self.retry(exc=exc, countdown=retry_delay(self.request.retries))
        return {"mail_id": mail_id, "sent": False}
    except Exception as exc:  # a results email must not take anything else down with it: record it
        log.exception("results email %s could not be made", mail_id)
        results_mail_record(mail_id=mail_id, sent=False, error=f"{type(exc).__name__}: {exc}")
        return {"mail_id": mail_id, "sent": False}
    results_mail_record(mail_id=mail_id, sent=True)
    return {"mail_id": mail_id, "sent": True}
