"""Writes for a party's rounds: close a round (progression, stars, latecomers) and reopen the
last one closed, a latecomer's place in a rotation chart, a player leaving (substitute or ghost
hand), finishing play. Re-exported by ``services.party``."""
from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from clubs.models import Member
from tournaments.models import EventStatus
from tournaments.models.party import (
    Category, Party, PartyPlayer, PartyResult, PartyRound, PartyStar, PlayerStatus, Progression, Star)
from tournaments.movements import party_draw, progressive
from tournaments.services.lifecycle import event_transition


def _progress(party: Party, seating, outcomes, number: int):
    """Next seating and awards from the movements library."""
    p = Progression
    if party.progression in (p.HOYLE, p.STANDARD_HOYLE, p.WINNERS_MOVE):
        rules = progressive.HOYLES_GAMES_MODERNIZED if party.progression == p.HOYLE else progressive.STANDARD_HOYLE
        nxt, awards = progressive.euchre_progression(seating, outcomes, rules)
        if party.progression == p.WINNERS_MOVE:
            awards = _wins(seating, outcomes)
        return nxt, [], awards
    if party.progression in (p.LADIES_UP, p.PROGRESSIVE):
        rules = progressive.WhistDriveRules(change_partners=party.progression == p.PROGRESSIVE)
        nxt, awards = progressive.whist_drive_progression(seating, outcomes, rules)
        return nxt, [], awards
    from tournaments.services.party import _chart_byes, _chart_round, party_chart

    chart = party_chart(party)
    awards = _wins(seating, outcomes)
    if number >= len(chart):
        return None, [], awards
    return _chart_round(party, chart[number]), _chart_byes(party, chart[number]), awards


def _wins(seating, outcomes) -> dict:
    return {player: (Star.WIN.value,) for table, won in zip(seating, outcomes) if won is not None
            for player in table[won]}


def _seat_latecomers(party: Party, seating: list, number: int) -> list:
    """Latecomers join at the booby table: first into ghost seats, nearest the foot first, then
    four at a time as a new booby table (two ladies and two gentlemen when categorised)."""
    waiting = list(PartyPlayer.objects.filter(party=party, status=PlayerStatus.WAITING, ghost=False))
    if not waiting:
        return seating
    ghosts = set(PartyPlayer.objects.filter(party=party, ghost=True).values_list("label", flat=True))
    joined = []
    for t in reversed(range(len(seating))):
        for s in range(2):
            for pos in range(2):
                label = seating[t][s][pos]
                if label not in ghosts:
                    continue
                fit = next((w for w in waiting if w.category == Category.OPEN
                            or w.category == (Category.LADY, Category.GENTLEMAN)[pos]), None)
                if fit:
                    seating[t][s][pos] = fit.label
                    waiting.remove(fit)
                    joined.append(fit)
    while True:
        ladies = [w for w in waiting if w.category != Category.GENTLEMAN]
        gents = [w for w in waiting if w.category == Category.GENTLEMAN]
        if not gents and len(ladies) >= 4:
            four = ladies[:4]
        elif len(ladies) >= 2 and len(gents) >= 2:
            four = [ladies[0], gents[0], ladies[1], gents[1]]
        else:
            break
        waiting = [w for w in waiting if w not in four]
        seating.append([[four[0].label, four[1].label], [four[2].label, four[3].label]])
        joined += four
    return seating


def _mark_seated(party: Party, seating: list, byes: list) -> None:
    """Waiting latecomers seated (or given a bye) in the new round are now playing; their
    ``joined_round`` stays as registered, so reopening the round restores them exactly."""
    labels = {p for table in seating for side in table for p in side} | set(byes)
    PartyPlayer.objects.filter(party=party, status=PlayerStatus.WAITING, ghost=False,
                               label__in=labels).update(status=PlayerStatus.PLAYING)


