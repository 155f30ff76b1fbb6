"""Writes for events."""
from django.db import transaction

from tournaments.models import Event


@transaction.atomic
def event_create(*, club, name, date, created_by=None, **fields) -> Event:
    event = Event(club=club, name=name, date=date, created_by=created_by, **fields)
    event.full_clean()
    event.save()
    return event


@transaction.atomic
def event_update(*, event: Event, **fields) -> Event:
    for name, value in fields.items():
        setattr(event, name, value)
    event.full_clean()
    event.save()
    return event


@transaction.atomic
def event_delete(*, event: Event) -> None:
    """Delete the event and everything of it; once that commits, its stored print packs go too."""
    from tournaments.prints.pack import pack_discard, pack_folder

    folder = pack_folder(event)
    event.delete()
    transaction.on_commit(lambda: pack_discard(folder))
