"""A teams event's teams: entered with their four to six players (members or guests, one of them
the captain), renamed or reseeded, their line-up changed, withdrawn. Each team has two ``Entry``
rows in the event's one section, "kNS" and "kEW" (its pair sitting N-S in the open room and its
pair sitting E-W: the pairs shape the tables' phones and results already use). A team entered
after the start joins from the next round drawn; one withdrawn leaves the next draws."""
from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F, Max, Q

from cardroom import limits
from cardroom.errors import Conflict
from clubs.models import Guest, Member
from clubs.selectors import GUEST_PREFIX, player_match
from clubs.services import guest_record
from tournaments.models import (Entry, EntryStatus, Event, EventFormat, EventStatus, Result, Team, TeamPlayer,
                                TeamsEvent, TeamStatus)

MIN_PLAYERS, MAX_PLAYERS = 4, 6
DIRECTIONS = (("NS", "N-S"), ("EW", "E-W"))


def _open(event: Event, action: str) -> TeamsEvent:
    if not event.is_teams:
        raise Conflict(f"{event.name} is not a teams event: it has no teams to {action}.")
    if event.status in (EventStatus.FINISHED, EventStatus.PUBLISHED):
        raise Conflict(f"The event is {event.get_status_display().lower()}: its teams can no longer {action} "
                       "(a director may reopen it).")
    return TeamsEvent.objects.select_for_update().get(event=event)


def _name(value, teams, *, keep: Team | None = None) -> str:
    name = " ".join(str(value or "").split())
    if not name or any(ord(c) < 32 for c in str(value)):
        raise ValidationError({"name": ["A team needs a name."]})
    if len(name) > 80:
        raise ValidationError({"name": ["A team's name has at most 80 characters."]})
    clash = teams.filter(name__iexact=name, status=TeamStatus.ACTIVE)
    if keep is not None:
        clash = clash.exclude(pk=keep.pk)
    if clash.exists():
        raise ValidationError({"name": [f"A team called {name!r} is already entered."]})
    return name


def _seed(value) -> int | None:
    if value in (None, ""):
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= limits.MAX_TEAMS:
        raise ValidationError({"seed": [f"A seed is a whole number from 1 to {limits.MAX_TEAMS}."]})
    return value


def _people(event: Event, players) -> list[tuple[Member | Guest, bool]]:
    """Each player as a member or a guest, with the captain flag: ``{"member": id}``,
    ``{"guest": "Name"}`` or ``{"name": "typed"}`` (a member's name links the member, as pairs
    are entered; "guest:Name" forces a guest), plus ``"captain": true`` on one of them."""
    if not isinstance(players, (list, tuple)):
        raise ValidationError({"players": ["Give the players as a list."]})
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise ValidationError({"players": [f"A team has {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(players)}."]})
    out = []
    for i, spec in enumerate(players, start=1):
        if isinstance(spec, (Member, Guest)):
            spec = {"member": spec} if isinstance(spec, Member) else {"guest": spec}
        if not isinstance(spec, dict) or len({"member", "guest", "name"} & set(spec)) != 1:
            raise ValidationError({"players": [f"Player {i}: give one of member (an id), guest or name."]})
        captain = spec.get("captain", False)
        if not isinstance(captain, bool):
            raise ValidationError({"captain": [f"Player {i}: captain is true or false."]})
        out.append((_person(event, spec, i), captain))
    captains = sum(1 for _p, c in out if c)
    if captains != 1:
        raise ValidationError({"captain": [f"A team has exactly one captain ({captains} marked)."]})
    keys = [(type(p).__name__, p.pk) for p, _c in out]
    if len(set(keys)) != len(keys):
        raise ValidationError({"players": ["A player is listed twice."]})
    return out


def _person(event: Event, spec: dict, i: int) -> Member | Guest:
    if "member" in spec:
        value = spec["member"]
        if isinstance(value, Member):
            if value.club_id != event.club_id:
                raise ValidationError({"players": [f"Player {i}: not a member of this club."]})
            return value
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= limits.MAX_ID:
            raise ValidationError({"players": [f"Player {i}: {value!r} is not a member id."]})
        member = Member.objects.filter(club=event.club, pk=value).first()
        if member is None:
            raise ValidationError({"players": [f"Player {i}: no member {value} in this club."]})
        return member
    if "guest" in spec:
        value = spec["guest"]
        if isinstance(value, Guest):
            return value
        return _guest(event, value, i)
    text = spec["name"]
    if not isinstance(text, str) or not text.strip() or len(text) > limits.NAME_MAX:
        raise ValidationError({"players": [f"Player {i}: a name is text of 1 to {limits.NAME_MAX} characters."]})
    match = player_match(club=event.club, text=text)
    if match.member is not None:
        return match.member
    if match.choices:
        people = "; ".join(f"{m.full_name} (number {m.membership_number}, id {m.pk})" for m in match.choices)
        raise ValidationError({"players": [f"Player {i}: {text!r} matches {len(match.choices)} members: {people}. "
                                           f"Give the member's id, or '{GUEST_PREFIX}{text}' for a guest."]})
    return _guest(event, match.guest, i)


def _guest(event: Event, value, i: int) -> Guest:
    if not isinstance(value, str) or not value.strip() or len(value) > limits.NAME_MAX:
        raise ValidationError({"players": [f"Player {i}: a guest needs a name of at most {limits.NAME_MAX} "
                                           "characters."]})
    try:
        return guest_record(club=event.club, name=value.strip())
    except ValidationError as exc:
        raise ValidationError({"players": [f"Player {i}: {' '.join(exc.messages)}"]}) from None