def chart_seat_latecomer(party: Party, player: PartyPlayer) -> str:
    """Give a latecomer a place in the rotation chart from the next round: a ghost hand's place
    (the seat of a player who left), else a phantom place of a circle chart (whoever had a bye
    against it partners the latecomer instead); with neither, the remaining rounds are rebuilt
    on a chart for the new count. Raises ValidationError (400) when no round is left to join.
    Returns a line for the director."""
    from tournaments.services.party import party_rules, planned_rounds

    planned = planned_rounds(party)
    if planned and party.current_round >= planned:
        raise ValidationError({"player": [
            f"round {party.current_round} is the last round of the rotation chart: there is no round left "
            "for a latecomer to join. The director can seat them as a substitute for a player who leaves "
            "(Leaves, with the substitute's name), or enter them in the next party."]})
    slots = list(party.chart_slots)
    ghosts = set(PartyPlayer.objects.filter(party=party, ghost=True).values_list("label", flat=True))
    place = next((i for i, label in enumerate(slots) if label in ghosts), None)
    note = "the seat of a ghost hand"
    if place is None:
        place = next((i for i, label in enumerate(slots) if not label), None)
        note = "a phantom place (a bye) of the chart"
    nxt = party.current_round + 1
    if place is not None:
        slots[place] = player.label
        note = f"takes {note} from round {nxt}"
    else:
        played = {frozenset(side) for seating in PartyRound.objects.filter(party=party).values_list("seating", flat=True)
                  for table in seating for side in table}
        labels = [label for label in slots if label] + [player.label]
        try:
            slots, circle = party_draw.rebuild_chart(
                labels, played, party.current_round, f"{party.event.deal_seed}:{player.label}",
                rounds=party_rules(party).get("rounds"))
        except party_draw.PartyRuleError as exc:
            raise ValidationError({"player": [
                f"the chart has no free place and cannot be rebuilt: {exc}. The director can seat the "
                "latecomer as a substitute for a player who leaves, or enter them in the next party."]}) from None
        rules = {k: v for k, v in party.rules.items() if k != "chart"}
        party.rules = {**rules, "chart": "circle"} if circle else rules
        note = (f"the chart had no free place: rounds {nxt} to {len(party_draw.slots_chart(slots, circle))} "
                f"are rebuilt for {len(labels)} players")
    party.chart_slots = slots
    party.save(update_fields=["chart_slots", "rules"])
    return note


@transaction.atomic
def party_round_reopen(*, party: Party, round_number: int, user=None) -> PartyRound:
    """Undo the close of the last closed round: its stars go, the next round's seating goes
    (refused once that round has a result, or a player has left in it), latecomers seated by
    the close wait again, and a party the close finished is playing again. The round's results
    stay, to be corrected; closing again with the same results gives the same stars and seating."""
    party = Party.objects.select_for_update().select_related("event").get(pk=party.pk)
    if party.event.status == EventStatus.PUBLISHED:
        raise ValidationError({"round": ["the results are published: a round can no longer be reopened"]})
    last = PartyRound.objects.filter(party=party, closed=True).order_by("-number").first()
    if last is None:
        raise ValidationError({"round": ["no round has been closed yet"]})
    if round_number != last.number:
        raise ValidationError({"round": [f"only the last closed round, round {last.number}, can be reopened"]})
    nxt = PartyRound.objects.filter(party=party, number=round_number + 1).first()
    if nxt is not None:
        reported = sorted(PartyResult.objects.filter(round=nxt).values_list("table", flat=True))
        if reported:
            raise ValidationError({"round": [
                f"round {nxt.number} has results (table{'s' if len(reported) > 1 else ''} "
                f"{', '.join(map(str, reported))}): round {round_number} can no longer be reopened; "
                f"correct round {nxt.number}'s results instead"]})
        if PartyPlayer.objects.filter(party=party, replaces__isnull=False, joined_round=nxt.number).exists():
            raise ValidationError({"round": [
                f"a player left during round {nxt.number} and the seat was taken: round {round_number} "
                "can no longer be reopened"]})
        earlier = {p for r in PartyRound.objects.filter(party=party, number__lte=round_number)
                   for p in _labels(r)}
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
    last.refresh_from_db()
    return last


def _labels(round_: PartyRound) -> set[str]:
    return {p for table in round_.seating for side in table for p in side} | set(round_.byes)


