"""Reads of a teams event for pages, API and prints alike: the teams and their players, the
standings (per round and overall, with the round robin's grid or the Swiss pairing history), a
round's draw, a match's score card board by board, the matches still waiting for boards, and a
team's history. Scores are the stored ones (``teams_rescore``); a score card compares the rooms'
confirmed results with the same engine call."""
from __future__ import annotations

from collections import defaultdict
from types import SimpleNamespace

from scoring.selectors import standings_health
from tournaments.models import Event, EventFormat, Match, MatchStatus, Result, Team, TeamsEvent, TeamStanding
from tournaments.services.teams.options import teams_options
from tournaments.services.teams.scoring import match_rooms, rank_matches, scored_match


def teams_event(event: Event) -> TeamsEvent:
    return TeamsEvent.objects.get(event=event)


def team_summary(team: Team | None) -> dict | None:
    if team is None:
        return None
    return {"id": team.pk, "number": team.number, "name": team.name}


def team_detail(team: Team) -> dict:
    """A team with its players (captain first marked), its two pairs and its status."""
    players = [{"id": p.pk, "name": p.name, "member": p.member_id, "guest": p.guest_id, "captain": p.captain}
               for p in team.players.all()]
    return {"id": team.pk, "number": team.number, "name": team.name, "seed": team.seed, "status": team.status,
            "joined_round": team.joined_round, "withdrawn_after_round": team.withdrawn_after_round,
            "players": players, "captain": next((p["name"] for p in players if p["captain"]), ""),
            "pairs": [f"{team.number}NS", f"{team.number}EW"]}


def event_teams(event: Event) -> list[dict]:
    return [team_detail(t) for t in Team.objects.filter(event=event).prefetch_related("players").order_by("number")]


def teams_settings(event: Event) -> dict:
    """The event's teams settings as stored, options completed with their defaults."""
    from tournaments.services.teams.draw import planned_rounds, round_robin_places

    te = teams_event(event)
    field = (len(round_robin_places(event)) if event.format == EventFormat.ROUND_ROBIN else
             Team.objects.filter(event=event, status="active").count())
    return {"format": event.format, "scoring": event.scoring, "boards_per_match": te.boards_per_match,
            "rounds": te.rounds, "rounds_planned": planned_rounds(event, te, field) if field > 1 else te.rounds,
            "current_round": te.current_round, "options": teams_options(te)}


def match_row(m: Match) -> dict:
    return {"id": m.pk, "round": m.round, "number": m.number, "home": team_summary(m.home),
            "away": team_summary(m.away), "bye": m.is_bye, "table_open": m.table_open,
            "table_closed": m.table_closed, "tie": m.tie, "segment": m.segment, "status": m.status,
            "boards_compared": m.boards_compared, "imps_home": m.imps_home, "imps_away": m.imps_away,
            "carry_over_home": m.carry_over_home, "carry_over_away": m.carry_over_away,
            "vp_home": m.vp_home, "vp_away": m.vp_away}


def event_matches(event: Event, round_number: int | None = None):
    rows = Match.objects.filter(event=event).select_related("home", "away").order_by("round", "number")
    return rows.filter(round=round_number) if round_number else rows


def _standings_rows(event: Event, after_round: int | None, matches: list[Match]):
    """(standing-like rows with their team, best first): the stored ones, or the ranking on the
    stored match scores of rounds 1 to ``after_round``."""
    if after_round is None:
        return [(st, st.team) for st in TeamStanding.objects.filter(event=event).select_related("team")
                .order_by("position")]
    teams = list(Team.objects.filter(event=event))
    by_pk = {t.pk: t for t in teams}
    rows = rank_matches([m for m in matches if m.round <= after_round], teams, teams_options(teams_event(event)))
    return [(SimpleNamespace(**row), by_pk[row["team_id"]]) for row in rows]


