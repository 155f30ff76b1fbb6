"""Reads for the teams pages beyond tournaments.selectors_teams: a user's own teams and which
match a table plays in a round."""
from __future__ import annotations

from tournaments.models import Event
from tournaments.models.teams import Match, TeamPlayer


def user_teams(event: Event, user) -> set[int]:
    """The ids of the event's teams ``user`` plays in (as a member linked to their login)."""
    if not getattr(user, "is_authenticated", False):
        return set()
    return set(TeamPlayer.objects.filter(team__event=event, member__user=user).values_list("team_id", flat=True))


def table_match(event: Event, round_number: int, table: int) -> dict | None:
    """The match a table plays in a round and its room: the open room (home N-S) or the closed
    room (home E-W), with the other room's table."""
    from django.db.models import Q

    match = (Match.objects.filter(event=event, round=round_number).filter(Q(table_open=table) | Q(table_closed=table))
             .select_related("home", "away").first())
    if match is None:
        return None
    opened = match.table_open == table
    return {"match": match, "number": match.number, "room": "open" if opened else "closed",
            "other_table": match.table_closed if opened else match.table_open,
            "ns": match.home if opened else match.away, "ew": match.away if opened else match.home}
