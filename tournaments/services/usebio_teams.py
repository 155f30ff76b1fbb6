"""USEBIO import of a teams event: a club's old Swiss or league evening (or one played online and
converted) becomes a finished teams event with its teams, players, matches, each room's results
and stored standings.

The file is read and rescored in memory first (``scoring.engine.usebioteams``): any error names
the element and line and nothing is stored. The event is built through the teams services
(``teams_event_setup``, ``team_add``, ``teams_round_set``: the file's own draw, round by round)
and scored by the one rescore path (``teams_rescore``). The rooms' results are written as the
file gives them, as the pairs import writes its traveller lines (a line may carry a score
without a contract; the score is the file's). Cardroom plays one set of boards a round at every
match and a team once a round: a file with a three-way match (a triangle: three MATCH elements of a
round among three teams, each team twice) or different boards at different matches of a round is
refused, naming the MATCH's line, the round and the teams; so is a TEAM listing more than six
players (a league's panel) or fewer than four, naming the TEAM's line. USEBIO 1.2 allows both
(TEAM lists any number of PLAYERs; a round may hold several MATCHes of one team); Cardroom's teams
are four to six players playing one match a round.
"""
from __future__ import annotations

from collections import defaultdict

from django.core.exceptions import ValidationError
from django.db import transaction

from cardroom import limits
from clubs.models import Member
from scoring.engine import ScoringError
from scoring.engine.usebioteams import room_scores, score_usebio_teams
from scoring.engine.usebiotool import line_result
from tournaments.deals.usebio import UsebioError, UsebioPlayer
from tournaments.deals.usebio_teams import UsebioTeamsEvent, read_usebio_teams
from tournaments.models import (Entry, Event, EventFormat, EventStatus, Game, Match, Result, ScoringMethod, Section,
                                TeamStanding)
from tournaments.models.results import ResultSource

from .boards import boardset_import_pbn
from .lifecycle import event_transition
from .teams import team_add, teams_event_setup, teams_round_set
from .usebio import UsebioImportError, hands_as_pbn, usebio_date

MIN_PLAYERS, MAX_PLAYERS = 4, 6
TOLERANCE = 0.005


def _format(event_type: str) -> str:
    if "SWISS" in event_type:
        return EventFormat.SWISS
    if event_type in ("KO", "KNOCKOUT") or "KNOCKOUT" in event_type:
        return EventFormat.KNOCKOUT
    return EventFormat.ROUND_ROBIN


def _messages(exc: ValidationError) -> str:
    if hasattr(exc, "message_dict"):
        return "; ".join(f"{k}: {' '.join(v)}" for k, v in exc.message_dict.items())
    return " ".join(exc.messages)


def _rounds(pure: UsebioTeamsEvent) -> tuple[int, dict[int, tuple[tuple[int, ...], list]]]:
    """(boards a match, {round: (its boards, its matches)}); UsebioImportError naming the round."""
    rounds: dict[int, list] = defaultdict(list)
    for m in pure.matches:
        if m.round is None or not 1 <= m.round <= limits.MAX_ROUNDS:
            raise UsebioImportError(f"line {m.line}: MATCH without a ROUND_NUMBER from 1 to {limits.MAX_ROUNDS}")
        rounds[m.round].append(m)
    if sorted(rounds) != list(range(1, max(rounds) + 1)):
        missing = sorted(set(range(1, max(rounds) + 1)) - set(rounds))
        raise UsebioImportError(f"the file has no MATCH for round {missing[0]}")
    out, length = {}, None
    for rnd, matches in sorted(rounds.items()):
        seen: dict[str, int] = {}
        boards = None
        for m in matches:
            for team in (m.team, m.opposing):
                if team and team in seen:
                    triangle = _triangle(matches, team)
                    what = (f"a three-way match (triangle) of teams {', '.join(triangle)}" if triangle
                            else f"team {team} plays twice")
                    raise UsebioImportError(
                        f"line {m.line}: MATCH of round {rnd}: {what} (team {team} first at line {seen[team]}): "
                        "Cardroom's teams rounds have one match a team, so a triangle or a split round is not "
                        "imported; enter that round by hand or import the other rounds")
                if team:
                    seen[team] = m.line
            if m.is_bye:
                continue
            numbers = tuple(sorted(int(b.number) for b in m.boards))
            if m.start_board is not None and m.end_board is not None and m.end_board >= m.start_board:
                numbers = tuple(sorted(set(numbers) | set(range(m.start_board, m.end_board + 1))))
            if boards is None:
                boards = numbers
            elif numbers != boards:
                raise UsebioImportError(f"line {m.line}: round {rnd}: {m.team} v {m.opposing} plays boards "
                                        f"{_span(numbers)}, another match boards {_span(boards)}: Cardroom plays one "
                                        f"set of boards a round at every match")
        if boards is None:
            raise UsebioImportError(f"round {rnd} has only byes")
        if length is not None and len(boards) != length:
            raise UsebioImportError(f"round {rnd} has {len(boards)} boards a match, round 1 {length}: Cardroom's "
                                    f"matches are all of one length")
        length = len(boards)
        out[rnd] = (boards, matches)
    return length, out


