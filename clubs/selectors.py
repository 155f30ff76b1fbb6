"""Reads for clubs and members."""
from __future__ import annotations

from django.db.models import Q, QuerySet

from .models import Club, Member


def club_members(*, club: Club, search: str = "", active: bool | None = None) -> QuerySet[Member]:
    """Members of one club, optionally filtered by a name/number/email search and active flag."""
    qs = Member.objects.filter(club=club).select_related("user")
    if active is not None:
        qs = qs.filter(active=active)
    for word in search.split():
        qs = qs.filter(
            Q(first_name__icontains=word)
            | Q(last_name__icontains=word)
            | Q(membership_number__iexact=word)
            | Q(email__icontains=word)
        )
    return qs


def clubs_for_user(user) -> QuerySet[Club]:
    """Clubs the user holds a role in or is a member of (all clubs for superusers)."""
    if getattr(user, "is_superuser", False):
        return Club.objects.all()
    return Club.objects.filter(Q(roles__user=user) | Q(members__user=user, members__active=True)).distinct()
