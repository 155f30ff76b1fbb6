"""A teams event's rounds drawn: round 1 at the start, each next round by its format (Swiss from
the standings once the previous round is complete, round robin from the circle schedule, knockout
from the winners), a drawn round re-drawn or two of its teams swapped while it has no results.

Each drawn round is a list of (home, away) team numbers (away 0: a bye). It becomes the round's
``Match`` rows and a ``RoundPlan`` appended to the section's movement by the pure
``tournaments.movements.teams.match_round_plan`` (match m at tables 2m-1, the open room, and 2m,
the closed room); the boards of round r are the r-th set of ``boards_per_match``."""
from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q

from cardroom import limits
from cardroom.errors import Conflict
from tournaments.models import (BoardNotPlayed, Entry, EntryStatus, Event, EventFormat, EventStatus, Match,
                                MatchStatus, Result, Section, Team, TeamsEvent, TeamStanding, TeamStatus)
from tournaments.movements.model import board_set

from tournaments.movements import teams as draws
from .options import teams_options

Pairing = list[tuple[int, int]]


class DrawRefused(Conflict):
    """A round that may not be drawn, re-drawn or changed now (HTTP 409): the detail says why."""


def _locked(event: Event) -> TeamsEvent:
    return TeamsEvent.objects.select_for_update().select_related("event").get(event=event)


def _section(event: Event) -> Section:
    return Section.objects.select_for_update().filter(event=event).order_by("position").first()


def planned_rounds(event: Event, teams_event: TeamsEvent, field: int) -> int:
    """The rounds the format plays: as planned, or a complete round robin's, or a knockout's
    stages times its segments; 0 when the knockout's size is not known yet."""
    options = teams_options(teams_event)
    if event.format == EventFormat.ROUND_ROBIN:
        complete = field - 1 + field % 2
        return min(teams_event.rounds, complete) if teams_event.rounds else complete
    if event.format == EventFormat.KNOCKOUT:
        stages = max(1, (field - 1).bit_length())
        return teams_event.rounds or stages * options["segments"]
    return teams_event.rounds


def eligible(event: Event, round_number: int) -> list[Team]:
    """The teams that play round ``round_number``: entered by then and not withdrawn before it."""
    return [t for t in Team.objects.filter(event=event).order_by("number")
            if t.joined_round <= round_number and (t.status == TeamStatus.ACTIVE or
                                                   (t.withdrawn_after_round or 0) >= round_number)]


def round_pairing(event: Event, round_number: int) -> Pairing:
    """The drawn round as (home, away) team numbers (away 0: a bye), in match order."""
    rows = Match.objects.filter(event=event, round=round_number).select_related("home", "away")
    return [(m.home.number, m.away.number if m.away_id else 0) for m in rows.order_by("number")]


def _played(event: Event, before: int) -> Pairing:
    rows = Match.objects.filter(event=event, round__lt=before).select_related("home", "away")
    return [(m.home.number, m.away.number if m.away_id else 0) for m in rows]


def round_robin_places(event: Event) -> list[int]:
    """The round robin's places: the teams entered before the start, by number (fixed then)."""
    return list(Team.objects.filter(event=event, joined_round=1).order_by("number").values_list("number", flat=True))


