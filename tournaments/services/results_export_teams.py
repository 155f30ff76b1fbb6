"""USEBIO 1.2 of a finished teams event, written from the stored rows: the teams with their
players (federation numbers by the club's mapping) and their places and totals (``TeamStanding``),
every match with its VPs (or IMPs on the ``none`` scale), and per board the home team's net IMPs
and each room's traveller line (``DIRECTION`` NS: the open room, home N-S; EW: the closed room).
A bye is a MATCH without an OPPOSING_TEAM. Read back by ``tournaments.deals.usebio_teams``, it
rescores to the stored standings (tests)."""
from __future__ import annotations

from tournaments.deals.usebio import UsebioLine, UsebioPlayer
from tournaments.deals.usebio_teams import (UsebioMatch, UsebioMatchBoard, UsebioRoom, UsebioTeam, UsebioTeamsEvent,
                                            write_usebio_teams)
from tournaments.models import Event, EventFormat, EventStatus, Match, Result, Team, TeamStanding

from .results_export import ExportRefused, event_hands
from .teams.options import teams_options
from .teams.scoring import match_rooms, scored_match

EVENT_TYPES = {EventFormat.SWISS: "SWISS_TEAMS", EventFormat.ROUND_ROBIN: "TEAMS", EventFormat.KNOCKOUT: "KO"}
BOARD_SCORING = {"imps": "IMPS", "board_a_match": "BAM", "patton": "PATTON"}


def _line(r: Result | None) -> UsebioLine | None:
    if r is None:
        return None
    score = "" if r.score_ns is None else str(r.score_ns)
    return UsebioLine(r.ns.label, r.ew.label, score=score, contract=r.contract, played_by=r.declarer, lead=r.lead,
                      tricks=r.tricks, ns_score=r.adjusted_ns or "", ew_score=r.adjusted_ew or "")


def _players(team: Team) -> tuple[UsebioPlayer, ...]:
    out = []
    for p in team.players.all():
        number = (p.member.federation_number or p.member.membership_number) if p.member_id else ""
        out.append(UsebioPlayer(p.name, number or ""))
    return tuple(out)


def event_to_usebio_teams(event: Event) -> UsebioTeamsEvent:
    if event.status not in (EventStatus.FINISHED, EventStatus.PUBLISHED):
        raise ExportRefused("only a finished or published event is exported; finish it first")
    standings = {s.team_id: s for s in TeamStanding.objects.filter(event=event)}
    if not standings:
        raise ExportRefused("the event has no standings yet")
    teams_event = event.teams_event
    options = teams_options(teams_event)
    with_vp = options["vp_scale"] != "none" or event.scoring != "imps"
    teams = []
    for t in Team.objects.filter(event=event).prefetch_related("players__member").order_by("number"):
        st = standings.get(t.pk)
        teams.append(UsebioTeam(str(t.number), t.name, _players(t), place=st.rank if st else "",
                                total_score=round(st.total, 2) if st else None))
    matches = list(Match.objects.filter(event=event).select_related("home", "away").order_by("round", "number"))
    results = list(Result.objects.filter(event=event, confirmed=True, ns__team__isnull=False, ew__team__isnull=False)
                   .select_related("ns", "ew"))
    rooms = match_rooms(event, matches, results)
    out = []
    for m in matches:
        if m.is_bye:
            out.append(UsebioMatch(m.round, str(m.home.number), "", team_score=m.vp_home))
            continue
        played = rooms[m.pk]
        score = scored_match(m, played, scoring=event.scoring, options=options,
                             boards_in_match=teams_event.boards_per_match)
        by_board = {s.board: s for s in score.boards}
        boards = []
        for board, open_room, closed_room in played:
            lines = [UsebioRoom(d, line) for d, line in (("NS", _line(open_room)), ("EW", _line(closed_room))) if line]
            if not lines:
                continue
            s = by_board.get(board)
            boards.append(UsebioMatchBoard(str(board), tuple(lines), s.imps if s and s.compared else None))
        numbers = sorted(b for b, _o, _c in played)
        whole = bool(numbers) and numbers == list(range(numbers[0], numbers[-1] + 1))
        team_score, opposing = (m.vp_home, m.vp_away) if with_vp else (m.imps_home, m.imps_away)
        out.append(UsebioMatch(m.round, str(m.home.number), str(m.away.number), tuple(boards), team_score, opposing,
                               start_board=numbers[0] if whole else None, end_board=numbers[-1] if whole else None))
    return UsebioTeamsEvent(
        EVENT_TYPES.get(event.format, "TEAMS"), tuple(teams), tuple(out), description=event.name,
        date=f"{event.date:%d/%m/%Y}", club_name=event.club.name, program="Cardroom",
        board_scoring=BOARD_SCORING.get(event.scoring, "IMPS"), match_scoring="VPS" if with_vp else "IMPS",
        identifier=str(event.pk), hands=event_hands(event))


def event_export_usebio_teams(event: Event) -> bytes:
    """USEBIO 1.2 XML of a finished teams event (UTF-8)."""
    return write_usebio_teams(event_to_usebio_teams(event))
