"""Fill a ``TeamsSheet`` from the database: the teams and their players, the drawn matches with
their rooms' boards (from the section's movement) and the stored match scores and standings
(written by the teams scoring service; a print never scores)."""
from __future__ import annotations

from tournaments.models import Event, Match, Team, TeamsEvent, TeamStanding, TeamStatus
from tournaments.movements.model import Movement
from tournaments.selectors_teams import teams_settings

from .teams_sheet import MatchLine, TeamLine, TeamsSheet, TeamStandingLine


def _boards(movement: Movement | None, m: Match) -> tuple[int, ...]:
    if movement is None or m.table_open is None:
        return ()
    play = movement.table(m.round, m.table_open)
    return tuple(play.boards) if play is not None else ()


def teams_sheet(event: Event, movement: Movement | None) -> TeamsSheet | None:
    """The event's teams data, or None for a pairs event."""
    if not event.is_teams:
        return None
    settings = teams_settings(event)  # options with their defaults, the rounds the format plays
    teams = tuple(
        TeamLine(t.number, t.name, tuple(p.name for p in t.players.all()),
                 next((p.name for p in t.players.all() if p.captain), ""), t.status == TeamStatus.WITHDRAWN)
        for t in Team.objects.filter(event=event).prefetch_related("players").order_by("number"))
    matches = tuple(
        MatchLine(round=m.round, number=m.number, home=m.home.number, away=m.away.number if m.away_id else None,
                  table_open=m.table_open, table_closed=m.table_closed, boards=_boards(movement, m), status=m.status,
                  boards_compared=m.boards_compared, imps_home=m.imps_home, imps_away=m.imps_away,
                  carry_over_home=m.carry_over_home, carry_over_away=m.carry_over_away, vp_home=m.vp_home,
                  vp_away=m.vp_away, tie=m.tie, segment=m.segment)
        for m in Match.objects.filter(event=event).select_related("home", "away").order_by("round", "number"))
    standings = tuple(
        TeamStandingLine(s.position, s.rank, s.team.number, s.total, s.imps_for, s.imps_against, s.played)
        for s in TeamStanding.objects.filter(event=event).select_related("team").order_by("position"))
    return TeamsSheet(format=event.format, scoring=event.scoring if event.scoring in ("board_a_match", "patton")
                      else "imps", boards_per_match=settings["boards_per_match"],
                      vp_scale=settings["options"]["vp_scale"], rounds_planned=settings["rounds_planned"],
                      current_round=settings["current_round"], teams=teams, matches=matches, standings=standings)


def teams_fingerprint(event: Event) -> list | None:
    """What a teams print shows beyond the movement and results: teams, matches and standings."""
    if not event.is_teams:
        return None
    return [
        list(TeamsEvent.objects.filter(event=event).values_list("boards_per_match", "rounds", "current_round",
                                                                  "options")),
        list(Team.objects.filter(event=event).order_by("number").values_list("number", "name", "status")),
        sorted(Team.objects.filter(event=event).values_list("number", "players__name", "players__captain"),
               key=str),
        list(Match.objects.filter(event=event).order_by("round", "number").values_list(
            "round", "number", "home_id", "away_id", "table_open", "table_closed", "status", "boards_compared",
            "imps_home", "imps_away", "carry_over_home", "carry_over_away", "vp_home", "vp_away")),
        list(TeamStanding.objects.filter(event=event).order_by("position").values_list(
            "team_id", "rank", "total", "imps_for", "imps_against", "played")),
    ]
