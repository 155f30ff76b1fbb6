"""A scorer's or director's result for one room of a match (a travelling score sheet typed in,
or a phone that failed): the room names the pairs, the board must be one of the match's round;
then the one result path (``results.result_submit``) stores it confirmed, as a scorer's result is."""
from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction

from tournaments.models import Match, Result

from ..results import result_submit

ROOMS = ("open", "closed")


def match_result_enter(*, match: Match, room: str, data: dict, user=None, override: bool = False
                       ) -> tuple[Result, bool]:
    """Store a result of ``room`` ("open": home N-S v away E-W; "closed": away N-S v home E-W)
    on one of the match's boards; a board the match's round does not play is a 400 naming board."""
    if room not in ROOMS:
        raise ValidationError({"room": [f"{room!r}: the room is open or closed."]})
    if match.is_bye:
        raise ValidationError({"match": ["A bye has no boards."]})
    event = match.event
    section = event.sections.order_by("position").first()
    table = section.schedule.table(match.round, match.table_open)
    boards = table.boards if table else ()
    board = data.get("board")
    try:
        board = int(board)
    except (TypeError, ValueError):
        raise ValidationError({"board": [f"{board!r} is not a board number."]}) from None
    if board not in boards:
        raise ValidationError({"board": [f"Board {board} is not played in round {match.round} (boards "
                                         f"{', '.join(map(str, boards))})."]})
    home, away = match.home.number, match.away.number
    ns, ew = (f"{home}NS", f"{away}EW") if room == "open" else (f"{away}NS", f"{home}EW")
    body = dict(data, board=board, ns=ns, ew=ew, section=section.name)
    return result_submit(event=event, data=body, user=user, source="api", override=override)


@transaction.atomic
def match_carry_over_set(*, match: Match, home: float, away: float) -> Match:
    """A knockout tie's carry-over (IMPs each team starts with, e.g. from a round robin's result
    or a handicap: the conditions of contest say): set on the tie's first segment, counted in its
    score and the tie's total; rescored."""
    from django.db.models import F

    from scoring.services import event_rescore_later
    from tournaments.models import Event

    if not match.tie or match.segment != 1 or match.is_bye:
        raise ValidationError({"carry_over_home": ["Carry-over belongs to a knockout tie's first segment."]})
    for field, value in (("carry_over_home", home), ("carry_over_away", away)):
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 999:
            raise ValidationError({field: ["Give the IMPs carried over, from 0 to 999."]})
    Match.objects.filter(pk=match.pk).update(carry_over_home=home, carry_over_away=away)
    Event.objects.filter(pk=match.event_id).update(results_version=F("results_version") + 1)
    event_rescore_later(event=match.event, force=True)
    match.refresh_from_db()
    return match
