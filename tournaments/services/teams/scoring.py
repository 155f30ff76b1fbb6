"""The teams scoring run: every match's two rooms compared board by board (``Match`` scores,
complete when every board is compared), then the teams ranked (``TeamStanding``). Called by
``scoring.services.event_rescore`` for a teams event, inside its lock and transaction, so a teams
event's standings have the same version, failure record and sweep as a pairs event's. Replaces
what it writes: running it twice changes nothing."""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from scoring.engine import ScoringError, parse_adjustment
from tournaments.models import Event, Match, MatchStatus, Result, Team, TeamsEvent, TeamStanding

from scoring.engine.teams import MatchBoard, TeamRow, bye_score, match_score, rank_teams
from .options import teams_options


def room_score(result: Result | None):
    """A room's N-S score as the engine reads it: points, an artificial adjusted score (N-S's
    award) or None (no confirmed result yet)."""
    if result is None:
        return None
    if result.score_ns is not None:
        return int(result.score_ns)
    return parse_adjustment(result.adjusted_ns) if result.adjusted_ns else None


def match_rooms(event: Event, matches: list[Match], results: list[Result]) -> dict[int, list[tuple]]:
    """Match id -> [(board, open room result, closed room result)] over the boards its round
    plays: the open room is home N-S v away E-W, the closed room away N-S v home E-W."""
    schedule = event.sections.order_by("position").first().schedule
    by_key = {(r.board, r.ns.team_id, r.ew.team_id): r for r in results}
    out = {}
    for m in matches:
        if m.is_bye:
            continue
        table = schedule.table(m.round, m.table_open)
        boards = table.boards if table else ()
        out[m.pk] = [(b, by_key.get((b, m.home_id, m.away_id)), by_key.get((b, m.away_id, m.home_id)))
                     for b in boards]
    return out


def scored_match(match: Match, rooms: list[tuple], *, scoring: str, options: dict, boards_in_match: int):
    """The engine's score of one match from its rooms' results."""
    wdl = options["win_draw_loss"]
    return match_score([MatchBoard(b, room_score(o), room_score(c)) for b, o, c in rooms], scoring=scoring,
                       vp_scale=options["vp_scale"], boards_in_match=boards_in_match,
                       carry_over=(match.carry_over_home, match.carry_over_away),
                       win_draw_loss=(wdl["win"], wdl["draw"], wdl["loss"]))


@dataclass
class Tally:
    total: float = 0.0
    imps_for: float = 0.0
    imps_against: float = 0.0
    played: int = 0
    vps: list = field(default_factory=list)


def _gone_before(team: Team | None, round_number: int) -> bool:
    """A team withdrawn before it played this round (its opponents are not to wait for it)."""
    return team is not None and team.withdrawn_after_round is not None and team.withdrawn_after_round < round_number


def score_matches(event: Event, teams_event: TeamsEvent, options: dict, matches: list[Match],
                  results: list[Result], teams: dict[int, Team]) -> list[Match]:
    """Each match's score from its rooms (in place); returns the rows that changed. A bye, and a
    match whose opponent withdrew before playing it, score the present team by the bye rule
    (``scoring.engine.teams.bye_score``) once its other matches are scored (an average bye needs them)."""
    rooms = match_rooms(event, matches, results)
    changed, vps, byes = [], defaultdict(list), []
    for m in matches:
        if m.is_bye:
            byes.append((m, m.home_id))
            continue
        try:
            score = scored_match(m, rooms[m.pk], scoring=event.scoring, options=options,
                                 boards_in_match=teams_event.boards_per_match)
        except ScoringError as exc:
            raise ScoringError(f"round {m.round} match {m.number}: {exc}") from exc
        gone = [t for t in (m.home_id, m.away_id) if _gone_before(teams.get(t), m.round)]
        if not score.boards_compared and gone:
            byes.append((m, m.away_id if gone == [m.home_id] else m.home_id if len(gone) == 1 else None))
            continue
        counted = score.boards_compared > 0
        status = (MatchStatus.COMPLETE if score.complete else
                  MatchStatus.PLAYING if counted else MatchStatus.DRAWN)
        _set(m, changed, status=status, boards_compared=score.boards_compared, imps_home=score.imps_home,
             imps_away=score.imps_away, vp_home=score.vp_home if counted else None,
             vp_away=score.vp_away if counted else None)
        if counted:
            vps[m.home_id].append(_total(score.vp_home, score.imps_home - score.imps_away))
            vps[m.away_id].append(_total(score.vp_away, score.imps_away - score.imps_home))
    for m, present in byes:  # an average bye is the team's average over its matches played
        vp = bye_score(options["bye"], sum(vps[present]), len(vps[present]), teams_event.boards_per_match) \
            if present else 0.0
        if options["vp_scale"] == "none" and event.scoring == "imps":
            vp = 0.0
        home, away = (vp, None) if m.is_bye else ((vp, 0.0) if present == m.home_id else (0.0, vp))
        _set(m, changed, status=MatchStatus.COMPLETE, boards_compared=0, imps_home=m.carry_over_home,
             imps_away=m.carry_over_away, vp_home=home, vp_away=away)
    return changed