@transaction.atomic
def party_round_close(*, party: Party, round_number: int, cut=None, user=None) -> PartyRound | None:
    """Close the round: stars and the next seating from the progression; None when play ends.
    Progressive hearts: four retire and the rest are drawn afresh (``cut``: the director's cut
    for players tied to retire, ``{label: card}``)."""
    from tournaments.services.party import PartyConflict, planned_rounds

    party = Party.objects.select_for_update().select_related("event").get(pk=party.pk)
    round_ = PartyRound.objects.filter(party=party, number=round_number).first()
    if round_ is None:
        raise ValidationError({"round": [f"there is no round {round_number}"]})
    if round_.closed or round_number != party.current_round:
        raise PartyConflict(f"round {round_number} is already closed")
    results = {r.table: r for r in PartyResult.objects.filter(round=round_)}
    missing = [t for t in range(1, len(round_.seating) + 1) if t not in results]
    if missing:
        raise PartyConflict(f"tables {', '.join(map(str, missing))} have not reported round {round_number}")
    if party.progression == Progression.HEARTS:
        return _hearts_close(party, round_, results, cut, user)
    if cut is not None:
        raise ValidationError({"cut": ["a cut is given at the close of a progressive hearts round only"]})
    seating = tuple(tuple(tuple(side) for side in table) for table in round_.seating)
    outcomes = [results[t].winner for t in range(1, len(seating) + 1)]
    nxt, byes, awards = _progress(party, seating, outcomes, round_number)
    if not PartyRound.objects.filter(pk=round_.pk, closed=False).update(closed=True, closed_at=timezone.now()):
        raise PartyConflict(f"round {round_number} is already closed")
    players = {p.label: p for p in PartyPlayer.objects.filter(party=party, ghost=False)}
    PartyStar.objects.bulk_create([PartyStar(round=round_, player=players[label], star=star)
                                   for label, stars in awards.items() if label in players for star in stars])
    planned = planned_rounds(party)
    if nxt is None or (planned and round_number >= planned):
        event_transition(event=party.event, to=EventStatus.FINISHED, user=user, reason=f"round {round_number} closed")
        return None
    seating_next = [[list(s) for s in t] for t in nxt]
    if party.progression != Progression.ROTATION:  # the chart seats its latecomers itself
        seating_next = _seat_latecomers(party, seating_next, round_number + 1)
    _mark_seated(party, seating_next, byes)
    party.current_round = round_number + 1
    party.tables = len(seating_next)
    party.save(update_fields=["current_round", "tables"])
    return PartyRound.objects.create(party=party, number=round_number + 1, seating=seating_next, byes=byes)


def _hearts_close(party: Party, round_: PartyRound, results: dict, cut, user=None) -> PartyRound | None:
    """Progressive hearts: "Four losers retire and there are eight. The sifting process takes
    place until there are only four players. The four play." (Standard Hoyle). The final
    table's close ends the party; otherwise four retire and the rest are drawn to fewer tables."""
    tables = [table[0] for table in round_.seating]
    seats = {label: (t, i) for t, table in enumerate(tables, start=1) for i, label in enumerate(table)}
    if cut is not None:
        if not isinstance(cut, dict) or any(label not in seats for label in cut) or any(
                isinstance(c, bool) or not isinstance(c, int) or not 1 <= c <= 13 for c in cut.values()):
            raise ValidationError({"cut": [f"the cut is {{player: card}} for players of round {round_.number}, "
                                           "a card 1 (ace) to 13 (king), e.g. {\"3\": 12, \"7\": 5}"]})
        for label, card in cut.items():
            t, i = seats[label]
            cards = list(results[t].cut or [None] * 4)
            cards[i] = card
            results[t].cut = cards
            PartyResult.objects.filter(pk=results[t].pk).update(cut=cards)
    lost = {label: results[t].points[i] for label, (t, i) in seats.items()}
    cards = {label: results[t].cut[i] for label, (t, i) in seats.items()
             if results[t].cut and results[t].cut[i] is not None}
    nxt = None
    if len(tables) > 1:
        totals = {label: 0 for label in seats}
        for result in PartyResult.objects.filter(round__party=party, round__number__lte=round_.number
                                                 ).select_related("round"):
            for label, chips in zip(result.round.seating[result.table - 1][0], result.points):
                if label in totals:
                    totals[label] += chips
        ghosts = set(PartyPlayer.objects.filter(party=party, ghost=True).values_list("label", flat=True))
        from tournaments.services.party import party_rules

        try:
            retire = progressive.hearts_retirees(tables, lost, totals, how=party_rules(party)["retire"], cut=cards,
                                                 ghosts=ghosts)
        except progressive.HeartsTie as exc:
            who = "; ".join(f"{p}: {lost[p]} this round, {totals[p]} in all" for p in exc.players)
            example = ", ".join(f'"{p}": {c}' for p, c in zip(exc.players, (12, 5, 9, 2, 7, 10, 3, 11)))
            raise ValidationError({"cut": [f"{exc} ({who}); e.g. {{{example}}}"]}) from None
        stay = [label for table in tables for label in table if label not in retire]
        draw = party_draw.draw_hearts(stay, f"{party.event.deal_seed or party.event.pk}:round{round_.number + 1}")
        nxt = [[list(side) for side in table] for table in draw.seating]
    if not PartyRound.objects.filter(pk=round_.pk, closed=False).update(closed=True, closed_at=timezone.now()):
        from tournaments.services.party import PartyConflict

        raise PartyConflict(f"round {round_.number} is already closed")
    if nxt is None:
        event_transition(event=party.event, to=EventStatus.FINISHED, user=user, reason="the final table closed")
        return None
    party.current_round = round_.number + 1
    party.tables = len(nxt)
    party.save(update_fields=["current_round", "tables"])
    return PartyRound.objects.create(party=party, number=round_.number + 1, seating=nxt, byes=[])


