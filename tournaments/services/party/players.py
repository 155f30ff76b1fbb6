"""Writes for a party's players: create the party, register a player (a latecomer waits for
the booby table or takes a place in the rotation chart), a player leaving (a substitute or a
ghost hand takes the seat). The rules are ``tournaments.movements.party_state`` and
``party_close``; this module reads rows, calls them and writes the result."""
from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction

from clubs.models import Member
from clubs.selectors import club_member
from clubs.services import guest_record
from tournaments.models import PARTY_GAMES, EventStatus, Game, ScoringMethod
from tournaments.models.party import (
    EUCHRE_PROGRESSIONS, WHIST_PROGRESSIONS, Category, Party, PartyPlayer, PartyRound, PlayerStatus, Progression)
from tournaments.movements import party_close, party_state
from tournaments.movements.limits import MAX_PARTY_TABLES
from tournaments.services.events import event_create
from tournaments.services.party.common import (
    MAX_PARTY_PLAYERS, PartyConflict, PartyInputError, ghost_add, invalid, party_locked, party_options,
    party_state_of, planned_rounds)
from tournaments.services.party.standings import party_standings_write


@transaction.atomic
def party_create(*, club, name, date, game, progression=None, tables=0, options=None,
                 deal_seed=None, created_by=None) -> Party:
    """Create the event and its party: progressive_euchre, whist_drive or progressive_hearts
    (whose only progression is ``hearts``; "As in Euchre, Progressive Hearts is an interesting
    game", Standard Hoyle, so a euchre party with progression ``hearts`` is taken as one too)."""
    if game not in PARTY_GAMES:
        raise ValidationError({"game": ["a party is progressive_euchre, whist_drive, progressive_hearts or "
                                        "progressive_poker"]})
    if game == Game.PROGRESSIVE_EUCHRE and progression == Progression.HEARTS:
        game = Game.PROGRESSIVE_HEARTS
    allowed = {Game.PROGRESSIVE_EUCHRE: EUCHRE_PROGRESSIONS, Game.WHIST_DRIVE: WHIST_PROGRESSIONS,
               Game.PROGRESSIVE_HEARTS: {Progression.HEARTS}, Game.PROGRESSIVE_POKER: {Progression.POKER}}[game]
    progression = progression or {Game.PROGRESSIVE_EUCHRE: Progression.HOYLE, Game.WHIST_DRIVE: Progression.LADIES_UP,
                                  Game.PROGRESSIVE_HEARTS: Progression.HEARTS,
                                  Game.PROGRESSIVE_POKER: Progression.POKER}[game]
    if progression not in allowed:
        raise ValidationError({"progression": [f"for {game} choose one of {', '.join(sorted(allowed))}"]})
    if isinstance(tables, bool) or not isinstance(tables, int) or not 0 <= tables <= MAX_PARTY_TABLES:
        raise ValidationError({"tables": [f"tables is a whole number from 0 to {MAX_PARTY_TABLES}"]})
    try:
        clean = party_state.options_clean(progression, options)
    except PartyInputError as exc:
        raise invalid(exc) from None
    extra = {"deal_seed": str(deal_seed)} if deal_seed not in (None, "") else {}
    event = event_create(club=club, name=name, date=date, game=game, scoring=ScoringMethod.TALLY,
                         created_by=created_by, **extra)
    party = Party(event=event, progression=progression, tables=tables, options=clean)
    party.full_clean()
    party.save()
    return party


def _member(party: Party, member) -> Member:
    found = club_member(club=party.event.club, member=member)
    if PartyPlayer.objects.filter(party=party, member=found).exists():
        raise PartyConflict(f"{found.full_name} is already registered")
    return found


