"""The trash: deleting a club, member or event (a party is its event) hides it for TRASH_DAYS,
during which a director of the club restores it; a periodic task then deletes it for good.

Deleting something that holds results asks first: ``trash_put`` without ``confirm`` raises
``DeleteNeedsConfirmation`` naming what would go ("3 sections, 54 results, 12 standings"),
so one careless call never takes an evening's results or a club of 100,000 members."""
from __future__ import annotations

from datetime import timedelta
import logging

from django.db import transaction
from django.db.models import ProtectedError, Q
from django.utils import timezone

from cardroom.trash import TRASH_DAYS
from clubs.models import Club, Member

log = logging.getLogger(__name__)
KINDS = ("club", "member", "event")


class DeleteNeedsConfirmation(Exception):
    """Deleting this would take results (or a whole club) with it: say so, and ask."""

    def __init__(self, what: str, contents: dict[str, int]):
        self.what, self.contents = what, contents
        super().__init__(f"{what} holds {describe(contents)}; deleting it moves all of that to the trash "
                         f"(restorable for {TRASH_DAYS} days). Confirm to go ahead.")


def describe(contents: dict[str, int]) -> str:
    """``{"sections": 3, "results": 54}`` -> ``"3 sections, 54 results"`` (zeros left out)."""
    parts = [f"{n} {name if n != 1 else name.removesuffix('s')}" for name, n in contents.items() if n]
    return ", ".join(parts) or "nothing else"


def event_contents(event) -> dict[str, int]:
    from scoring.models import Standing
    from tournaments.models import PartyTableReport, PartyStar, Result

    return {"sections": event.sections.count(), "entries": event.entries.count(),
            "results": Result.objects.filter(event=event).count() + PartyTableReport.objects.filter(
                round__party__event=event).count(),
            "stars": PartyStar.objects.filter(round__party__event=event).count(),
            "standings": Standing.objects.filter(event=event).count()}


def member_contents(member: Member) -> dict[str, int]:
    from tournaments.models import Entry, PartyPlayer

    return {"entries": Entry.objects.filter(Q(member_a=member) | Q(member_b=member)).count(),
            "party places": PartyPlayer.objects.filter(member=member).count()}


def club_contents(club: Club) -> dict[str, int]:
    from tournaments.models import Event, Result

    return {"events": Event.objects.filter(club=club).count(), "members": Member.objects.filter(club=club).count(),
            "results": Result.objects.filter(event__club=club).count()}


def contents(obj) -> dict[str, int]:
    return {"club": club_contents, "member": member_contents, "event": event_contents}[kind_of(obj)](obj)


def needs_confirmation(obj, found: dict[str, int]) -> bool:
    """An event with results, stars or standings, a member who played, a club with any event
    or member: these need a confirmed delete."""
    if kind_of(obj) == "event":
        return any(n for name, n in found.items() if name not in ("sections", "entries"))
    return any(found.values())


def kind_of(obj) -> str:
    return type(obj).__name__.lower()


@transaction.atomic
def trash_put(*, obj, user, confirm: bool = False) -> dict[str, int]:
    """Move a club, member or event to the trash; returns what went with it."""
    found = contents(obj)
    if needs_confirmation(obj, found) and not confirm:
        raise DeleteNeedsConfirmation(str(obj), found)
    type(obj).all_objects.filter(pk=obj.pk, deleted_at__isnull=True).update(deleted_at=timezone.now(),
                                                                           deleted_by=user)
    if kind_of(obj) == "member":
        from clubs.services import _refresh_statistics_on_commit

        _refresh_statistics_on_commit(obj.club)
    _competitions_follow(obj)
    return found


def _competitions_follow(obj) -> None:
    """A published event into or out of the trash: the club rating and competitions follow; a
    championship's session: its cumulative tables."""
    if kind_of(obj) == "event" and getattr(obj, "championship_id", None):
        from cardroom.tasks import enqueue_once_on_commit
        from scoring.tasks import championship_standings

        enqueue_once_on_commit(championship_standings, obj.championship_id)
    if kind_of(obj) == "event" and obj.status == "published":
        from cardroom.tasks import enqueue_once_on_commit
        from scoring.tasks import update_competitions

        enqueue_once_on_commit(update_competitions, obj.pk)


@transaction.atomic
def trash_restore(*, obj) -> None:
    """Bring a club, member or event back from the trash, as it was."""
    type(obj).all_objects.filter(pk=obj.pk).update(deleted_at=None, deleted_by=None)
    _competitions_follow(obj)


def club_trash(club: Club) -> dict:
    """What a director of the club may restore: the club itself, its events and members."""
    from tournaments.models import Event

    def row(obj, kind):
        return {"kind": kind, "id": obj.pk, "name": str(obj), "deleted_at": obj.deleted_at,
                "deleted_by": obj.deleted_by.get_username() if obj.deleted_by else None,
                "purged_after": obj.deleted_at + timedelta(days=TRASH_DAYS)}

    trashed = {"deleted_at__isnull": False}
    return {
        "club": row(club, "club") if club.deleted_at else None,
        "events": [row(e, "event") for e in Event.all_objects.filter(club=club, **trashed)
                   .select_related("deleted_by").order_by("-deleted_at")],
        "members": [row(m, "member") for m in Member.all_objects.filter(club=club, **trashed)
                    .select_related("deleted_by").order_by("-deleted_at")],
    }


@transaction.atomic
def _event_purge(event) -> None:
    """Results first: they protect the entries the event's own cascade would delete."""
    from tournaments.models import Result
    from tournaments.services import event_delete

    Result.objects.filter(event=event).delete()
    event_delete(event=event)


def trash_purge(*, now=None) -> dict[str, int]:
    """Delete for good what has been in the trash longer than TRASH_DAYS (the periodic task).
    A member still named in an entry stays hidden in the trash (results keep their names)."""
    from tournaments.models import Event

    cutoff = (now or timezone.now()) - timedelta(days=TRASH_DAYS)
    purged = {"clubs": 0, "events": 0, "members": 0}
    for club in Club.all_objects.filter(deleted_at__lt=cutoff):
        with transaction.atomic():
            for event in Event.all_objects.filter(club=club):
                _event_purge(event)
            club.delete()
        purged["clubs"] += 1
    for event in Event.all_objects.filter(deleted_at__lt=cutoff):
        _event_purge(event)
        purged["events"] += 1
    for member in Member.all_objects.filter(deleted_at__lt=cutoff):
        try:
            with transaction.atomic():
                member.delete()
            purged["members"] += 1
        except ProtectedError:
            log.info("member %s stays in the trash: results name them", member.pk)
    return purged