@transaction.atomic
def party_finish(*, party: Party, user=None) -> None:
    """End play after the current round's close (the books set no number of games)."""
    from tournaments.services.party import PartyConflict

    party = Party.objects.select_for_update().select_related("event").get(pk=party.pk)
    if party.progression == Progression.HEARTS:
        raise PartyConflict("a progressive hearts party ends when the final table's round is closed")
    open_round = PartyRound.objects.filter(party=party, closed=False).first()
    if open_round and PartyResult.objects.filter(round=open_round).exists():
        raise PartyConflict(f"round {open_round.number} has results: close it first")
    if party.event.status != EventStatus.PLAYING:
        raise PartyConflict("the party is not in play")
    event_transition(event=party.event, to=EventStatus.FINISHED, user=user)
    if open_round:
        open_round.delete()
        Party.objects.filter(pk=party.pk).update(current_round=open_round.number - 1)


@transaction.atomic
def party_player_leave(*, party: Party, player: PartyPlayer, member: Member | int | None = None,
                       guest: str | None = None) -> PartyPlayer:
    """The player leaves; a substitute (member or guest) or a ghost hand takes the seat from the
    current round on, as the rules say. Returns whoever takes the seat (shown on the tally)."""
    from tournaments.services.party import PartyConflict, _ghost, party_player_add, party_rules

    party = Party.objects.select_for_update().select_related("event").get(pk=party.pk)
    if player.party_id != party.pk or player.ghost:
        raise ValidationError({"player": ["no such player in this party"]})
    if player.status == PlayerStatus.LEFT:
        raise PartyConflict(f"player {player.label} has already left")
    current = PartyRound.objects.select_for_update().filter(party=party, closed=False).first()
    if player.status == PlayerStatus.WAITING or current is None:
        PartyPlayer.objects.filter(pk=player.pk).update(status=PlayerStatus.LEFT, left_round=party.current_round)
        if player.label in party.chart_slots:  # a latecomer's chart place: a ghost hand keeps it
            seat = _ghost(party, player.category, replaces=player)
            party.chart_slots = [seat.label if p == player.label else p for p in party.chart_slots]
            party.save(update_fields=["chart_slots"])
        return player
    if member is None and not guest:
        if party_rules(party)["leaver"] == "substitute":
            raise ValidationError({"member": ["the rules want a substitute: give a member or a guest"]})
        seat = _ghost(party, player.category, replaces=player)
    else:
        seat = party_player_add(party=party, member=member, guest=guest, category=player.category,
                                replaces=player)
    current.seating = [[[seat.label if p == player.label else p for p in side] for side in table]
                       for table in current.seating]
    current.byes = [seat.label if p == player.label else p for p in current.byes]
    current.save(update_fields=["seating", "byes"])
    if party.chart_slots:
        party.chart_slots = [seat.label if p == player.label else p for p in party.chart_slots]
        party.save(update_fields=["chart_slots"])
    PartyPlayer.objects.filter(pk=player.pk).update(status=PlayerStatus.LEFT, left_round=current.number - 1)
    return seat