@transaction.atomic
def party_player_add(*, party: Party, member: Member | int | None = None, guest: str | None = None,
                     category: str = Category.OPEN, replaces: PartyPlayer | None = None) -> PartyPlayer:
    """Register a member or a guest; after the draw they wait to join at the booby table
    (a substitute, ``replaces`` set, takes the leaver's seat at once; in a rotation chart the
    latecomer takes a place from the next round, ``player.chart_note`` says which)."""
    party = party_locked(party)
    if replaces is None and PartyPlayer.objects.filter(party=party, ghost=False).count() >= MAX_PARTY_PLAYERS:
        raise ValidationError({"players": [f"A party takes at most {MAX_PARTY_PLAYERS} players "
                                           f"({MAX_PARTY_TABLES} tables of four, the limit)."]})
    if category not in Category.values:
        raise ValidationError({"category": [f"category is one of {', '.join(Category.values)}"]})
    if (member is None) == (not guest):
        raise ValidationError({"member": ["give a member id or a guest name (one of them)"]})
    if guest and not isinstance(guest, str):
        raise ValidationError({"guest": ["a guest is a name"]})
    if party.event.status not in (EventStatus.DRAFT, EventStatus.PLAYING):
        raise PartyConflict("the party is over")
    started = party.current_round > 0 and replaces is None
    if started and party.progression == Progression.HEARTS:
        raise ValidationError({"player": ["progressive hearts is an elimination: nobody joins after the draw. "
                                          "A latecomer can take the seat of a player who leaves (Leaves, with "
                                          "the substitute's name)."]})
    if member is not None:
        found = _member(party, member)
        fields = {"member": found, "name": found.full_name}
    else:
        record = guest_record(club=party.event.club, name=str(guest)[:160])
        fields = {"guest": record, "name": record.name}
    labels = list(PartyPlayer.objects.filter(party=party, ghost=False).values_list("label", flat=True))
    player = PartyPlayer(party=party, label=party_state.next_label(labels, ghost=False), category=category,
                         status=PlayerStatus.WAITING if started else PlayerStatus.PLAYING,
                         joined_round=party.current_round + 1 if started else max(1, party.current_round),
                         replaces=replaces, **fields)
    player.full_clean()
    player.save()
    if started and party.progression == Progression.ROTATION:
        played = {frozenset(side) for seating in PartyRound.objects.filter(party=party).values_list("seating", flat=True)
                  for table in seating for side in table}
        try:
            place = party_close.chart_latecomer(party_state_of(party), player.label, planned=planned_rounds(party),
                                                played=played)
        except PartyInputError as exc:
            raise invalid(exc) from None
        party.chart_slots, party.options = list(place.slots), dict(place.options)
        party.save(update_fields=["chart_slots", "options"])
        player.chart_note = place.note
    party_standings_write(party=party)
    return player


@transaction.atomic
def party_player_leave(*, party: Party, player: PartyPlayer, member: Member | int | None = None,
                       guest: str | None = None) -> PartyPlayer:
    """The player leaves; a substitute (member or guest) or a ghost hand takes the seat from the
    current round on, as the rules say. Returns whoever takes the seat (shown on the tally)."""
    party = party_locked(party)
    if player.party_id != party.pk or player.ghost:
        raise ValidationError({"player": ["no such player in this party"]})
    if player.status == PlayerStatus.LEFT:
        raise PartyConflict(f"player {player.label} has already left")
    current = PartyRound.objects.select_for_update().filter(party=party, closed=False).first()
    if party.progression == Progression.POKER and player.status != PlayerStatus.WAITING and current is not None:
        raise ValidationError({"player": ["progressive poker: a seated player keeps his chips to the end of the "
                                          "party (the banker charges or credits them); a player cannot leave a "
                                          "table in play"]})
    if player.status == PlayerStatus.WAITING or current is None:
        PartyPlayer.objects.filter(pk=player.pk).update(status=PlayerStatus.LEFT, left_round=party.current_round)
        if player.label in party.chart_slots:  # a latecomer's chart place: a ghost hand keeps it
            seat = ghost_add(party=party, category=player.category, replaces=player)
            party.chart_slots = [seat.label if p == player.label else p for p in party.chart_slots]
            party.save(update_fields=["chart_slots"])
        party_standings_write(party=party)
        return player
    if member is None and not guest:
        if party_options(party)["leaver"] == "substitute":
            raise ValidationError({"member": ["the party's leaver option is substitute: give a member or a guest"]})
        seat = ghost_add(party=party, category=player.category, replaces=player)
    else:
        seat = party_player_add(party=party, member=member, guest=guest, category=player.category,
                                replaces=player)
    current.seating, current.byes = party_close.seat_taken(current.seating, current.byes, player.label, seat.label)
    current.save(update_fields=["seating", "byes"])
    if party.chart_slots:
        party.chart_slots = [seat.label if p == player.label else p for p in party.chart_slots]
        party.save(update_fields=["chart_slots"])
    PartyPlayer.objects.filter(pk=player.pk).update(status=PlayerStatus.LEFT, left_round=current.number - 1)
    party_standings_write(party=party)
    return seat