def _pairing(event: Event, teams_event: TeamsEvent, round_number: int) -> Pairing:
    """Round ``round_number``'s draw by the event's format, from the stored rows."""
    options = teams_options(teams_event)
    playing = [t.number for t in eligible(event, round_number)]
    if event.format == EventFormat.ROUND_ROBIN:
        places = round_robin_places(event)
        schedule = draws.round_robin(len(places))
        matches = [(places[a - 1], places[b - 1]) for a, b in schedule[round_number - 1]]
        drawn = {t for m in matches for t in m}
        pairing = []
        for home, away in matches:  # a withdrawn team's opponent has a bye
            if home in playing and away in playing:
                pairing.append((home, away))
            elif home in playing or away in playing:
                pairing.append((home if home in playing else away, 0))
        pairing += [(t, 0) for t in places if t not in drawn and t in playing]
        return pairing
    if event.format == EventFormat.KNOCKOUT:
        from .knockout import knockout_round

        return knockout_round(event, teams_event, round_number, playing)
    if len(playing) < 2:
        raise DrawRefused(f"Round {round_number} needs two teams or more ({len(playing)} playing).")
    if round_number == 1:
        seeds = {t.number: t.seed for t in eligible(event, 1) if t.seed}
        return draws.first_round_pairing(playing, method=options["first_round"], seeds=seeds,
                                        seed=options["draw_seed"] or event.deal_seed)
    order = list(TeamStanding.objects.filter(event=event, team__number__in=playing).order_by("position")
                 .values_list("team__number", flat=True))
    order += [t for t in playing if t not in order]  # late teams start at the bottom
    try:
        return draws.swiss_pairing(order, _played(event, round_number))
    except draws.TeamsError as exc:
        raise DrawRefused(f"Round {round_number} cannot be drawn: {exc}.") from None


def _ordered(pairing: Pairing) -> Pairing:
    """Matches first (match m at tables 2m-1 and 2m), then byes."""
    return [p for p in pairing if p[0] and p[1]] + [(p[0] or p[1], 0) for p in pairing if not (p[0] and p[1])]


def round_boards(teams_event: TeamsEvent, round_number: int) -> tuple[int, ...]:
    return board_set(round_number, teams_event.boards_per_match)


def _write(event: Event, teams_event: TeamsEvent, round_number: int, pairing: Pairing, *,
           ties: dict[tuple[int, int], tuple[str, int]] | None = None,
           boards: tuple[int, ...] | None = None) -> list[Match]:
    """Store round ``round_number`` as drawn: its plan in the section's movement (replacing a
    plan of that round), its ``Match`` rows (replacing any), more boards dealt if needed.
    ``boards``: the round's boards when not its own set (a draw made elsewhere)."""
    boards = tuple(boards) if boards else round_boards(teams_event, round_number)
    if max(boards) > limits.MAX_BOARD_NUMBER:
        raise ValidationError({"round": [f"Round {round_number} of {teams_event.boards_per_match} boards needs "
                                         f"boards up to {max(boards)}: the highest "
                                         f"board number is {limits.MAX_BOARD_NUMBER} (limit)."]})
    pairing = _ordered(pairing)
    section = _section(event)
    try:
        plan = draws.match_round_plan(round_number, pairing, boards)
        plans = [p for p in section.schedule if p.round != round_number] + [plan]
        movement = draws.teams_movement(sorted(plans, key=lambda p: p.round),
                                       boards_per_round=teams_event.boards_per_match)
    except (draws.TeamsError, ValueError) as exc:
        raise DrawRefused(f"Round {round_number} cannot be drawn: {exc}.") from None
    section.movement = movement.stored()
    section.save(update_fields=["movement"])
    Match.objects.filter(event=event, round=round_number).delete()
    teams = {t.number: t for t in Team.objects.filter(event=event)}
    rows, table = [], 1
    for number, (home, away) in enumerate(pairing, start=1):
        tie, segment = (ties or {}).get((home, away), ("", 1))
        row = Match(event=event, round=round_number, number=number, home=teams[home],
                    away=teams[away] if away else None, tie=tie, segment=segment,
                    status=MatchStatus.DRAWN if away else MatchStatus.COMPLETE)
        if away:
            row.table_open, row.table_closed = table, table + 1
            table += 2
        rows.append(row)
    Match.objects.bulk_create(rows)
    from scoring.services import event_rescore_later

    event_rescore_later(event=event, force=True)  # the new matches' byes scored, the standings with them
    if event.status == EventStatus.PLAYING:
        from ..boards import boardset_extend

        boardset_extend(event=event, numbers=boards)
    return rows


def _refuse_played(event: Event, round_number: int, what: str) -> None:
    results = Result.objects.filter(event=event, round=round_number).count()
    reports = BoardNotPlayed.objects.filter(event=event, round=round_number).count()
    if results or reports:
        raise DrawRefused(f"Round {round_number} cannot be {what}: its tables have entered {results} result"
                          f"{'s' if results != 1 else ''}" + (f" and {reports} not-played report"
                                                              f"{'s' if reports != 1 else ''}" if reports else "")
                          + " (delete them first, or draw the next round).")


