"""Reads for clubs and members."""
from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db.models import Q, QuerySet

from cardroom.inputs import is_whole
from cardroom.limits import MAX_ID

from .models import Club, Member


def club_member(*, club: Club, member: Member | int | str) -> Member:
    """The club's member given as a Member or an id (as a body or a form sends it); anything
    else, or a member of another club, is a ``ValidationError`` naming ``member``."""
    member_id = member.pk if isinstance(member, Member) else member
    found = None
    if is_whole(member_id, max_digits=len(str(MAX_ID))) and int(str(member_id)) <= MAX_ID:
        found = Member.objects.filter(club=club, pk=member_id).first()
    if found is None:
        raise ValidationError({"member": [f"no member {member_id} in this club"]})
    return found


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


@dataclass(frozen=True)
class PlayerMatch:
    """What a typed player name is: exactly one active member, several to choose from, or
    nobody (a guest of that name)."""

    text: str
    member: Member | None = None
    choices: tuple[Member, ...] = ()
    guest: str = ""


GUEST_PREFIX = "guest:"


def player_match(*, club: Club, text: str) -> PlayerMatch:
    """Resolve a typed player: the type-ahead's "Last, First (number)", a membership number,
    "First Last" or "Last, First" (any case) among the club's active members; "guest:Name"
    asks for a guest even when a member has that name."""
    text = str(text or "")
    if any(ord(c) < 32 for c in text):
        return PlayerMatch(text, guest=text)  # no member's name; as a guest's it is refused with the reason
    text = " ".join(text.split())
    if text.lower().startswith(GUEST_PREFIX):
        return PlayerMatch(text, guest=text[len(GUEST_PREFIX):].strip())
    active = Member.objects.filter(club=club, active=True)
    name = text
    if "(" in text and text.endswith(")"):
        number = text[text.rindex("(") + 1:-1].strip()
        member = active.filter(membership_number=number).first()
        if member:
            return PlayerMatch(text, member=member)
        name = text[:text.rindex("(")].strip()
    member = active.filter(membership_number__iexact=name).first()
    if member:
        return PlayerMatch(text, member=member)
    found = list(active.filter(_name_query(name)).distinct()) if name else []
    if len(found) == 1:
        return PlayerMatch(text, member=found[0])
    if found:
        return PlayerMatch(text, choices=tuple(found))
    return PlayerMatch(text, guest=name)


def _name_query(name: str) -> Q:
    """"Last, First", or "First Last" split at any space (a first or last name may have two words)."""
    if "," in name:
        last, first = (part.strip() for part in name.split(",", 1))
        return Q(last_name__iexact=last, first_name__iexact=first)
    words = name.split()
    query = Q(pk__in=[])
    for i in range(1, len(words)):
        query |= Q(first_name__iexact=" ".join(words[:i]), last_name__iexact=" ".join(words[i:]))
    return query
