"""Celery tasks of the clubs app; they take ids and are idempotent."""
from celery import shared_task

from . import services


@shared_task(name="clubs.refresh_statistics")
def club_refresh_statistics(club_id: int) -> dict:
    stats = services.club_statistics_refresh(club_id=club_id)
    if stats is None:
        return {"club_id": club_id, "found": False}
    return {"club_id": club_id, "found": True, "members_active": stats.members_active}


@shared_task(name="clubs.trash_purge")
def trash_purge() -> dict:
    """Daily (Celery beat): delete for good what has been in the trash over 30 days."""
    from . import trash

    return trash.trash_purge()
