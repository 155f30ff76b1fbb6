"""Writes for a party's rounds: the draw (round 1), closing a round, reopening the last one
closed, and finishing play. The rules are pure (``party_state.first_seating``,
``party_close.close_round``, ``party_close.hearts_next``); this module reads the rows into a
``PartyState``, calls them and writes the result. Every status change of the event goes
through ``lifecycle.event_transition``."""
from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from tournaments.models import EventStatus
from tournaments.models.party import Party, PartyPlayer, PartyTableReport, PartyRound, PartyStar, PlayerStatus, Progression
from tournaments.movements import party_close, party_state
from tournaments.services.lifecycle import event_transition
from tournaments.services.party.common import (
    PartyConflict, PartyInputError, ghost_add, invalid, party_locked, party_state_of, planned_rounds)
from tournaments.services.party.poker import poker_change, stake_issue
from tournaments.services.party.standings import party_standings_write


def _as_json(seating) -> list:
    return [[list(side) for side in table] for table in seating]


@transaction.atomic
def party_start(*, party: Party, seating=None, user=None) -> PartyRound:
    """Draw round 1 from the event's seed (or take the director's ``seating``) and start play."""
    party = party_locked(party)
    if party.current_round or party.event.status != EventStatus.DRAFT:
        raise PartyConflict("the party has already started")
    state = party_state_of(party)
    try:
        if seating is not None:
            first, byes = party_state.entered_seating(state, seating), ()
        else:
            drawn = party_state.first_seating(state)
            first, byes = drawn.seating, drawn.byes
    except PartyInputError as exc:
        raise invalid(exc) from None
    if seating is None:
        for ghost in drawn.ghosts:
            ghost_add(party=party, category=ghost.category, label=ghost.label)
        for player in PartyPlayer.objects.filter(party=party, label__in=list(drawn.cards)):
            player.card = drawn.cards[player.label]
            player.save(update_fields=["card"])
        party.chart_slots, party.options = list(drawn.chart_slots), dict(drawn.options)
    event_transition(event=party.event, to=EventStatus.PLAYING, user=user, reason="the draw")
    party.tables = len(first)
    party.current_round = 1
    party.save(update_fields=["tables", "current_round", "chart_slots", "options"])
    first_round = PartyRound.objects.create(party=party, number=1, seating=_as_json(first), byes=list(byes))
    if party.progression == Progression.POKER:
        stake_issue(party=party, labels=_labels(first_round), round_number=0, user=user)
    party_standings_write(party=party)
    return first_round


def _labels(round_: PartyRound) -> set[str]:
    return {p for table in round_.seating for side in table for p in side} | set(round_.byes)


def _mark_closed(round_: PartyRound) -> None:
    if not PartyRound.objects.filter(pk=round_.pk, closed=False).update(closed=True, closed_at=timezone.now()):
        raise PartyConflict(f"round {round_.number} is already closed")


def _next_round(party: Party, number: int, seating, byes=()) -> PartyRound | None:
    """The next round's seating (None: play has ended), then the standings."""
    nxt = None
    if seating is not None:
        party.current_round = number
        party.tables = len(seating)
        party.save(update_fields=["current_round", "tables"])
        nxt = PartyRound.objects.create(party=party, number=number, seating=_as_json(seating), byes=list(byes))
    party_standings_write(party=party)
    return nxt


@transaction.atomic
def party_round_close(*, party: Party, round_number: int, cut=None, user=None) -> PartyRound | None:
    """Close the round: stars and the next seating from the progression; None when play ends.
    Progressive hearts: four retire and the rest are drawn afresh (``cut``: the director's cut
    for players tied to retire, ``{label: card}``)."""
    party = party_locked(party)
    round_ = PartyRound.objects.filter(party=party, number=round_number).first()
    if round_ is None:
        raise ValidationError({"round": [f"there is no round {round_number}"]})
    if round_.closed or round_number != party.current_round:
        raise PartyConflict(f"round {round_number} is already closed")
    results = {r.table: r for r in PartyTableReport.objects.filter(round=round_)}
    missing = [t for t in range(1, len(round_.seating) + 1) if t not in results]
    if missing:
        raise PartyConflict(f"tables {', '.join(map(str, missing))} have not reported round {round_number}")
    if party.progression == Progression.HEARTS:
        return _hearts_close(party, round_, results, cut, user)
    if party.progression == Progression.POKER:
        return _poker_close(party, round_, results, user)
    if cut is not None:
        raise ValidationError({"cut": ["a cut is given at the close of a progressive hearts round only"]})
    seating = tuple(tuple(tuple(side) for side in table) for table in round_.seating)
    outcomes = [results[t].winner for t in range(1, len(seating) + 1)]
    close = party_close.close_round(party_state_of(party), seating, outcomes, round_number, planned_rounds(party))
    _mark_closed(round_)
    players = {p.label: p for p in PartyPlayer.objects.filter(party=party, ghost=False)}
    PartyStar.objects.bulk_create([PartyStar(round=round_, player=players[label], star=star)
                                   for label, stars in close.awards.items() if label in players for star in stars])
    if close.seating is None:
        event_transition(event=party.event, to=EventStatus.FINISHED, user=user, reason=f"round {round_number} closed")
        return _next_round(party, round_number + 1, None)
    PartyPlayer.objects.filter(party=party, ghost=False, status=PlayerStatus.WAITING,
                               label__in=close.joined).update(status=PlayerStatus.PLAYING)
    return _next_round(party, round_number + 1, close.seating, close.byes)