def _complete(event: Event, round_number: int) -> None:
    """Swiss and knockout: the next round is drawn from the last one's scores, so it must be
    complete (every board compared in both rooms of every match) and the standings current."""
    from scoring.selectors import StandingsBehind, standings_health
    from scoring.services import event_rescore_recorded

    event_rescore_recorded(event_id=event.pk, force=True)  # the rooms' latest results, scored now
    health = standings_health(event)
    if not health["current"]:
        raise StandingsBehind(health["message"])
    waiting = list(Match.objects.filter(event=event, round=round_number, away__isnull=False)
                   .exclude(status=MatchStatus.COMPLETE).order_by("number").values_list("number", flat=True))
    if waiting:
        raise DrawRefused(f"Round {round_number} is not complete: match{'es' if len(waiting) > 1 else ''} "
                          f"{', '.join(map(str, waiting))} still wait{'s' if len(waiting) == 1 else ''} for "
                          "results (GET …/matches/?round=" + str(round_number) + " shows which boards).")


def _join_late(event: Event, round_number: int) -> None:
    """A re-drawn round takes the teams entered since it was drawn (they join from it)."""
    late = Team.objects.filter(event=event, status=TeamStatus.ACTIVE, joined_round=round_number + 1)
    Entry.objects.filter(team__in=late, status=EntryStatus.ACTIVE).update(joined_round=round_number)
    late.update(joined_round=round_number)


@transaction.atomic
def teams_round_draw(*, event: Event, round_number: int) -> list[Match]:
    """Draw the next round (``current_round + 1``), or re-draw the current one while it has no
    results. Swiss and knockout need the previous round complete; a round robin's next round may
    be drawn as soon as the previous one is. Round 1 is drawn by the start."""
    teams_event = _locked(event)
    event = Event.objects.get(pk=event.pk)
    current = teams_event.current_round
    if not event.is_teams:
        raise DrawRefused(f"{event.name} is not a teams event.")
    if event.status != EventStatus.PLAYING:
        raise DrawRefused("Rounds are drawn while the event is in play: start it (Start draws round 1)."
                          if event.status == EventStatus.DRAFT else
                          f"The event is {event.get_status_display().lower()}: reopen it to draw a round.")
    if round_number == current:
        _refuse_played(event, round_number, "re-drawn")
        _join_late(event, round_number)
        Match.objects.filter(event=event, round=round_number).delete()  # its byes out of the standings
        if event.format == EventFormat.SWISS and round_number > 1:
            _complete(event, round_number - 1)  # the standings it is paired from, rescored without it
    elif round_number != current + 1:
        raise ValidationError({"round": [f"Round {current} is drawn: draw round {current + 1} next, or re-draw "
                                         f"round {current}."]})
    else:
        field = len(round_robin_places(event)) if event.format == EventFormat.ROUND_ROBIN else \
            len(eligible(event, round_number))
        planned = planned_rounds(event, teams_event, field)
        if planned and round_number > planned:
            raise DrawRefused(f"All {planned} rounds are drawn: finish the event.")
        if event.format != EventFormat.ROUND_ROBIN:
            _complete(event, current)
    ties = None
    if event.format == EventFormat.KNOCKOUT:
        from .knockout import knockout_ties

        pairing, ties = knockout_ties(event, teams_event, round_number)
    else:
        pairing = _pairing(event, teams_event, round_number)
    rows = _write(event, teams_event, round_number, pairing, ties=ties)
    if round_number > current:
        TeamsEvent.objects.filter(pk=teams_event.pk).update(current_round=round_number)
        Event.objects.filter(pk=event.pk, current_round__lt=round_number).update(current_round=round_number)
    return rows


