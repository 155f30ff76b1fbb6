"""Writes for multi-session championships: a director sets one up (``championship_create``),
makes an event of the club a session (``championship_session_add``), adds the next session
carrying the pairs that go on (``championship_next_session``: a new ordinary event, its
entries pointing back at the same pairs' entries), and records a substitute
(``entry_substitute``). The cumulative table is ``scoring.services_championships``'."""
from __future__ import annotations

import datetime

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max

from cardroom import limits
from cardroom.errors import Conflict
from clubs.models import Guest, Member
from clubs.services import guest_record
from tournaments.models import CarryRule, Championship, Entry, EntryStatus, Event, EventStatus, Substitution

from .entries import entry_add
from .events import event_setup

DONE = (EventStatus.FINISHED, EventStatus.PUBLISHED)


def standings_follow(championship: Championship) -> None:
    """The cumulative table is rebuilt after commit (``scoring.tasks.championship_standings``)."""
    from cardroom.tasks import enqueue_once_on_commit
    from scoring.tasks import championship_standings

    enqueue_once_on_commit(championship_standings, championship.pk)


def _rules(*, carry_over: str, carry_factor, qualify_top, qualify_per_section: bool) -> dict:
    if carry_over not in CarryRule.values:
        raise ValidationError({"carry_over": [f"one of {', '.join(CarryRule.values)}"]})
    factor = 1.0 if carry_factor in (None, "") else carry_factor
    if isinstance(factor, bool) or not isinstance(factor, (int, float)) or not 0 <= factor <= 1:
        raise ValidationError({"carry_factor": ["a fraction from 0 to 1, e.g. 0.25"]})
    if carry_over != CarryRule.FACTORED and factor != 1:
        raise ValidationError({"carry_factor": ["only a factored carry-over takes a factor"]})
    if qualify_top in ("",):
        qualify_top = None
    if qualify_top is not None and (isinstance(qualify_top, bool) or not isinstance(qualify_top, int)
                                    or not 1 <= qualify_top <= limits.MAX_PAIRS):
        raise ValidationError({"qualify_top": [f"a whole number of pairs from 1 to {limits.MAX_PAIRS}"]})
    if qualify_per_section and qualify_top is None:
        raise ValidationError({"qualify_per_section": ["give the cut-off (qualify_top) to take per section"]})
    return {"carry_over": carry_over, "carry_factor": float(factor), "qualify_top": qualify_top,
            "qualify_per_section": bool(qualify_per_section)}


@transaction.atomic
def championship_create(*, club, name: str, carry_over: str = CarryRule.SUM, carry_factor: float | None = None,
                        qualify_top: int | None = None, qualify_per_section: bool = False,
                        event: Event | None = None, created_by=None) -> Championship:
    """A new championship of the club; ``event``, when given, becomes its first session."""
    if Championship.objects.filter(club=club).count() >= limits.CHAMPIONSHIPS_PER_CLUB:
        raise ValidationError({"name": [f"a club keeps at most {limits.CHAMPIONSHIPS_PER_CLUB} championships"]})
    name = " ".join(str(name or "").split())
    if not name:
        raise ValidationError({"name": ["give the championship a name"]})
    championship = Championship(club=club, name=name, created_by=created_by,
                                **_rules(carry_over=carry_over, carry_factor=carry_factor, qualify_top=qualify_top,
                                         qualify_per_section=qualify_per_section))
    championship.full_clean()
    championship.save()
    if event is not None:
        championship_session_add(championship=championship, event=event)
    return championship


def _sessions(championship: Championship) -> list[Event]:
    return list(Event.objects.filter(championship=championship).order_by("session"))


def _next_number(championship: Championship) -> int:
    """The next session's number: after every session, those in the trash too (they keep theirs)."""
    last = Event.all_objects.filter(championship=championship).aggregate(last=Max("session"))["last"]
    return (last or 0) + 1


def _refuse_kind(event: Event) -> None:
    if not event.is_duplicate or event.is_teams:
        raise ValidationError({"event": ["a session of a championship is a pairs or individual duplicate event"]})


@transaction.atomic
def championship_session_add(*, championship: Championship, event: Event) -> Event:
    """Make an existing event of the club the championship's next session (its pairs start
    their identity here)."""
    Championship.objects.select_for_update().filter(pk=championship.pk).first()
    if event.club_id != championship.club_id:
        raise ValidationError({"event": ["not an event of this club"]})
    _refuse_kind(event)
    if event.championship_id is not None:
        if event.championship_id == championship.pk:
            return event
        raise ValidationError({"event": ["the event is already a session of another championship"]})
    sessions = _sessions(championship)
    if len(sessions) >= limits.MAX_SESSIONS:
        raise ValidationError({"event": [f"a championship has at most {limits.MAX_SESSIONS} sessions"]})
    Event.objects.filter(pk=event.pk).update(championship=championship, session=_next_number(championship))
    event.refresh_from_db()
    standings_follow(championship)
    return event


def identity(entry: Entry) -> Entry:
    """The pair's first entry in the championship (who it is in every session)."""
    seen = set()
    while entry.carried_from_id is not None and entry.pk not in seen:
        seen.add(entry.pk)
        entry = entry.carried_from
    return entry


