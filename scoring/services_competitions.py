"""Season competitions' writers: a director defines one (``competition_create``), sets a
handicap (``handicap_set``); each published or corrected event updates the rating and the
competitions it feeds (``event_feeds_update``, run by ``scoring.tasks.update_competitions``).
The tables are computed by ``scoring.engine.ladders`` and stored as ``CompetitionStanding``.

A club championship here is a named set of events carried over as a plain sum or an average
percentage (by ``scoring.engine.carryover``, as multi-session championships are); a
championship of its own sessions, with qualifiers, is ``tournaments.models.Championship``.
"""
from __future__ import annotations

import datetime
import math

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from cardroom import limits
from clubs.models import Club, Member
from tournaments.models import Event

from . import selectors_competitions as sel
from .engine import ladders
from .engine.errors import ScoringError
from .models import (CarryOver, Competition, CompetitionKind, CompetitionStanding, Handicap, HandicapSource,
                     LadderBasis)
from .services_rating import event_rate

K = CompetitionKind


def competition_table_compute(competition: Competition) -> tuple[list[ladders.Row], int]:
    """The competition's rows by the engine, and the events counted."""
    events = sel.competition_events(competition)
    outcomes = sel.competition_outcomes(competition, events)
    members = {o.player for o in outcomes}
    kind = competition.kind
    if kind == K.LADDER:
        points = ladders.PlacingPoints(tuple(competition.placing_points) or ladders.PlacingPoints().scale)
        rows = ladders.ladder(outcomes, best=competition.best, basis=competition.basis, points=points)
    elif kind == K.AVERAGE:
        rows = ladders.average(outcomes, minimum=competition.minimum)
    elif kind == K.MOST_IMPROVED:
        start = sel.ratings_at(members, sel.competition_start(competition, events))
        rows = ladders.most_improved(outcomes, start, minimum=competition.minimum)
    elif kind == K.MASTERPOINTS:
        scale = ladders.MasterpointScale.from_data(competition.scale) if competition.scale \
            else ladders.DEFAULT_MASTERPOINTS
        rows = ladders.masterpoints(outcomes, scale)
    elif kind == K.HANDICAP:
        rows = ladders.handicap_cup(outcomes, competition_handicaps(competition, members, events),
                                    best=competition.best, minimum=competition.minimum)
    else:
        rows = ladders.championship(outcomes, sessions=[e.pk for e in events], carry_over=competition.carry_over)
    return rows, len(events)


def competition_handicaps(competition: Competition, members, events) -> dict[int, float]:
    """The director's handicaps; else, for a cup from the rating, each member's from their
    rating at the start (``scoring.engine.ladders.handicap_of``)."""
    handicaps = {}
    if competition.handicap_source == HandicapSource.RATING:
        start = sel.ratings_at(members, sel.competition_start(competition, events))
        handicaps = {m: ladders.handicap_of(v) for m, v in start.items()}
    handicaps.update(Handicap.objects.filter(competition=competition).values_list("member_id", "value"))
    return handicaps


@transaction.atomic
def competition_standings_write(*, competition: Competition) -> int:
    """Recompute the competition's table and replace its stored rows (idempotent); returns the rows."""
    competition = Competition.objects.select_for_update().get(pk=competition.pk)
    rows, sessions = competition_table_compute(competition)
    CompetitionStanding.objects.filter(competition=competition).delete()
    CompetitionStanding.objects.bulk_create([
        CompetitionStanding(competition=competition, member_id=r.player, position=i, rank=r.rank,
                            score=r.score, played=r.played, qualified=r.qualified, counted=list(r.counted),
                            detail=list(r.detail))
        for i, r in enumerate(rows, start=1)], batch_size=2000)
    Competition.objects.filter(pk=competition.pk).update(computed_at=timezone.now(), sessions=sessions)
    return len(rows)


def event_feeds_update(*, event_id: int) -> dict:
    """After an event is published, corrected or unpublished: the club rating, then every
    competition the event falls in (and, when the rating was rebuilt, the competitions whose
    start ratings it may have changed). Idempotent: a second run rewrites the same rows."""
    event = Event.all_objects.filter(pk=event_id).first()
    if event is None:
        return {"rating": "unchanged", "competitions": []}
    rating = event_rate(event_id=event_id)
    updated = []
    for competition in Competition.objects.filter(club_id=event.club_id):
        rated_start = competition.kind == K.MOST_IMPROVED or (
            competition.kind == K.HANDICAP and competition.handicap_source == HandicapSource.RATING)
        start_moved = rating == "rebuilt" and rated_start and (
            competition.date_from is None or competition.date_from > event.date)
        if start_moved or sel.competition_counts(competition, event):
            competition_standings_write(competition=competition)
            updated.append(competition.pk)
    return {"rating": rating, "competitions": updated}


