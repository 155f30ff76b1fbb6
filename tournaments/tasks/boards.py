"""Double-dummy analysis of a board set, off the request path."""
from celery import shared_task


@shared_task(name="tournaments.boardset_analyse")
def boardset_analyse(board_set_id: int, force: bool = False) -> dict:
    """DD table and par for every board of the set still lacking them (batched DDS call).
    Idempotent: a second run finds nothing to do; a missing set or DDS is reported, not raised."""
    from tournaments.services.boards import boardset_analyse_now

    return boardset_analyse_now(board_set_id=board_set_id, force=force)