def _set(m: Match, changed: list, **values) -> None:
    if any(getattr(m, k) != v for k, v in values.items()):
        for k, v in values.items():
            setattr(m, k, v)
        changed.append(m)


def _total(vp, margin):
    """A team's points from a match: its VPs (or board-a-match points), or with no VP scale its IMP margin."""
    return vp if vp is not None else margin


def rank_matches(matches: list[Match], teams: list[Team], options: dict) -> list[dict]:
    """The teams ranked on the scores of ``matches`` (the stored or just scored rows): totals,
    IMPs for and against, matches played, the tie-break values, by ``scoring.engine.teams.rank_teams``.
    The standings after round n are this over the matches of rounds 1 to n."""
    tallies: dict[int, Tally] = defaultdict(Tally)
    head_to_head: dict[tuple[int, int], float] = defaultdict(float)
    for m in matches:
        if m.is_bye or not m.boards_compared:  # a bye, a forfeit, or nothing compared yet
            for team, vp in ((m.home_id, m.vp_home), (m.away_id, m.vp_away)):
                if team and vp is not None and m.status == MatchStatus.COMPLETE:
                    tallies[team].total += vp
            continue
        home = _total(m.vp_home, m.imps_home - m.imps_away)
        away = _total(m.vp_away, m.imps_away - m.imps_home)
        for team, total, imps_for, imps_against in ((m.home_id, home, m.imps_home, m.imps_away),
                                                     (m.away_id, away, m.imps_away, m.imps_home)):
            tally = tallies[team]
            tally.total += total
            tally.imps_for += imps_for
            tally.imps_against += imps_against
            tally.played += 1
        head_to_head[(m.home_id, m.away_id)] += home
        head_to_head[(m.away_id, m.home_id)] += away
    drawn = {m.home_id for m in matches} | {m.away_id for m in matches if m.away_id}
    ranked_teams = [t for t in teams if t.pk in drawn or t.status == "active"]
    rows = [TeamRow(team=t.pk, score=round(tallies[t.pk].total, 2), imps_for=tallies[t.pk].imps_for,
                    imps_against=tallies[t.pk].imps_against) for t in ranked_teams]
    out = []
    for position, label, team_id in rank_teams(rows, options["tie_breaks"], dict(head_to_head)):
        tally = tallies[team_id]
        quotient = None if not tally.imps_against else round(tally.imps_for / tally.imps_against, 4)
        out.append({"team_id": team_id, "position": position, "rank": label, "total": round(tally.total, 2),
                    "imps_for": tally.imps_for, "imps_against": tally.imps_against, "played": tally.played,
                    "tie_breaks": {"imp_quotient": quotient,
                                   "imp_difference": round(tally.imps_for - tally.imps_against, 2),
                                   "head_to_head": {str(b): round(v, 2) for (a, b), v in head_to_head.items()
                                                    if a == team_id}}})
    return out


def teams_rescore(*, event: Event) -> tuple[int, int]:
    """Score every match of the event and rank its teams; returns (matches changed, standings
    written). Call inside ``event_rescore`` (it holds the event's scoring lock)."""
    teams_event = TeamsEvent.objects.filter(event=event).first()
    if teams_event is None:
        raise ScoringError(f"{event.name} has a teams format but no teams settings: create teams events with "
                           "their format, not by changing a pairs event's")
    options = teams_options(teams_event)
    matches = list(Match.objects.filter(event=event).order_by("round", "number"))
    results = list(Result.objects.filter(event=event, confirmed=True, ns__team__isnull=False,
                                         ew__team__isnull=False).select_related("ns", "ew"))
    teams = list(Team.objects.filter(event=event))
    changed = score_matches(event, teams_event, options, matches, results, {t.pk: t for t in teams})
    Match.objects.bulk_update(changed, ["status", "boards_compared", "imps_home", "imps_away", "vp_home",
                                        "vp_away"], batch_size=500)
    standings = [TeamStanding(event=event, **row) for row in rank_matches(matches, teams, options)]
    TeamStanding.objects.filter(event=event).delete()
    TeamStanding.objects.bulk_create(standings)
    return len(changed), len(standings)