def _triangle(matches, team: str) -> tuple[str, ...] | None:
    """The three teams of a three-way match in a round that ``team`` is part of (each plays the
    other two: USEBIO writes it as three MATCH elements), else None."""
    pairs = {frozenset((m.team, m.opposing)) for m in matches if m.team and m.opposing}
    opponents = sorted({t for p in pairs if team in p for t in p if t != team})
    for i, a in enumerate(opponents):
        for b in opponents[i + 1:]:
            if frozenset((a, b)) in pairs:
                return tuple(sorted((team, a, b), key=lambda t: (len(t), t)))
    return None


def _span(numbers) -> str:
    return f"{numbers[0]}-{numbers[-1]}" if numbers else "none"


def _player(club, player: UsebioPlayer) -> dict:
    """The team_add spec of a file's player: a member by the club's federation or membership
    number, or by the name of exactly one active member; a guest otherwise."""
    member = None
    if player.national_id:
        member = Member.objects.filter(club=club, federation_number=player.national_id).first() or \
            Member.objects.filter(club=club, membership_number=player.national_id).first()
    if member is None and player.name:
        first, _, last = " ".join(player.name.split()).rpartition(" ")
        found = list(Member.objects.filter(club=club, active=True, first_name__iexact=first,
                                           last_name__iexact=last)[:2]) if first else []
        member = found[0] if len(found) == 1 else None
    return {"member": member} if member is not None else {"guest": player.name[:limits.NAME_MAX]}


def _teams(event: Event, pure: UsebioTeamsEvent) -> dict[str, int]:
    """Enter the file's teams; file TEAM_ID -> Cardroom team number."""
    numbers = {}
    listed = {t.number: t for t in pure.teams}
    order = [t.number for t in pure.teams] + sorted(
        {n for m in pure.matches for n in (m.team, m.opposing) if n and n not in listed})
    for number in order:
        team = listed.get(number)
        where = f"line {team.line}: TEAM {number}" if team else f"team {number}"
        players = [p for p in (team.all_players if team else ()) if p.name.strip()]
        if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
            why = ("a squad wider than a team (a league's whole panel?)" if len(players) > MAX_PLAYERS
                   else "too few to play both rooms")
            raise UsebioImportError(f"{where} lists {len(players)} players, {why}: a Cardroom team has "
                                    f"{MIN_PLAYERS} to {MAX_PLAYERS} players (teams-of-four rules); list the "
                                    f"{MAX_PLAYERS} or fewer who played in the file's TEAM")
        specs = [_player(event.club, p) | {"captain": i == 0} for i, p in enumerate(players)]
        try:
            added = team_add(event=event, name=(team.name if team and team.name else f"Team {number}")[:80],
                             players=specs)
        except ValidationError as exc:
            raise UsebioImportError(f"{where}: {_messages(exc)}") from None
        numbers[number] = added.number
    return numbers


def _results(event: Event, pure: UsebioTeamsEvent, numbers: dict[str, int]) -> list[Result]:
    section = Section.objects.get(event=event)
    entries = {e.label: e for e in Entry.objects.filter(event=event)}
    stored = {(m.round, m.home.number): m for m in Match.objects.filter(event=event).select_related("home")}
    rows = []
    for m in pure.matches:
        if m.is_bye:
            continue
        home, away = numbers[m.team], numbers[m.opposing]
        match = stored[(m.round, home)]
        for b in m.boards:
            for room in b.rooms:
                t, r = room.result, line_result(b.number, room.result)
                opened = room.direction == "NS"
                ns, ew = (f"{home}NS", f"{away}EW") if opened else (f"{away}NS", f"{home}EW")
                if len(t.contract) > 8 or len(t.lead) > 3:
                    raise UsebioImportError(f"board {b.number}, line {t.line}: CONTRACT or LEAD too long")
                rows.append(Result(
                    event=event, section=section, board=int(b.number), round=m.round,
                    table=match.table_open if opened else match.table_closed, ns=entries[ns], ew=entries[ew],
                    contract=r.contract[:8], declarer=r.declarer[:1], tricks=r.tricks, lead=t.lead[:3],
                    adjusted_ns=r.adjusted_ns.label if r.adjusted_ns else "",
                    adjusted_ew=r.adjusted_ew.label if r.adjusted_ew else "",
                    score_ns=None if r.score_ns is None else int(round(r.score_ns)), source=ResultSource.DIRECTOR,
                    entered_by=event.created_by))
    return rows


def _near(a, b) -> bool:
    return a is not None and b is not None and abs(a - b) <= TOLERANCE