def going_on(previous: Event, *, qualified_only: bool) -> list[Entry]:
    """The pairs of ``previous`` that play the next session: its qualifiers by the cumulative
    table (every active pair without a cut-off, or when ``qualified_only`` is off)."""
    from scoring.models import CumulativeStanding

    active = list(previous.entries.filter(status=EntryStatus.ACTIVE).select_related("section").defer("section__movement").order_by("section", "id"))
    if not qualified_only or previous.championship.qualify_top is None:
        return active
    if previous.status not in DONE:
        raise Conflict(f"{previous.name} is not finished: its qualifiers are known once it is.")
    chosen = dict(CumulativeStanding.objects.filter(event=previous, qualified=True)
                  .values_list("entry_id", "position"))
    if not chosen:
        raise Conflict(f"{previous.name} has no cumulative standings yet: score its results first.")
    return sorted((e for e in active if e.pk in chosen), key=lambda e: chosen[e.pk])


@transaction.atomic
def championship_next_session(*, championship: Championship, date: datetime.date, movement: dict | None = None,
                              name: str = "", qualified_only: bool = True, user=None) -> Event:
    """The next session: a new event like the last one (game, scoring, format, convention),
    with ``movement`` (None: the first movement suggested for the pairs going on), whose entries are the pairs going on, each pointing back to its entry in
    the last session (a substitute there is not carried: the pair's own players are)."""
    Championship.objects.select_for_update().filter(pk=championship.pk).first()
    sessions = _sessions(championship)
    if not sessions:
        raise ValidationError({"event": ["make an event the first session first"]})
    if len(sessions) >= limits.MAX_SESSIONS:
        raise ValidationError({"date": [f"a championship has at most {limits.MAX_SESSIONS} sessions"]})
    previous = sessions[-1]
    if date < previous.date:
        raise ValidationError({"date": [f"the session before was played on {previous.date:%Y-%m-%d}"]})
    pairs = going_on(previous, qualified_only=qualified_only)
    if not pairs:
        raise Conflict(f"no pair of {previous.name} goes on to a next session")
    movement = movement or suggested_movement(len(pairs), individual=previous.is_individual)
    number = _next_number(championship)
    event = event_setup(club=championship.club, name=name.strip() or f"{championship.name}: session {number}",
                        date=date, game=previous.game, scoring=previous.scoring, format=previous.format,
                        convention=previous.convention, rules=previous.rules, movement=movement, created_by=user)
    Event.objects.filter(pk=event.pk).update(championship=championship, session=number)
    event.refresh_from_db()
    for entry in pairs:
        first = identity(entry)
        members = [m for m in (first.member_a, first.member_b) if m is not None]
        guests = [g for g in (first.guest_a, first.guest_b) if g is not None]
        carried = entry_add(event=event, members=members, guests=guests)
        Entry.objects.filter(pk=carried.pk).update(carried_from=entry)
    standings_follow(championship)
    return event


def suggested_movement(entrants: int, *, individual: bool = False) -> dict:
    """The first movement ``tournaments.movements.suggest`` offers for the field, as a request."""
    from tournaments.movements.suggest import suggest

    offers = suggest(players=entrants) if individual else suggest(pairs=entrants)
    if not offers:
        raise ValidationError({"movement": [f"no movement suits {entrants} {'players' if individual else 'pairs'}: "
                                            "give one"]})
    best = offers[0]
    return {"kind": best.kind, "players" if individual else "pairs": entrants, **best.options()}


SLOTS = ("a", "b")


@transaction.atomic
def entry_substitute(*, entry: Entry, player: str, member: Member | int | None = None, guest: str = "",
                     user=None) -> Substitution:
    """Player ``player`` ("a" or "b") of the pair is replaced for this session by a member or a
    named guest: the entry (its pair number, results and carry-over) stays the same pair."""
    if player not in SLOTS:
        raise ValidationError({"player": ['"a" (the first player) or "b" (the second)']})
    event = entry.event
    if event.status in DONE:
        raise ValidationError({"entry": ["the session is over"]})
    if event.is_individual and player == "b":
        raise ValidationError({"player": ["an individual's entry has one player: a"]})
    if (member is None) == (not str(guest).strip()):
        raise ValidationError({"member": ["give the substitute: a member or a guest's name"]})
    if member is not None and not isinstance(member, Member):
        member = Member.objects.filter(club=event.club, pk=member).first()
        if member is None:
            raise ValidationError({"member": ["not a member of this club"]})
    incoming = member if member is not None else guest_record(club=event.club, name=str(guest).strip())
    out_member = getattr(entry, f"member_{player}")
    out_guest = getattr(entry, f"guest_{player}")
    if out_member is None and out_guest is None:
        raise ValidationError({"player": ["the pair has no such player"]})
    active = Entry.objects.filter(event=event, status=EntryStatus.ACTIVE)
    field = "member" if isinstance(incoming, Member) else "guest"
    for slot in SLOTS:
        if active.filter(**{f"{field}_{slot}": incoming}).exists():
            raise ValidationError({field: [f"{_name(incoming)} already plays in this session"]})
    out_name = _name(out_member or out_guest)
    setattr(entry, f"member_{player}", incoming if isinstance(incoming, Member) else None)
    setattr(entry, f"guest_{player}", incoming if isinstance(incoming, Guest) else None)
    entry.names = " & ".join(_name(p) for p in (entry.member_a or entry.guest_a, entry.member_b or entry.guest_b) if p)
    entry.save(update_fields=["member_a", "member_b", "guest_a", "guest_b", "names"])
    return Substitution.objects.create(entry=entry, player_out=out_name, player_in=_name(incoming),
                                       member_out=out_member, member_in=member, by=user)


def _name(person) -> str:
    return person.full_name if isinstance(person, Member) else person.name


@transaction.atomic
def championship_delete(*, championship: Championship) -> None:
    """The championship goes; its sessions stay as ordinary events."""
    Event.all_objects.filter(championship=championship).update(championship=None, session=None)
    championship.delete()
