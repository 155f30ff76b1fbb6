"""Reads for the account pages and the directors' member pages."""
from __future__ import annotations

from clubs.models import Club, Member

from .models import Invitation, LinkRequest, LinkStatus


def account_overview(*, user) -> dict:
    """The player's memberships (every club, one login), their pending requests and invitations."""
    memberships = list(Member.objects.filter(user=user).select_related("club").order_by("club__name"))
    return {"memberships": memberships,
            "requests": list(LinkRequest.objects.filter(user=user).select_related("club", "member")[:20]),
            "has_password": user.has_usable_password()}


def club_link_requests(*, club: Club):
    return LinkRequest.objects.filter(club=club, status=LinkStatus.PENDING).select_related("user")


def member_account(*, member: Member) -> dict:
    """A member's account state for the director: linked, invited (when), or neither."""
    invitation = Invitation.objects.filter(member=member).select_related("invited_by").first()
    return {"linked": member.user_id is not None, "invitation": invitation}
