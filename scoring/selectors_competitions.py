"""Reads for season competitions and the club rating: the outcomes a competition counts, a
member's rating (``member_rating``, for the member's page and ``/me/``), a competition's table."""
from __future__ import annotations

import datetime
from collections import Counter

from django.db.models import Q

from clubs.models import Member
from tournaments.models import Event, EventStatus, PartyStanding

from .engine.ladders import Outcome
from .engine.rating import RatingRules
from .models import Competition, CompetitionKind, CompetitionStanding, LadderBasis, Rating, RatingChange, Standing

SETTLED_BOARDS = int(RatingRules().memory)  # a rating behind fewer boards is still settling


def competition_events(competition: Competition) -> list[Event]:
    """The published events a competition counts: its named set, or every event in its dates."""
    events = Event.objects.filter(club_id=competition.club_id, status=EventStatus.PUBLISHED)
    if competition.pk and competition.events.exists():
        events = events.filter(pk__in=competition.events.values("pk"))
    else:
        if competition.date_from:
            events = events.filter(date__gte=competition.date_from)
        if competition.date_to:
            events = events.filter(date__lte=competition.date_to)
    return list(events.order_by("date", "pk"))


def competition_counts(competition: Competition, event: Event) -> bool:
    """Whether an event (published or not) falls in the competition."""
    if competition.events.exists():
        return competition.events.filter(pk=event.pk).exists()
    return ((competition.date_from is None or event.date >= competition.date_from)
            and (competition.date_to is None or event.date <= competition.date_to))


def _place(rank: str | int) -> int:
    try:
        return int(str(rank).rstrip("="))
    except ValueError:
        return 0


def pair_outcomes(event_ids: list[int]) -> list[Outcome]:
    """Each member's share of their pair's standing: place and size in their field (section, or
    direction of a two-winner section), the tied pairs, the percentage, the partner."""
    rows = list(Standing.objects.filter(event_id__in=event_ids)
                .values_list("event_id", "event__date", "section_id", "section__name", "field", "rank",
                             "percentage", "entry__member_a_id", "entry__member_b_id"))
    sizes = Counter((r[0], r[2], r[4]) for r in rows)
    ties = Counter((r[0], r[2], r[4], r[5]) for r in rows)
    out = []
    for event_id, date, section_id, section, field, rank, pct, a, b in rows:
        for player, partner in ((a, b), (b, a)):
            if player is not None:
                out.append(Outcome(player, event_id, date, _place(rank), sizes[(event_id, section_id, field)], pct,
                                   ties[(event_id, section_id, field, rank)], partner, section))
    return out


def party_outcomes(event_ids: list[int]) -> list[Outcome]:
    """Members' places in parties (whist drives, euchre, hearts, poker) among players of their category."""
    rows = list(PartyStanding.objects.filter(party__event_id__in=event_ids)
                .values_list("party__event_id", "party__event__date", "player__category", "rank",
                             "player__member_id"))
    sizes = Counter((r[0], r[2]) for r in rows)
    ties = Counter((r[0], r[2], r[3]) for r in rows)
    return [Outcome(member, event_id, date, rank, sizes[(event_id, category)], None,
                    ties[(event_id, category, rank)])
            for event_id, date, category, rank, member in rows if member is not None]


def competition_outcomes(competition: Competition, events: list[Event] | None = None) -> list[Outcome]:
    ids = [e.pk for e in (events if events is not None else competition_events(competition))]
    outcomes = pair_outcomes(ids)
    if competition.kind == CompetitionKind.LADDER and competition.basis == LadderBasis.PLACINGS:
        outcomes += party_outcomes(ids)
    return outcomes


def ratings_at(member_ids, date: datetime.date | None) -> dict[int, float]:
    """Each member's rating before ``date`` (their last change on an earlier day); None: now."""
    if date is None:
        return dict(Rating.objects.filter(member_id__in=member_ids).values_list("member_id", "value"))
    out = {}
    for member_id, after in (RatingChange.objects.filter(member_id__in=member_ids, date__lt=date)
                             .order_by("member_id", "date", "event_id").values_list("member_id", "after")):
        out[member_id] = after  # the last one wins
    return out


def competition_start(competition: Competition, events: list[Event]) -> datetime.date | None:
    return competition.date_from or (events[0].date if events else None)


def competition_table(competition: Competition) -> list[dict]:
    """The stored table, in order, with the members' names."""
    rows = CompetitionStanding.objects.filter(competition=competition).select_related("member").order_by("position")
    return [{"rank": r.rank, "member": r.member, "name": r.member.full_name, "score": r.score, "played": r.played,
             "qualified": r.qualified, "detail": r.detail, "counted": r.counted,
             "detail_text": ", ".join(f"{v:g}" if isinstance(v, int) else f"{v:.2f}" for v in r.detail)} for r in rows]


def club_competitions(club) -> list[Competition]:
    return list(Competition.objects.filter(club=club).order_by("-date_from", "name", "pk"))


def member_rating(member: Member, *, history: int = 20) -> dict | None:
    """A member's club rating for their page: ``value`` (a percentage), ``boards``, ``sessions``,
    ``date`` of the last, ``settled`` (at least SETTLED_BOARDS boards behind it), and the last
    ``history`` changes (event, date, par, percentage, before, after), newest first. None when
    the member has no rated result."""
    rating = Rating.objects.filter(member=member).first()
    if rating is None:
        return None
    changes = (RatingChange.objects.filter(member=member).select_related("event")
               .order_by("-date", "-event_id")[:history])
    return {"value": rating.value, "boards": rating.boards, "sessions": rating.sessions, "date": rating.date,
            "settled": rating.boards >= SETTLED_BOARDS,
            "history": [{"event": c.event, "date": c.date, "par": c.par, "percentage": c.percentage,
                         "before": c.before, "after": c.after, "boards": c.boards} for c in changes]}


def club_ratings(club, *, limit: int = 500) -> list[Rating]:
    return list(Rating.objects.filter(club=club).select_related("member").filter(
        Q(member__deleted_at__isnull=True)).order_by("-value")[:limit])
