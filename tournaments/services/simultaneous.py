"""Writes for simultaneous pairs: the organizer creates one and opens, closes and publishes it;
a club's director joins it with a heat (an ordinary pairs event of the club, its boards dealt
from the simultaneous' seed so every heat plays the same deals) and may withdraw that heat
before it starts. A heat's boards never change (``heat_boards_check``) and its hand records wait
for ``release_at`` (``tournaments.visibility``). A heat's rescore passes its results on to the
national ranking (``scoring.services_national.heat_rescored``, called by ``event_rescore``)."""
from __future__ import annotations

import datetime

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from cardroom.errors import Conflict
from cardroom.inputs import date_within
from tournaments.models import Event, EventStatus, Game, Heat, ScoringMethod, Simultaneous, SimultaneousStatus
from tournaments.movements.limits import MAX_BOARD_NUMBER

S = SimultaneousStatus
# The national ranking scores pairs across the field by matchpoints or IMPs (cross-IMPs/butler).
NATIONAL_SCORING = (ScoringMethod.MATCHPOINTS, ScoringMethod.IMPS, ScoringMethod.CROSS_IMPS)
NATIONAL_GAMES = (Game.DUPLICATE_BRIDGE,)
# (from, to) -> the organizer's action; anything else is refused.
TRANSITIONS = {(S.OPEN, S.CLOSED): "close", (S.CLOSED, S.OPEN): "open", (S.CLOSED, S.PUBLISHED): "publish",
               (S.OPEN, S.PUBLISHED): "publish", (S.PUBLISHED, S.CLOSED): "unpublish"}
ACTIONS = {"open": S.OPEN, "close": S.CLOSED, "publish": S.PUBLISHED, "unpublish": S.CLOSED}


class HeatConflict(Conflict):
    """A heat may not be joined, withdrawn or changed this way now (HTTP 409)."""


def _window(*, date, starts_at, ends_at, release_at) -> None:
    for field, value in (("date", date), ("starts_at", starts_at), ("ends_at", ends_at), ("release_at", release_at)):
        date_within(value, field)
    if ends_at <= starts_at:
        raise ValidationError({"ends_at": ["The start window closes after it opens."]})
    if release_at < starts_at:
        raise ValidationError({"release_at": ["The hand records are released after the start window opens "
                                              "(usually once the last heat has finished)."]})
    if starts_at.date() - date > datetime.timedelta(days=1) or date - starts_at.date() > datetime.timedelta(days=1):
        raise ValidationError({"starts_at": [f"The start window opens on the day of the simultaneous ({date})."]})


@transaction.atomic
def simultaneous_create(*, organizer, name: str, date, starts_at, ends_at, release_at, boards: int = 24,
                        scoring: str = ScoringMethod.MATCHPOINTS, game: str = Game.DUPLICATE_BRIDGE,
                        deal_seed: str | None = None) -> Simultaneous:
    """A new simultaneous of ``organizer``, open for clubs to join; one seed deals every heat."""
    if game not in NATIONAL_GAMES:
        raise ValidationError({"game": ["A simultaneous pairs is duplicate bridge."]})
    if scoring not in NATIONAL_SCORING:
        raise ValidationError({"scoring": [f"The national ranking is by {', '.join(NATIONAL_SCORING)}."]})
    if not 1 <= int(boards) <= MAX_BOARD_NUMBER:
        raise ValidationError({"boards": [f"A simultaneous plays 1 to {MAX_BOARD_NUMBER} boards."]})
    _window(date=date, starts_at=starts_at, ends_at=ends_at, release_at=release_at)
    fields = {"deal_seed": deal_seed} if deal_seed else {}
    sim = Simultaneous(organizer=organizer, name=name, date=date, game=game, scoring=scoring, boards=boards,
                       starts_at=starts_at, ends_at=ends_at, release_at=release_at, **fields)
    sim.full_clean()
    sim.save()
    return sim


@transaction.atomic
def simultaneous_update(*, simultaneous: Simultaneous, **fields) -> Simultaneous:
    """Change the name or the times; the boards, seed, game and scoring are fixed once a club has
    joined (its heat was dealt and set up for them)."""
    sim = Simultaneous.objects.select_for_update().get(pk=simultaneous.pk)
    fixed = [f for f in ("boards", "deal_seed", "game", "scoring", "date") if f in fields
             and fields[f] != getattr(sim, f)]
    if fixed and sim.heats.exists():
        raise HeatConflict(f"{fixed[0]}: clubs have joined and their heats were set up for it.", field=fixed[0])
    for name, value in fields.items():
        setattr(sim, name, value)
    _window(date=sim.date, starts_at=sim.starts_at, ends_at=sim.ends_at, release_at=sim.release_at)
    sim.full_clean()
    sim.save()
    return sim


