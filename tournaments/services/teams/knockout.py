"""A knockout's rounds: each tie is played in ``options.segments`` segments, one round each (the
same two teams, new boards); the first stage is the bracket by seed, each next stage the winners
of the last in bracket order. A tie's winner is ``scoring.engine.teams.knockout_winner`` over its
segments (carry-over included in the first segment's score) by the event's ``tie_rule``; a tie
the rule leaves level goes to the higher seed."""
from __future__ import annotations

from tournaments.models import Event, Match, Team, TeamsEvent

from tournaments.movements import teams as draws
from scoring.engine.teams import knockout_winner
from .options import teams_options


def stage_of(round_number: int, segments: int) -> tuple[int, int]:
    """(stage, segment) of a round: stage 1 is rounds 1..segments, and so on."""
    return (round_number - 1) // segments + 1, (round_number - 1) % segments + 1


def seed_order(event: Event, playing: list[int] | None = None) -> list[int]:
    """Team numbers best seed first: by seed (teams without one after), then by number."""
    teams = Team.objects.filter(event=event, joined_round=1).order_by("number")
    order = [t for t in teams if playing is None or t.number in playing]
    order.sort(key=lambda t: (t.seed is None, t.seed or 0, t.number))
    return [t.number for t in order]


def knockout_round(event: Event, teams_event: TeamsEvent, round_number: int, playing: list[int]):
    return knockout_ties(event, teams_event, round_number)[0]


def tie_winners(event: Event, teams_event: TeamsEvent, stage: int) -> list[int]:
    """The winners of a stage's ties in bracket order (a bye's team goes through)."""
    options = teams_options(teams_event)
    segments = options["segments"]
    rows = list(Match.objects.filter(event=event, tie__startswith=f"{stage}-").select_related("home", "away")
                .order_by("round", "number"))
    ranks = {t: k for k, t in enumerate(seed_order(event), start=1)}
    ties: dict[str, list[Match]] = {}
    for m in rows:
        ties.setdefault(m.tie, []).append(m)
    out = []
    for tie in sorted(ties, key=lambda t: int(t.split("-")[1])):
        first = ties[tie][0]
        if first.is_bye:
            out.append(first.home.number)
            continue
        home, away = first.home.number, first.away.number
        scores = [(m.imps_home, m.imps_away) for m in ties[tie] if (m.home.number, m.away.number) == (home, away)]
        scores += [(m.imps_away, m.imps_home) for m in ties[tie] if (m.home.number, m.away.number) == (away, home)]
        result = knockout_winner(scores, segments_planned=segments, tie_rule=options["tie_rule"],
                                 seeds=(ranks.get(home), ranks.get(away)))
        winner = result.winner
        if winner is None:  # still level after the rule: the higher seed goes through
            winner = "home" if ranks.get(home, 999) < ranks.get(away, 999) else "away"
        out.append(home if winner == "home" else away)
    return out


def knockout_ties(event: Event, teams_event: TeamsEvent, round_number: int):
    """Round ``round_number``'s pairing and each match's (tie, segment)."""
    segments = teams_options(teams_event)["segments"]
    stage, segment = stage_of(round_number, segments)
    if segment > 1:
        rows = Match.objects.filter(event=event, round=round_number - 1).select_related("home", "away")
        pairing = [(m.home.number, m.away.number if m.away_id else 0) for m in rows]
        return pairing, {p: (m.tie, segment) for p, m in zip(pairing, rows)}
    if stage == 1:
        pairing = draws.knockout_pairing(seed_order(event, [t.number for t in Team.objects.filter(
            event=event, status="active")]))
    else:
        winners = tie_winners(event, teams_event, stage - 1)
        if len(winners) < 2:
            from .draw import DrawRefused

            raise DrawRefused("The knockout is over: its final has a winner.")
        pairing = draws.knockout_next(winners)
    return pairing, {p: (f"{stage}-{k}", 1) for k, p in enumerate(pairing, start=1)}