def team_standings(event: Event, after_round: int | None = None) -> dict:
    """The standings, best first (the stored ones, or with ``after_round`` those after that
    round), each team with its matches round by round (opponent, VPs, IMPs) and its running total
    after each round; a round robin's grid (VPs each team scored against each other) or a Swiss's
    pairing history (opponents in round order)."""
    settings = teams_settings(event)
    matches = list(event_matches(event))
    if after_round is not None:
        matches = [m for m in matches if m.round <= after_round]
    per_team: dict[int, list[dict]] = defaultdict(list)
    for m in matches:
        sides = [(m.home, m.away, m.vp_home, m.imps_home, m.imps_away)]
        if m.away_id:
            sides.append((m.away, m.home, m.vp_away, m.imps_away, m.imps_home))
        for team, other, vp, imps_for, imps_against in sides:
            per_team[team.pk].append({"round": m.round, "match": m.pk, "opponent": team_summary(other),
                                      "vp": vp, "imps_for": imps_for if other else None,
                                      "imps_against": imps_against if other else None, "status": m.status})
    rows = []
    for st, team in _standings_rows(event, after_round, matches):
        played = per_team.get(team.pk, [])
        running, total = [], 0.0
        for r in sorted({p["round"] for p in played}):
            total += sum(p["vp"] or 0 for p in played if p["round"] == r)
            running.append({"round": r, "total": round(total, 2)})
        rows.append({"position": st.position, "rank": st.rank, "team": team_summary(team),
                     "status": team.status, "total": st.total, "imps_for": st.imps_for,
                     "imps_against": st.imps_against, "played": st.played, "tie_breaks": st.tie_breaks,
                     "matches": played, "after_round": running})
    out = {"event": event.pk, "kind": "teams", **settings, "after_round": after_round,
           "health": standings_health(event), "standings": rows}
    if event.format == EventFormat.ROUND_ROBIN:
        grid: dict[str, dict[str, float | None]] = defaultdict(dict)
        for m in matches:
            if m.away_id:
                grid[str(m.home.number)][str(m.away.number)] = m.vp_home
                grid[str(m.away.number)][str(m.home.number)] = m.vp_away
        out["grid"] = dict(grid)
    else:
        out["history"] = {str(r["team"]["number"]): [p["opponent"]["number"] if p["opponent"] else 0
                                                     for p in r["matches"]] for r in rows}
    return out


def round_draw(event: Event, round_number: int) -> dict:
    """Round ``round_number`` as drawn: its matches (teams, tables, scores so far), its byes, its
    boards, and whether a director may still re-draw it or swap teams (no results yet)."""
    from tournaments.models import BoardNotPlayed
    from tournaments.services.teams.draw import round_boards

    te = teams_event(event)
    rows = list(event_matches(event, round_number))
    started = Result.objects.filter(event=event, round=round_number).exists() or \
        BoardNotPlayed.objects.filter(event=event, round=round_number).exists()
    drawn = bool(rows)
    why = ("" if drawn and not started else "not drawn yet" if not drawn else
           "its tables have entered results")
    return {"event": event.pk, "round": round_number, "drawn": drawn, "current_round": te.current_round,
            "boards": list(round_boards(te, round_number)) if drawn else [],
            "matches": [match_row(m) for m in rows if not m.is_bye],
            "byes": [match_row(m) for m in rows if m.is_bye],
            "changeable": drawn and not started, "why_fixed": why}


def _room_row(r: Result | None) -> dict | None:
    if r is None:
        return None
    return {"id": r.pk, "table": r.table, "ns": r.ns.label, "ew": r.ew.label, "contract": r.contract,
            "declarer": r.declarer, "tricks": r.tricks, "lead": r.lead, "score_ns": r.score_ns,
            "adjusted_ns": r.adjusted_ns, "adjusted_ew": r.adjusted_ew, "summary": r.summary}


def _rooms(match: Match, *, confirmed: bool = True) -> list[tuple]:
    results = Result.objects.filter(event=match.event, round=match.round,
                                    table__in=[match.table_open, match.table_closed])
    if confirmed:
        results = results.filter(confirmed=True)
    return match_rooms(match.event, [match], list(results.select_related("ns", "ew")))[match.pk]