@transaction.atomic
def simultaneous_transition(*, simultaneous: Simultaneous, action: str) -> Simultaneous:
    """The organizer opens, closes, publishes or unpublishes: a compare-and-set, a no-op when
    already there."""
    if action not in ACTIONS:
        raise ValidationError({"action": [f"One of {', '.join(ACTIONS)}."]})
    to = ACTIONS[action]
    source = Simultaneous.objects.filter(pk=simultaneous.pk).values_list("status", flat=True).first()
    if source == to:
        simultaneous.refresh_from_db()
        return simultaneous
    if TRANSITIONS.get((source, to)) != action:
        raise HeatConflict(f"A simultaneous that is {S(source).label.lower()} cannot {action}.", field="status")
    Simultaneous.objects.filter(pk=simultaneous.pk, status=source).update(status=to)
    simultaneous.refresh_from_db()
    return simultaneous


@transaction.atomic
def heat_join(*, simultaneous: Simultaneous, club, name: str = "", created_by=None,
              movement: dict | None = None) -> Heat:
    """``club`` joins with its heat: a pairs event of the club on the simultaneous' date, game and
    scoring, its boards dealt now from the simultaneous' seed (the same deals in every heat).
    The club chooses its movement here or later, as for any event."""
    from .boards import boardset_deal
    from .events import event_setup

    sim = Simultaneous.objects.select_for_update().get(pk=simultaneous.pk)
    if sim.status != S.OPEN:
        raise HeatConflict(f"{sim.name} is {sim.get_status_display().lower()}: clubs join while it is open.",
                           field="simultaneous")
    if timezone.now() >= sim.ends_at:
        raise HeatConflict(f"The start window of {sim.name} has closed.", field="simultaneous")
    if Heat.objects.filter(simultaneous=sim, club=club).exists():
        raise HeatConflict(f"{club.name} already has a heat in {sim.name}.", field="club")
    event = event_setup(club=club, name=name or sim.name, date=sim.date, game=sim.game, scoring=sim.scoring,
                        created_by=created_by, deal_seed=sim.deal_seed, movement=movement)
    heat = Heat.objects.create(simultaneous=sim, club=club, event=event)
    event.__dict__.pop("_heat", None)  # event_setup looked before the heat existed
    boardset_deal(event=event, seed=sim.deal_seed, count=sim.boards)
    if movement:
        heat_boards_check(event=event, numbers=event_numbers(event))
    return heat


@transaction.atomic
def heat_withdraw(*, heat: Heat) -> None:
    """The club withdraws its heat before it starts: the heat and its event go."""
    event = Event.objects.select_for_update().get(pk=heat.event_id)
    if event.status != EventStatus.DRAFT:
        raise HeatConflict(f"The heat of {heat.club.name} has started: it can no longer be withdrawn.",
                           field="heat")
    heat.delete()
    event.delete()


def event_numbers(event: Event) -> set[int]:
    return {b for s in event.sections.all() for b in s.schedule.board_numbers()}


def heat_of(event: Event) -> Heat | None:
    """The heat ``event`` is, or None (cached on the event for the request)."""
    if "_heat" not in event.__dict__:
        event.__dict__["_heat"] = (Heat.objects.select_related("simultaneous").filter(event_id=event.pk).first()
                                   if event.pk else None)
    return event.__dict__["_heat"]


def heat_boards_check(*, event: Event, numbers=(), seed: str | None = None, source: str = "dealt") -> None:
    """A heat plays the simultaneous' boards, dealt from its seed: no other seed, no imported or
    copied set, and no board outside the set (400 naming ``boards``)."""
    heat = heat_of(event)
    if heat is None:
        return
    sim = heat.simultaneous
    if source != "dealt" or (seed and seed != sim.deal_seed):
        raise ValidationError({"boards": [f"This event is {heat.club.name}'s heat of {sim.name}: it plays the "
                                          "simultaneous' boards, dealt from its seed, and they cannot change."]})
    outside = sorted(int(n) for n in numbers if not 1 <= int(n) <= sim.boards)
    if outside:
        raise ValidationError({"movement": [f"{sim.name} has boards 1-{sim.boards}; this movement plays boards "
                                            f"up to {outside[-1]}. Choose one with fewer boards."]})


def heat_start_check(*, event: Event) -> None:
    """A heat starts inside the simultaneous' start window (409 otherwise)."""
    heat = heat_of(event)
    if heat is None:
        return
    sim, now = heat.simultaneous, timezone.now()
    if now < sim.starts_at:
        raise HeatConflict(f"The heats of {sim.name} start from {timezone.localtime(sim.starts_at):%H:%M %d %b}.",
                           field="status")
    if now > sim.ends_at:
        raise HeatConflict(f"The start window of {sim.name} closed at "
                           f"{timezone.localtime(sim.ends_at):%H:%M %d %b}.", field="status")