def imported_teams_report(event: Event, pure: UsebioTeamsEvent, numbers: dict[str, int]) -> dict:
    """How many of the file's figures the stored event reproduces: each match's VPs (or IMPs),
    each team's place and total."""
    stored = {(m.round, m.home.number): m for m in Match.objects.filter(event=event).select_related("home")}
    matches = same = 0
    for m in pure.matches:
        if m.is_bye or m.team_score is None or m.opposing_score is None:
            continue
        row = stored.get((m.round, numbers[m.team]))
        matches += 1
        ours = (row.vp_home, row.vp_away) if pure.scores_are_vps else (row.imps_home, row.imps_away)
        same += row is not None and _near(ours[0], m.team_score) and _near(ours[1], m.opposing_score)
    standings = {s.team.number: s for s in TeamStanding.objects.filter(event=event).select_related("team")}
    placed = agree = 0
    for t in pure.teams:
        if t.total_score is None and not t.place:
            continue
        placed += 1
        st = standings.get(numbers.get(t.number))
        agree += st is not None and (t.total_score is None or _near(st.total, t.total_score)) and (
            not t.place or t.place.rstrip("=") == st.rank.rstrip("="))
    return {"teams": len(numbers), "matching": agree, "places": placed, "matches": matches, "matches_matching": same,
            "convention": event.convention}


@transaction.atomic
def event_import_usebio_teams(*, club, data: bytes | str, user=None, name: str = "",
                              vp_scale: str | None = None) -> Event:
    """Create a finished teams event from a teams USEBIO file; ``event.usebio_report`` tells how
    many matches' VPs and teams' places and totals equal the file's."""
    try:
        pure = read_usebio_teams(data)
        scale = vp_scale or ("wbf_continuous" if pure.scores_are_vps else "none")
        score_usebio_teams(pure, vp_scale=scale)  # every line readable and every match scorable, or nothing stored
        for m in pure.matches:
            room_scores(m)
    except UsebioError as exc:
        raise UsebioImportError(f"line {exc.line}: {exc.message}" if exc.line else exc.message) from None
    except ScoringError as exc:
        raise UsebioImportError(str(exc)) from None
    for m in pure.matches:
        for b in m.boards:
            if not 0 < int(b.number) <= limits.MAX_BOARD_NUMBER:
                raise UsebioImportError(f"line {b.line}: BOARD_NUMBER {b.number}: board numbers are 1 to "
                                        f"{limits.MAX_BOARD_NUMBER}")
    length, rounds = _rounds(pure)
    if not pure.date:
        raise UsebioImportError("EVENT has no DATE")
    byes = [m.team_score for m in pure.matches if m.is_bye and m.team_score is not None]
    options = {"vp_scale": scale} | ({"bye": {"rule": "fixed", "vp": byes[0]}} if byes else {})
    try:
        event = teams_event_setup(
            club=club, name=(name or pure.description or f"USEBIO import {pure.date}")[:limits.NAME_MAX],
            date=usebio_date(pure.date), game=Game.DUPLICATE_BRIDGE, format=_format(pure.event_type),
            scoring=ScoringMethod.IMPS, boards_per_match=length, rounds=len(rounds), options=options,
            created_by=user if getattr(user, "pk", None) else None)
    except ValidationError as exc:
        raise UsebioImportError(_messages(exc)) from None
    numbers = _teams(event, pure)
    for rnd, (boards, matches) in sorted(rounds.items()):
        pairing = [(numbers[m.team], numbers[m.opposing] if m.opposing else 0) for m in matches]
        try:
            teams_round_set(event=event, round_number=rnd, pairing=pairing, boards=boards)
        except ValidationError as exc:
            raise UsebioImportError(f"round {rnd}: {_messages(exc)}") from None
    section = Section.objects.get(event=event)
    Section.objects.filter(pk=section.pk).update(movement=section.movement | {"source": "usebio"})
    Result.objects.bulk_create(_results(event, pure, numbers), batch_size=2000)
    Event.objects.filter(pk=event.pk).update(current_round=len(rounds), results_version=1)
    if pure.hands:
        try:
            boardset_import_pbn(event=event, data=hands_as_pbn(pure))
        except ValidationError as exc:
            raise UsebioImportError(f"HANDSET: {' '.join(exc.messages)}") from None
    reason = f"imported from USEBIO ({pure.program or 'unknown program'})"
    event = Event.objects.get(pk=event.pk)
    event_transition(event=event, to=EventStatus.PLAYING, user=user, reason=reason)
    event_transition(event=event, to=EventStatus.FINISHED, user=user, reason=reason)
    from scoring.services import event_rescore

    event_rescore(event_id=event.pk, force=True)
    event.refresh_from_db()
    event.usebio_report = imported_teams_report(event, pure, numbers)
    return event