@transaction.atomic
def teams_round_set(*, event: Event, round_number: int, pairing: Pairing,
                    boards: tuple[int, ...] | None = None) -> list[Match]:
    """A round drawn elsewhere (an imported event's matches, as its file lists them) stored as a
    draw is: (home, away) team numbers, away 0 a bye, on ``boards`` (default: the round's set).
    Refused once the round has results."""
    teams_event = _locked(event)
    _refuse_played(event, round_number, "changed")
    rows = _write(event, teams_event, round_number, pairing, boards=boards)
    if round_number > teams_event.current_round:
        TeamsEvent.objects.filter(pk=teams_event.pk).update(current_round=round_number)
        Event.objects.filter(pk=event.pk, current_round__lt=round_number).update(current_round=round_number)
    return rows


@transaction.atomic
def teams_round_swap(*, event: Event, round_number: int, teams: tuple[int, int]) -> list[Match]:
    """Swap two teams of a drawn round before it is played (a director's change to the draw):
    each takes the other's place (opponent, room, or bye); two opponents swap home and away."""
    teams_event = _locked(event)
    if event.status != EventStatus.PLAYING or not 1 <= round_number <= teams_event.current_round:
        raise ValidationError({"round": [f"Round {round_number} is not drawn."]})
    a, b = teams
    if a == b:
        raise ValidationError({"teams": ["Name two different teams."]})
    pairing = [list(p) for p in round_pairing(event, round_number)]
    where = {t: (i, j) for i, p in enumerate(pairing) for j, t in enumerate(p) if t}
    for t in (a, b):
        if t not in where:
            raise ValidationError({"teams": [f"Team {t} is not in round {round_number}'s draw."]})
    _refuse_played(event, round_number, "changed")
    (ia, ja), (ib, jb) = where[a], where[b]
    pairing[ia][ja], pairing[ib][jb] = b, a
    ties = {(m.home.number, m.away.number if m.away_id else 0): (m.tie, m.segment)
            for m in Match.objects.filter(event=event, round=round_number).select_related("home", "away")}
    new_ties = {}
    for (h, w), old in zip([tuple(p) for p in pairing], ties.values()):
        new_ties[(h, w)] = old
    return _write(event, teams_event, round_number, [tuple(p) for p in pairing], ties=new_ties)


@transaction.atomic
def teams_start(*, event: Event, user=None) -> Event:
    """Start a teams event: round 1 drawn (Swiss seeded or at random from the seed, round robin
    by the circle method, knockout by seed), its boards dealt, the event in play (through the
    one lifecycle). A second start changes nothing."""
    from ..lifecycle import event_transition
    from ..results import event_attach_boards

    teams_event = _locked(event)
    event = Event.objects.get(pk=event.pk)
    if event.status == EventStatus.PLAYING:
        return event
    if event.status != EventStatus.DRAFT:
        raise ValidationError({"status": [f"The event is {event.get_status_display().lower()}: it has been "
                                          "played (a director may reopen a finished event)."]})
    active = Team.objects.filter(event=event, status=TeamStatus.ACTIVE).count()
    if active < 2:
        raise ValidationError({"teams": [f"Enter two teams or more before starting ({active} entered)."]})
    if teams_event.current_round == 0:
        ties = None
        if event.format == EventFormat.KNOCKOUT:
            from .knockout import knockout_ties

            pairing, ties = knockout_ties(event, teams_event, 1)
        else:
            pairing = _pairing(event, teams_event, 1)
        _write(event, teams_event, 1, pairing, ties=ties)
        TeamsEvent.objects.filter(pk=teams_event.pk).update(current_round=1)
    event_attach_boards(event=event)
    event = event_transition(event=event, to=EventStatus.PLAYING, user=user)
    Event.objects.filter(pk=event.pk, current_round=0).update(current_round=1)
    event.refresh_from_db()
    return event


def team_entries(team: Team) -> dict[str, Entry]:
    """The team's two pairs by direction ("NS", "EW")."""
    return {e.label[len(str(team.number)):]: e for e in Entry.objects.filter(team=team).filter(
        Q(label=f"{team.number}NS") | Q(label=f"{team.number}EW"))}
