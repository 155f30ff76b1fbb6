"""Writers for accounts: invitations, sign-up, link requests and email changes. Emails go out
through ``accounts.tasks`` after the transaction commits."""
from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core import signing
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.text import slugify

from cardroom.errors import Conflict
from cardroom.tasks import enqueue_once_on_commit
from clubs.models import Club, Member

from .mail import EMAIL_CHANGE_SALT
from .models import Invitation, LinkRequest, LinkStatus

EMAIL_CHANGE_MAX_AGE = 3 * 24 * 3600


def _send(kind: str, user, extra: dict | None = None) -> None:
    from .tasks import send_account_mail

    enqueue_once_on_commit(send_account_mail, kind, user.pk, extra or {})


def user_by_email(email: str):
    """The one account with this address (case-insensitive), or None; two accounts sharing it
    is a ValidationError naming ``email``."""
    users = list(get_user_model()._default_manager.filter(email__iexact=email.strip())[:2])
    if len(users) > 1:
        raise ValidationError({"email": ["Two accounts share this address; a site administrator must "
                                         "separate them first."]})
    return users[0] if users else None


def _username_for(email: str) -> str:
    User = get_user_model()
    base = (slugify(email.split("@")[0]) or "player")[:140]
    name, n = base, 1
    while User._default_manager.filter(username__iexact=name).exists():
        n += 1
        name = f"{base}{n}"
    return name


def _new_user(*, email: str, first_name: str = "", last_name: str = ""):
    """An account with no password yet: its owner sets one from the emailed link."""
    User = get_user_model()
    user = User(username=_username_for(email), email=email.strip(), first_name=first_name[:150],
                last_name=last_name[:150])
    user.set_unusable_password()
    user.full_clean()
    user.save()
    return user


def _link(*, member: Member, user) -> None:
    """``user`` becomes ``member``'s login (one member per login per club)."""
    if member.user_id == user.pk:
        return
    if member.user_id is not None:
        raise Conflict(f"{member.full_name} is already linked to another account.")
    if Member.objects.filter(club_id=member.club_id, user=user).exists():
        raise Conflict(f"This account is already linked to another member of {member.club.name}.")
    member.user = user
    member.save(update_fields=["user"])


@transaction.atomic
def member_invite(*, member: Member, by=None) -> Invitation:
    """Invite ``member`` by email: their account (made now if the address has none) gets a link
    to set a password; setting it, or logging in, claims the membership."""
    member = Member.objects.select_for_update().select_related("club").get(pk=member.pk)
    if not member.email:
        raise ValidationError({"email": [f"{member.full_name} has no email address to invite."]})
    if member.user_id is not None:
        raise Conflict(f"{member.full_name} already has an account ({member.user.username}).")
    user = user_by_email(member.email) or _new_user(email=member.email, first_name=member.first_name,
                                                     last_name=member.last_name)
    if Member.objects.filter(club_id=member.club_id, user=user).exists():
        raise Conflict(f"The account of {member.email} is already linked to another member of {member.club.name}.")
    invitation = Invitation.objects.create(member=member, user=user, email=member.email, invited_by=by)
    _send("invitation", user, {"invitation": invitation.pk})
    return invitation


def members_invite(*, club: Club, member_ids, by=None) -> tuple[list[Member], list[tuple[Member, str]]]:
    """Invite several members of ``club``: (invited, [(member, why not)])."""
    invited, skipped = [], []
    for member in Member.objects.filter(club=club, pk__in=list(member_ids)).order_by("last_name", "first_name"):
        try:
            member_invite(member=member, by=by)
        except (ValidationError, Conflict) as exc:
            why = exc.detail if isinstance(exc, Conflict) else "; ".join(m for ms in exc.message_dict.values()
                                                                         for m in ms)
            skipped.append((member, why))
        else:
            invited.append(member)
    return invited, skipped