def match_score_card(match: Match) -> dict:
    """A match board by board: both rooms' contracts and results, the N-S scores, the IMPs (or
    board-a-match points) from the home team's side; a board appears once both rooms have a
    confirmed result on it. Totals and VPs as stored."""
    event = match.event
    card = {"match": match_row(match), "event": event.pk, "scoring": event.scoring, "boards": [],
            "waiting": {"open": [], "closed": []}}
    if match.is_bye:
        return card
    te = teams_event(event)
    rooms = _rooms(match)
    score = scored_match(match, rooms, scoring=event.scoring, options=teams_options(te),
                         boards_in_match=te.boards_per_match)
    compared = {b.board: b for b in score.boards}
    for board, open_room, closed_room in rooms:
        if open_room is None:
            card["waiting"]["open"].append(board)
        if closed_room is None:
            card["waiting"]["closed"].append(board)
        if open_room is None or closed_room is None:
            continue
        b = compared[board]
        card["boards"].append({
            "board": board, "open": _room_row(open_room), "closed": _room_row(closed_room),
            "difference": b.difference, "adjusted": b.adjusted,
            "imps_home": b.imps if b.imps > 0 else 0, "imps_away": -b.imps if b.imps < 0 else 0,
            "points_home": b.points_home if event.scoring != "imps" else None,
            "points_away": b.points_away if event.scoring != "imps" else None})
    card["totals"] = {"boards_compared": score.boards_compared, "boards": te.boards_per_match,
                      "imps_home": score.imps_home, "imps_away": score.imps_away,
                      "points_home": score.points_home, "points_away": score.points_away,
                      "vp_home": score.vp_home if score.boards_compared else None,
                      "vp_away": score.vp_away if score.boards_compared else None, "complete": score.complete}
    return card


def matches_waiting(event: Event) -> list[dict]:
    """The drawn matches not yet complete, each with the boards each room still owes (no
    confirmed result) and how many of those wait for the other side's confirmation."""
    matches = [m for m in event_matches(event) if not m.is_bye and m.status != MatchStatus.COMPLETE]
    if not matches:
        return []
    rounds = {m.round for m in matches}
    results = list(Result.objects.filter(event=event, round__in=rounds).select_related("ns", "ew"))
    confirmed = match_rooms(event, matches, [r for r in results if r.confirmed])
    pending = {(r.board, r.table) for r in results if not r.confirmed}
    out = []
    for m in matches:
        rooms = []
        for name, index, table in (("open", 1, m.table_open), ("closed", 2, m.table_closed)):
            boards = [row[0] for row in confirmed[m.pk] if row[index] is None]
            if boards:
                rooms.append({"room": name, "table": table, "boards": boards,
                              "unconfirmed": [b for b in boards if (b, table) in pending]})
        if rooms:
            out.append({"match": match_row(m), "waiting": rooms})
    return out


def team_history(event: Event, team: Team) -> dict:
    """A team's evening: its players, each match (opponent, room, IMPs, VPs, status) and its
    standing."""
    rows = []
    for m in event_matches(event).filter(home=team) | event_matches(event).filter(away=team):
        home = m.home_id == team.pk
        rows.append({"match": m.pk, "round": m.round, "number": m.number, "home": home,
                     "opponent": team_summary(m.away if home else m.home), "bye": m.is_bye,
                     "tables": {"open": m.table_open, "closed": m.table_closed},
                     "imps_for": m.imps_home if home else m.imps_away,
                     "imps_against": m.imps_away if home else m.imps_home,
                     "vp": m.vp_home if home else m.vp_away, "status": m.status})
    rows.sort(key=lambda r: (r["round"], r["number"]))
    standing = TeamStanding.objects.filter(event=event, team=team).first()
    return {"team": team_detail(team), "matches": rows,
            "standing": None if standing is None else {"position": standing.position, "rank": standing.rank,
                                                       "total": standing.total}}
