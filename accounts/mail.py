"""Building the account emails from templates (a text and an HTML part each). The links carry
Django's own tokens: ``default_token_generator`` for invitations and password resets (it
expires once the password changes), ``django.core.signing`` for an email change."""
from __future__ import annotations

from email.utils import formataddr, parseaddr

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.tokens import default_token_generator
from django.core import signing
from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

EMAIL_CHANGE_SALT = "accounts.email-change"
KINDS = ("invitation", "welcome", "reset", "exists", "email-change")


def site_url() -> str:
    """The start of every link in an email (no request to take the host from)."""
    return (settings.CARDROOM_PUBLIC_URL or settings.CARDROOM_MAIL_URL_FALLBACK).rstrip("/")


def club_sender(club) -> str:
    """The site's sending address under the club's name: "Riverside Bridge Club <cardroom@...>"."""
    return formataddr((club.name, parseaddr(settings.DEFAULT_FROM_EMAIL)[1]))


def absolute(path: str) -> str:
    return site_url() + path


def compose(*, to: str, template: str, context: dict, reply_to: str = "", headers: dict | None = None,
            attachments=()) -> EmailMultiAlternatives:
    """An email from ``accounts/mail/<template>.txt`` (the first line is the subject) and
    ``<template>.html``."""
    context = {"site_url": site_url(), **context}
    text = render_to_string(f"accounts/mail/{template}.txt", context).lstrip()
    subject, _, body = text.partition("\n")
    message = EmailMultiAlternatives(subject=subject.strip(), body=body.lstrip("\n"), to=[to],
                                     reply_to=[reply_to] if reply_to else None, headers=headers or {})
    message.attach_alternative(render_to_string(f"accounts/mail/{template}.html", context), "text/html")
    for name, content, mime in attachments:
        message.attach(name, content, mime)
    return message


def password_link(user, url_name: str) -> str:
    """A one-time link to set the password (an invitation, a welcome or a reset): Django's
    password-reset token, void once the password changes."""
    uid = urlsafe_base64_encode(force_bytes(user.pk))
    token = default_token_generator.make_token(user)
    return absolute(reverse(url_name, kwargs={"uidb64": uid, "token": token}))


def email_change_token(user, new_email: str) -> str:
    return signing.dumps({"user": user.pk, "old": user.email, "new": new_email}, salt=EMAIL_CHANGE_SALT)


def account_message(kind: str, user, extra: dict | None = None) -> EmailMultiAlternatives | None:
    """The email of ``kind`` for ``user``, or None if there is nothing to send any more."""
    from .models import Invitation

    extra = extra or {}
    context = {"user": user, "login_url": absolute(reverse("login"))}
    if kind == "invitation":
        invitation = Invitation.objects.select_related("member__club", "invited_by").filter(
            pk=extra.get("invitation"), user=user).first()
        if invitation is None or invitation.claimed_at is not None:
            return None
        club = invitation.member.club
        context.update(invitation=invitation, club=club, member=invitation.member,
                       link=password_link(user, "invitation-accept"), has_password=user.has_usable_password())
        message = compose(to=invitation.email, template="invitation", context=context, reply_to=club.reply_to)
        message.from_email = club_sender(club)
        return message
    if kind == "email-change":
        new = extra.get("email", "")
        context.update(new_email=new, link=absolute(reverse("email-change-confirm", kwargs={
            "token": email_change_token(user, new)})))
        return compose(to=new, template="email_change", context=context)
    if not user.email:
        return None
    if kind == "welcome":
        context["link"] = password_link(user, "invitation-accept")
    elif kind == "reset":
        context["link"] = password_link(user, "password_reset_confirm")
    elif kind == "exists":
        context["link"] = absolute(reverse("password_reset"))
    else:
        raise ValueError(f"no account email {kind!r}")
    return compose(to=user.email, template=kind, context=context)


def account_mail_send(*, kind: str, user_id: int, extra: dict | None = None) -> bool:
    """Send one account email now; False if there was nothing to send (a claimed invitation,
    a deleted user). Raises what the mail server raises."""
    user = get_user_model()._default_manager.filter(pk=user_id).first()
    if user is None:
        return False
    message = account_message(kind, user, extra)
    if message is None:
        return False
    message.send()
    return True