@transaction.atomic
def invitations_claim(*, user) -> list[Member]:
    """Link ``user`` to every membership they were invited to and not yet linked (called when
    they set their password from the link, and when they log in)."""
    claimed = []
    pending = (Invitation.objects.select_for_update().filter(user=user, claimed_at__isnull=True)
               .select_related("member__club"))
    for invitation in pending:
        member = invitation.member
        if member.user_id is None and not Member.objects.filter(club_id=member.club_id, user=user).exists():
            member.user = user
            member.save(update_fields=["user"])
            claimed.append(member)
        invitation.claimed_at = timezone.now()
        invitation.save(update_fields=["claimed_at"])
    return claimed


@transaction.atomic
def account_register(*, email: str, first_name: str, last_name: str):
    """Sign up: an account with no password and an emailed link to set one (which proves the
    address). An address that has an account already gets a reminder instead (the page says
    the same either way, so nobody learns who has an account). Returns the new user or None."""
    existing = user_by_email(email)
    if existing is not None:
        _send("exists", existing)
        return None
    user = _new_user(email=email, first_name=first_name, last_name=last_name)
    _send("welcome", user)
    return user


@transaction.atomic
def link_request_create(*, user, club: Club, membership_number: str = "", note: str = "") -> LinkRequest:
    if Member.objects.filter(club=club, user=user).exists():
        raise Conflict(f"Your account is already linked to your membership of {club.name}.")
    if LinkRequest.objects.filter(user=user, club=club, status=LinkStatus.PENDING).exists():
        raise Conflict(f"You have asked {club.name} already; a director will answer.")
    request = LinkRequest(user=user, club=club, membership_number=membership_number.strip(), note=note.strip())
    request.full_clean()
    request.save()
    return request


@transaction.atomic
def link_request_decide(*, link_request: LinkRequest, by, approve: bool, member: Member | None = None) -> LinkRequest:
    """A director approves (linking ``member``) or declines a pending request."""
    link_request = LinkRequest.objects.select_for_update().get(pk=link_request.pk)
    if link_request.status != LinkStatus.PENDING:
        raise Conflict(f"This request was {link_request.get_status_display().lower()} already.")
    if approve:
        if member is None or member.club_id != link_request.club_id:
            raise ValidationError({"member": ["Choose the member of this club to link."]})
        _link(member=Member.objects.select_for_update().get(pk=member.pk), user=link_request.user)
        link_request.member = member
    link_request.status = LinkStatus.APPROVED if approve else LinkStatus.DECLINED
    link_request.decided_by, link_request.decided_at = by, timezone.now()
    link_request.save()
    return link_request


def email_change_request(*, user, email: str) -> None:
    """Send a confirmation link to the new address; the email changes when it is followed."""
    email = email.strip()
    if email.lower() == (user.email or "").lower():
        raise ValidationError({"email": ["That is your address already."]})
    if get_user_model()._default_manager.filter(email__iexact=email).exclude(pk=user.pk).exists():
        raise ValidationError({"email": ["Another account uses this address."]})
    with transaction.atomic():
        _send("email-change", user, {"email": email})


@transaction.atomic
def email_change_confirm(*, token: str):
    """Follow a confirmation link: the account's email becomes the new address. A link that is
    forged, expired, or made before another change is a ValidationError naming ``token``."""
    try:
        data = signing.loads(token, salt=EMAIL_CHANGE_SALT, max_age=EMAIL_CHANGE_MAX_AGE)
    except signing.SignatureExpired:
        raise ValidationError({"token": ["This link has expired: ask for the change again."]}) from None
    except signing.BadSignature:
        raise ValidationError({"token": ["This link is not valid."]}) from None
    User = get_user_model()
    user = User._default_manager.select_for_update().filter(pk=data.get("user")).first()
    if user is None or (user.email or "") != data.get("old"):
        raise ValidationError({"token": ["This link is no longer valid: the address was changed since."]})
    if User._default_manager.filter(email__iexact=data["new"]).exclude(pk=user.pk).exists():
        raise ValidationError({"token": ["Another account uses this address now."]})
    user.email = data["new"]
    user.save(update_fields=["email"])
    return user


@transaction.atomic
def member_results_email_set(*, member: Member, on: bool) -> Member:
    """Opt in or out of the results email for one membership."""
    Member.objects.filter(pk=member.pk).update(results_by_email=bool(on))
    member.results_by_email = bool(on)
    return member