def _hearts_close(party: Party, round_: PartyRound, results: dict, cut, user=None) -> PartyRound | None:
    """Progressive hearts: the final table's close ends the party; otherwise four retire and
    the rest are drawn to fewer tables (``party_close.hearts_next``)."""
    tables = [table[0] for table in round_.seating]
    seats = {label: (t, i) for t, table in enumerate(tables, start=1) for i, label in enumerate(table)}
    if cut is not None:
        try:
            cut = party_close.hearts_cut(tables, cut, round_.number)
        except PartyInputError as exc:
            raise invalid(exc) from None
        for label, card in cut.items():
            t, i = seats[label]
            cards = list(results[t].cut or [None] * 4)
            cards[i] = card
            results[t].cut = cards
            PartyTableReport.objects.filter(pk=results[t].pk).update(cut=cards)
    lost = {label: results[t].points[i] for label, (t, i) in seats.items()}
    cards = {label: results[t].cut[i] for label, (t, i) in seats.items()
             if results[t].cut and results[t].cut[i] is not None}
    totals = {label: 0 for label in seats}
    for result in PartyTableReport.objects.filter(round__party=party, round__number__lte=round_.number
                                             ).select_related("round"):
        for label, chips in zip(result.round.seating[result.table - 1][0], result.points):
            if label in totals:
                totals[label] += chips
    try:
        nxt = party_close.hearts_next(party_state_of(party), tables, lost, totals, cards, round_.number)
    except PartyInputError as exc:
        raise invalid(exc) from None
    _mark_closed(round_)
    if nxt is None:
        event_transition(event=party.event, to=EventStatus.FINISHED, user=user, reason="the final table closed")
    return _next_round(party, round_.number + 1, nxt)


def _poker_close(party: Party, round_: PartyRound, results: dict, user=None) -> PartyRound | None:
    """Progressive poker: the change of tables (``poker.poker_change``); latecomers sit down at
    the booby table with the stake; the ``rounds`` rule, if set, ends the party."""
    seating, joined = poker_change(party, round_, results)
    _mark_closed(round_)
    planned = planned_rounds(party)
    if planned and round_.number >= planned:
        event_transition(event=party.event, to=EventStatus.FINISHED, user=user, reason=f"round {round_.number} closed")
        return _next_round(party, round_.number + 1, None)
    PartyPlayer.objects.filter(party=party, ghost=False, status=PlayerStatus.WAITING,
                               label__in=joined).update(status=PlayerStatus.PLAYING)
    stake_issue(party=party, labels=joined, round_number=round_.number + 1, user=user)
    return _next_round(party, round_.number + 1, seating)


@transaction.atomic
def party_round_reopen(*, party: Party, round_number: int, user=None) -> PartyRound:
    """Undo the close of the last closed round: its stars go, the next round's seating goes
    (refused once that round has a result, or a player has left in it), latecomers seated by
    the close wait again, and a party the close finished is playing again. The round's results
    stay, to be corrected; closing again with the same results gives the same stars and seating."""
    party = party_locked(party)
    if party.event.status == EventStatus.PUBLISHED:
        raise ValidationError({"round": ["the results are published: a round can no longer be reopened"]})
    last = PartyRound.objects.filter(party=party, closed=True).order_by("-number").first()
    if last is None:
        raise ValidationError({"round": ["no round has been closed yet"]})
    if round_number != last.number:
        raise ValidationError({"round": [f"only the last closed round, round {last.number}, can be reopened"]})
    nxt = PartyRound.objects.filter(party=party, number=round_number + 1).first()
    if nxt is not None:
        reported = sorted(PartyTableReport.objects.filter(round=nxt).values_list("table", flat=True))
        if reported:
            raise ValidationError({"round": [
                f"round {nxt.number} has results (table{'s' if len(reported) > 1 else ''} "
                f"{', '.join(map(str, reported))}): round {round_number} can no longer be reopened; "
                f"correct round {nxt.number}'s results instead"]})
        if PartyPlayer.objects.filter(party=party, replaces__isnull=False, joined_round=nxt.number).exists():
            raise ValidationError({"round": [
                f"a player left during round {nxt.number} and the seat was taken: round {round_number} "
                "can no longer be reopened"]})
        earlier = {p for r in PartyRound.objects.filter(party=party, number__lte=round_number) for p in _labels(r)}
        PartyPlayer.objects.filter(party=party, ghost=False, replaces__isnull=True, status=PlayerStatus.PLAYING,
                                   label__in=_labels(nxt) - earlier).update(status=PlayerStatus.WAITING)
        nxt.delete()
    PartyStar.objects.filter(round=last).delete()
    PartyRound.objects.filter(pk=last.pk).update(closed=False, closed_at=None)
    party.current_round = round_number
    party.tables = len(last.seating)
    party.save(update_fields=["current_round", "tables"])
    event_transition(event=party.event, to=EventStatus.PLAYING, user=user,
                     reason=f"round {round_number} reopened")  # a no-op unless the close finished it
    party_standings_write(party=party)
    last.refresh_from_db()
    return last


@transaction.atomic
def party_finish(*, party: Party, user=None) -> None:
    """End play after the current round's close (the books set no number of games). The
    generic event finish calls this for a party."""
    party = party_locked(party)
    if party.progression == Progression.HEARTS:
        raise PartyConflict("a progressive hearts party ends when the final table's round is closed")
    open_round = PartyRound.objects.filter(party=party, closed=False).first()
    if open_round and PartyTableReport.objects.filter(round=open_round).exists():
        raise PartyConflict(f"round {open_round.number} has results: close it first")
    if party.event.status != EventStatus.PLAYING:
        raise PartyConflict("the party is not in play")
    event_transition(event=party.event, to=EventStatus.FINISHED, user=user, reason="the director ended play")
    if open_round:
        open_round.delete()
        Party.objects.filter(pk=party.pk).update(current_round=open_round.number - 1)
    party_standings_write(party=party)