def _full_name(person) -> str:
    return person.full_name if isinstance(person, Member) else person.name


def _store_players(team: Team, people: list[tuple[Member | Guest, bool]]) -> None:
    """Replace the team's players; a player may play for one team of the event only."""
    others = TeamPlayer.objects.filter(team__event=team.event, team__status=TeamStatus.ACTIVE).exclude(team=team)
    for person, _captain in people:
        clash = others.filter(member=person) if isinstance(person, Member) else others.filter(guest=person)
        found = clash.select_related("team").first()
        if found is not None:
            raise ValidationError({"players": [f"{_full_name(person)} already plays for {found.team.name}."]})
    TeamPlayer.objects.filter(team=team).delete()
    TeamPlayer.objects.bulk_create([
        TeamPlayer(team=team, member=p if isinstance(p, Member) else None, guest=p if isinstance(p, Guest) else None,
                   name=_full_name(p)[:120], captain=captain, position=i)
        for i, (p, captain) in enumerate(people, start=1)])


@transaction.atomic
def team_add(*, event: Event, name: str, players, seed=None) -> Team:
    """Enter a team with its players. Before the start it plays from round 1; later it joins
    from the next round drawn (a round robin's schedule is fixed at the start: no late teams)."""
    teams_event = _open(event, "be entered")
    joined = teams_event.current_round + 1 if event.status == EventStatus.PLAYING else 1
    if event.status == EventStatus.PLAYING and event.format != EventFormat.SWISS:
        raise Conflict(f"A {event.get_format_display().lower()} fixes its schedule at the start: a team can join "
                       "a Swiss only once play has begun.")
    teams = Team.objects.filter(event=event)
    if teams.filter(status=TeamStatus.ACTIVE).count() >= limits.MAX_TEAMS:
        raise ValidationError({"name": [f"An event has at most {limits.MAX_TEAMS} teams (limit)."]})
    people = _people(event, players)
    number = (teams.aggregate(top=Max("number"))["top"] or 0) + 1
    team = Team(event=event, number=number, name=_name(name, teams), seed=_seed(seed), joined_round=joined)
    team.full_clean()
    team.save()
    _store_players(team, people)
    section = event.sections.order_by("position").first()
    for direction, shown in DIRECTIONS:
        Entry.objects.create(event=event, section=section, label=f"{number}{direction}", team=team,
                             names=f"{team.name} {shown}", joined_round=joined)
    return team


@transaction.atomic
def team_update(*, team: Team, **fields) -> Team:
    """A new name or seed (the seed counts for a draw not yet made); ``players`` replaces the
    line-up (``team_players_set``)."""
    _open(team.event, "change")
    unknown = sorted(set(fields) - {"name", "seed", "players"})
    if unknown:
        raise ValidationError({unknown[0]: ["A team has a name, a seed and players."]})
    team = Team.objects.select_for_update().get(pk=team.pk)
    if "name" in fields:
        team.name = _name(fields["name"], Team.objects.filter(event=team.event), keep=team)
        for direction, shown in DIRECTIONS:
            Entry.objects.filter(team=team, label=f"{team.number}{direction}").update(names=f"{team.name} {shown}")
    if "seed" in fields:
        team.seed = _seed(fields["seed"])
    team.full_clean()
    team.save()
    if "players" in fields:
        team_players_set(team=team, players=fields["players"])
    return team


@transaction.atomic
def team_players_set(*, team: Team, players) -> Team:
    """The team's line-up: four to six players, members or guests, exactly one captain."""
    _open(team.event, "change their players")
    _store_players(team, _people(team.event, players))
    return team


@transaction.atomic
def team_withdraw(*, team: Team) -> Team:
    """A team leaves: kept with its results; it is left out of every round drawn from now on
    (a drawn round it has no result in may be re-drawn without it)."""
    teams_event = _open(team.event, "withdraw")
    team = Team.objects.select_for_update().get(pk=team.pk)
    if team.status == TeamStatus.WITHDRAWN:
        return team
    current = teams_event.current_round
    started = Result.objects.filter(Q(ns__team=team) | Q(ew__team=team), round=current).exists() if current else False
    last = current if started else max(0, current - 1)
    team.status, team.withdrawn_after_round = TeamStatus.WITHDRAWN, last
    team.save(update_fields=["status", "withdrawn_after_round"])
    Entry.objects.filter(team=team, status=EntryStatus.ACTIVE).update(status=EntryStatus.WITHDRAWN,
                                                                      withdrawn_after_round=last)
    if teams_event.current_round:  # its opponents in a drawn round it will not play score a bye
        from scoring.services import event_rescore_later

        Event.objects.filter(pk=team.event_id).update(results_version=F("results_version") + 1)
        event_rescore_later(event=team.event, force=True)
    return team


@transaction.atomic
def team_delete(*, team: Team) -> None:
    """A team entered by mistake, before the start: gone with its entries (after the start a
    team withdraws instead, keeping its results)."""
    _open(team.event, "be deleted")
    if team.event.status != EventStatus.DRAFT:
        raise Conflict("The event has started: withdraw the team instead (its matches stay in the results).")
    Entry.objects.filter(team=team).delete()
    team.delete()