def _whole(value, field: str, *, low: int, high: int, blank: bool = True) -> int | None:
    if value in (None, "") and blank:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValidationError({field: [f"a whole number from {low} to {high}"]})
    return value


def _placing_points(value) -> list[float]:
    if value in (None, ""):
        return []
    if (not isinstance(value, list) or len(value) > limits.MAX_PLACINGS
            or any(isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v) or not 0 <= v <= 1000
                   for v in value)):
        raise ValidationError({"placing_points": [
            f"a list of at most {limits.MAX_PLACINGS} points from 0 to 1000, first place first"]})
    return [float(v) for v in value]


def _scale(value) -> dict:
    if value in (None, "", {}):
        return ladders.DEFAULT_MASTERPOINTS.as_data()
    if isinstance(value, dict) and isinstance(value.get("bands"), list):
        bands = value["bands"]
        if len(bands) > limits.MAX_MASTERPOINT_BANDS or any(
                isinstance(b, dict) and isinstance(b.get("awards"), list) and len(b["awards"]) > limits.MAX_PLACINGS
                for b in bands):
            raise ValidationError({"scale": [f"at most {limits.MAX_MASTERPOINT_BANDS} bands of at most "
                                             f"{limits.MAX_PLACINGS} awards"]})
    try:
        return ladders.MasterpointScale.from_data(value).as_data()
    except ScoringError as exc:
        raise ValidationError({"scale": [str(exc)]}) from None


@transaction.atomic
def competition_create(*, club: Club, name: str, kind: str, date_from: datetime.date | None = None,
                       date_to: datetime.date | None = None, events=(), best: int | None = None,
                       basis: str = LadderBasis.PERCENTAGE, placing_points=None, minimum: int = 1, scale=None,
                       carry_over: str = CarryOver.SUM, handicap_source: str = HandicapSource.RATING) -> Competition:
    """A new competition of the club, its table computed at once from the published events."""
    if Competition.objects.filter(club=club).count() >= limits.COMPETITIONS_PER_CLUB:
        raise ValidationError({"name": [f"a club has at most {limits.COMPETITIONS_PER_CLUB} competitions"]})
    event_ids = list(dict.fromkeys(e.pk if isinstance(e, Event) else e for e in events or ()))
    if len(event_ids) > limits.MAX_COMPETITION_EVENTS:
        raise ValidationError({"events": [f"at most {limits.MAX_COMPETITION_EVENTS} events"]})
    found = set(Event.objects.filter(club=club, pk__in=event_ids).values_list("pk", flat=True))
    if missing := [pk for pk in event_ids if pk not in found]:
        raise ValidationError({"events": [f"not events of this club: {', '.join(map(str, missing[:10]))}"]})
    if kind == K.CHAMPIONSHIP and not event_ids:
        raise ValidationError({"events": ["a championship is a named set of events: choose them"]})
    if not event_ids and date_from is None:
        raise ValidationError({"date_from": ["give the first day of the competition, or a set of events"]})
    if date_from and date_to and date_to < date_from:
        raise ValidationError({"date_to": ["the last day is before the first"]})
    competition = Competition(
        club=club, name=str(name or "").strip(), kind=kind, date_from=date_from, date_to=date_to,
        best=_whole(best, "best", low=1, high=limits.MAX_COMPETITION_EVENTS), basis=basis,
        placing_points=_placing_points(placing_points),
        minimum=_whole(minimum if minimum not in (None, "") else 1, "minimum", low=1,
                       high=limits.MAX_COMPETITION_EVENTS, blank=False),
        scale=_scale(scale) if kind == K.MASTERPOINTS else {}, carry_over=carry_over,
        handicap_source=handicap_source)
    competition.full_clean()
    competition.save()
    competition.events.set(event_ids)
    competition_standings_write(competition=competition)
    competition.refresh_from_db()
    return competition


@transaction.atomic
def handicap_set(*, competition: Competition, member: Member, value: float | None) -> Handicap | None:
    """The director's handicap for a member in a handicap cup (None: back to the cup's rule);
    the table is recomputed."""
    if competition.kind != K.HANDICAP:
        raise ValidationError({"competition": ["only a handicap cup has handicaps"]})
    if member.club_id != competition.club_id:
        raise ValidationError({"member": ["not a member of this club"]})
    handicap = None
    if value is None:
        Handicap.objects.filter(competition=competition, member=member).delete()
    else:
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) \
                or abs(value) > limits.MAX_HANDICAP:
            raise ValidationError({"value": [f"a handicap from -{limits.MAX_HANDICAP} to {limits.MAX_HANDICAP}"]})
        handicap, _ = Handicap.objects.update_or_create(competition=competition, member=member,
                                                        defaults={"value": round(float(value), 2)})
    competition_standings_write(competition=competition)
    return handicap


@transaction.atomic
def competition_delete(*, competition: Competition) -> None:
    competition.delete()
