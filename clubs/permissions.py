"""Who may do what in a club: roles are per club, director > scorer > player."""
from __future__ import annotations

from django.contrib.auth.models import AnonymousUser

from .models import ROLE_RANK, Club, ClubRole, Member, Role


def club_role(user, club: Club) -> str | None:
    """The user's role in the club (a linked active Member counts as a player), or None."""
    if user is None or isinstance(user, AnonymousUser) or not user.is_authenticated:
        return None
    cache = getattr(user, "_cardroom_roles", None)
    if cache is None:
        cache = user._cardroom_roles = {}
    if club.pk not in cache:
        role = ClubRole.objects.filter(club=club, user=user).values_list("role", flat=True).first()
        if role is None and Member.objects.filter(club=club, user=user, active=True).exists():
            role = Role.PLAYER
        cache[club.pk] = role
    return cache[club.pk]


def has_role(user, club: Club, minimum: str) -> bool:
    """True if the user is at least `minimum` in the club; site superusers always are."""
    if getattr(user, "is_superuser", False):
        return True
    role = club_role(user, club)
    return role is not None and ROLE_RANK[Role(role)] >= ROLE_RANK[Role(minimum)]


def is_director(user, club: Club) -> bool:
    return has_role(user, club, Role.DIRECTOR)


def is_scorer(user, club: Club) -> bool:
    return has_role(user, club, Role.SCORER)


def is_player(user, club: Club) -> bool:
    return has_role(user, club, Role.PLAYER)
