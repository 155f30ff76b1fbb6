"""Writes for poker patience played duplicate: create, register players, start (deal 1), call
cards, place a card on a player's phone, enter a paper grid, close a deal (score every grid),
finish. The rules are pure (``scoring.engine.patience``: grids, placement, calling, scores and
standings; ``tournaments.deals.patience``: the seeded deal); this module reads rows, calls them
and writes. Errors: ``ValidationError`` naming the field (400) or ``PatienceConflict`` (409),
before anything is written. Every write ends by storing the standings
(``patience_standings_write``); status changes go through ``lifecycle.event_transition``."""
from __future__ import annotations


from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from cardroom.errors import Conflict
from cardroom.inputs import is_whole
from clubs.models import Member
from clubs.selectors import club_member
from clubs.services import guest_record
from scoring.engine import patience as engine
from tournaments.deals.patience import called_cards
from tournaments.models import EventStatus, Game, ScoringMethod
from tournaments.models.patience import (
    GridSource, Patience, PatienceDeal, PatienceGrid, PatiencePlayer, PatienceStanding)
from tournaments.services.events import event_create
from tournaments.services.lifecycle import event_transition
from tournaments.selectors_event import event_pin
from tournaments.services.pins import PinCheck, pin_check

MAX_PATIENCE_PLAYERS = 400  # every player places on their own phone; the standings stay one page


class PatienceConflict(Conflict):
    """The request clashes with the evening's state (409): deal closed, card placed already..."""


def invalid(exc: engine.PatienceError) -> ValidationError:
    return ValidationError({exc.field: [str(exc)]})


def patience_rules(patience: Patience) -> engine.PatienceRules:
    return engine.rules_clean(patience.options)


def _locked(patience: Patience) -> Patience:
    return Patience.objects.select_for_update().select_related("event", "event__club").get(pk=patience.pk)


@transaction.atomic
def patience_create(*, club, name, date, options=None, deal_seed=None, created_by=None) -> Patience:
    """The event (game poker patience) and its options (the rules of play); the number of deals
    is one of them, decided "before commencing" (Standard Hoyle)."""
    try:
        clean = engine.rules_dict(engine.rules_clean(options))
    except engine.PatienceError as exc:
        raise invalid(exc) from None
    extra = {"deal_seed": str(deal_seed)} if deal_seed not in (None, "") else {}
    event = event_create(club=club, name=name, date=date, game=Game.POKER_PATIENCE, scoring=ScoringMethod.GRIDS,
                         created_by=created_by, **extra)
    patience = Patience(event=event, options=clean)
    patience.full_clean()
    patience.save()
    return patience


def _member(patience: Patience, member) -> Member:
    found = club_member(club=patience.event.club, member=member)
    if PatiencePlayer.objects.filter(patience=patience, member=found).exists():
        raise PatienceConflict(f"{found.full_name} is already registered")
    return found


@transaction.atomic
def patience_player_add(*, patience: Patience, member: Member | int | None = None,
                        guest: str | None = None) -> PatiencePlayer:
    """Register a member or a guest; after the start they play from the current deal if no
    card of it is called yet, else from the next (an earlier deal counts nothing)."""
    patience = _locked(patience)
    if (member is None) == (not guest):
        raise ValidationError({"member": ["give a member id or a guest name (one of them)"]})
    if guest and not isinstance(guest, str):
        raise ValidationError({"guest": ["a guest is a name"]})
    if PatiencePlayer.objects.filter(patience=patience).count() >= MAX_PATIENCE_PLAYERS:
        raise ValidationError({"players": [f"poker patience takes at most {MAX_PATIENCE_PLAYERS} players"]})
    if patience.event.status not in (EventStatus.DRAFT, EventStatus.PLAYING):
        raise PatienceConflict("the evening is over")
    if member is not None:
        found = _member(patience, member)
        fields = {"member": found, "name": found.full_name}
    else:
        record = guest_record(club=patience.event.club, name=str(guest)[:160])
        fields = {"guest": record, "name": record.name}
    deal = _current(patience)
    joined = 1 if deal is None else deal.number + (1 if deal.called or deal.closed else 0)
    labels = PatiencePlayer.objects.filter(patience=patience).values_list("label", flat=True)
    label = str(max((int(x) for x in labels if x.isdigit()), default=0) + 1)
    player = PatiencePlayer(patience=patience, label=label, joined_deal=joined, **fields)
    player.full_clean()
    player.save()
    patience_standings_write(patience=patience)
    return player


def _current(patience: Patience) -> PatienceDeal | None:
    return PatienceDeal.objects.filter(patience=patience, number=patience.current_deal).first()


@transaction.atomic
def patience_start(*, patience: Patience, user=None) -> PatienceDeal:
    """Deal 1 opens (nothing called yet) and the event is in play."""
    patience = _locked(patience)
    if patience.current_deal:
        return _current(patience)
    if not PatiencePlayer.objects.filter(patience=patience).exists():
        raise ValidationError({"players": ["register the players before starting"]})
    event_transition(event=patience.event, to=EventStatus.PLAYING, user=user)
    deal = PatienceDeal.objects.create(patience=patience, number=1)
    Patience.objects.filter(pk=patience.pk).update(current_deal=1)
    patience_standings_write(patience=patience)
    return deal


def _open_deal(patience: Patience, number: int | None = None) -> PatienceDeal:
    if patience.event.status != EventStatus.PLAYING:
        raise PatienceConflict(f"the evening is {patience.event.get_status_display().lower()}, not in play")
    deal = PatienceDeal.objects.select_for_update().filter(patience=patience, number=patience.current_deal).first()
    if deal is None:
        raise PatienceConflict("no deal is open: start the evening first")
    if number is not None and number != deal.number:
        raise PatienceConflict(f"deal {number} is not the deal in play (deal {deal.number} is)")
    if deal.closed:
        raise PatienceConflict(f"deal {deal.number} is closed")
    return deal


def seeded_deal(patience: Patience, number: int) -> tuple[str, ...]:
    """The 25 cards of deal ``number`` from the event's seed (``tournaments.deals.patience``)."""
    return called_cards(patience.event.deal_seed or str(patience.event.pk), number)


@transaction.atomic
def patience_call(*, patience: Patience, card=None, count: int = 1, deal: int | None = None) -> PatienceDeal:
    """The Caller calls: the seeded deal's next ``count`` cards (``count=25``: reveal the whole
    deal, e.g. for paper), or ``card`` from the director's own pack."""
    patience = _locked(patience)
    current = _open_deal(patience, deal)
    try:
        current.called = list(engine.call(current.called, patience_rules(patience), card=card, count=count,
                                          seeded=seeded_deal(patience, current.number)))
    except engine.PatienceError as exc:
        raise invalid(exc) from None
    current.save(update_fields=["called"])
    return current


def _player(patience: Patience, label) -> PatiencePlayer:
    player = PatiencePlayer.objects.filter(patience=patience, label=str(label)).first()
    if player is None:
        raise ValidationError({"player": [f"no player {label} in this evening"]})
    return player


@transaction.atomic
def patience_place(*, patience: Patience, label, square, card, deal: int | None = None) -> PatienceGrid:
    """A tap on the player's phone: ``card`` (the next called card they have not placed) in
    ``square`` (0-24, row by row). The card is named so a repeated tap is a 409, not a second card."""
    patience = _locked(patience)
    player = _player(patience, label)
    current = _open_deal(patience, deal)
    if player.joined_deal > current.number:
        raise PatienceConflict(f"player {player.label} plays from deal {player.joined_deal}")
    grid = PatienceGrid.objects.select_for_update().filter(deal=current, player=player).first()
    cells = grid.cells if grid else [None] * engine.CELLS
    if grid and grid.source == GridSource.PAPER:
        raise PatienceConflict("the director has entered this grid from paper")
    try:
        wanted = engine.next_to_place(current.called, cells)
        card = engine.card_clean(card)
        if wanted is None:
            raise PatienceConflict(f"{card} is placed already or not called yet" if card in cells or card not in
                                   current.called else "every called card is placed: wait for the next call")
        if card != wanted:
            where = "is placed already" if card in cells else ("is not called yet" if card not in current.called
                                                               else f"comes after {wanted}: place {wanted} first")
            raise PatienceConflict(f"{card} {where}")
        if not is_whole(square, max_digits=2):
            raise engine.PatienceError("the square is a number from 0 to 24, row by row", "square")
        cells = list(engine.place(cells, int(str(square)), card, patience_rules(patience)))
    except engine.PatienceError as exc:
        raise invalid(exc) from None
    if grid is None:
        grid = PatienceGrid(deal=current, player=player, cells=cells, entered_by=f"player {player.label}")
    grid.cells = cells
    grid.save()
    return grid


@transaction.atomic
def patience_grid_enter(*, patience: Patience, label, cells, deal: int, entered_by: str = "") -> PatienceGrid:
    """The director enters a grid from paper (or corrects one): 25 cards, exactly the deal's
    called cards. On a closed deal it is scored at once and the standings follow."""
    patience = _locked(patience)
    player = _player(patience, label)
    if patience.event.status not in (EventStatus.PLAYING, EventStatus.FINISHED):
        raise PatienceConflict(f"the evening is {patience.event.get_status_display().lower()}")
    found = PatienceDeal.objects.select_for_update().filter(patience=patience, number=deal).first()
    if found is None:
        raise ValidationError({"deal": [f"there is no deal {deal}"]})
    if len(found.called) < engine.CELLS:
        raise PatienceConflict(f"deal {deal} has {len(found.called)} of {engine.CELLS} cards called: "
                               "enter the grid once all are called")
    try:
        clean = engine.grid_clean(cells)
        score = engine.grid_score(clean, patience_rules(patience))
    except engine.PatienceError as exc:
        raise invalid(exc) from None
    strays = [c for c in clean if c not in found.called]
    if strays:
        raise ValidationError({"grid": [f"{', '.join(strays)} {'was' if len(strays) == 1 else 'were'} not called "
                                        f"in deal {deal}"]})
    grid, _ = PatienceGrid.objects.update_or_create(deal=found, player=player, defaults={
        "cells": list(clean), "source": GridSource.PAPER, "entered_by": entered_by[:160],
        "score": score.total if found.closed else None,
        "hands": _hands(score) if found.closed else []})
    patience_standings_write(patience=patience)
    return grid


def _hands(score: engine.GridScore) -> list[dict]:
    return [{"line": h.line, "cards": list(h.cards), "kind": h.kind, "points": h.points} for h in score.hands]


def unfinished_grids(patience: Patience, deal: PatienceDeal) -> list[str]:
    """Labels of the players in ``deal`` without a full grid."""
    full = {g.player_id for g in PatienceGrid.objects.filter(deal=deal) if all(g.cells)}
    return [p.label for p in PatiencePlayer.objects.filter(patience=patience, joined_deal__lte=deal.number)
            if p.pk not in full]


@transaction.atomic
def patience_deal_close(*, patience: Patience, confirm: bool = False, user=None) -> PatienceDeal | None:
    """All 25 called: every full grid is scored, the standings follow and the next deal opens
    (None after the last). A grid not full is a 409 naming the players, unless ``confirm``:
    then it counts nothing (or its paper grid can be entered later)."""
    patience = _locked(patience)
    current = _open_deal(patience)
    if len(current.called) < engine.CELLS:
        raise PatienceConflict(f"{len(current.called)} of {engine.CELLS} cards are called: call the rest first")
    missing = unfinished_grids(patience, current)
    if missing and not confirm:
        raise PatienceConflict(f"the grids of player{'s' if len(missing) > 1 else ''} {', '.join(missing)} are "
                               "not full: enter them from paper, or close with confirm", missing=missing)
    rules = patience_rules(patience)
    for grid in PatienceGrid.objects.filter(deal=current):
        if all(grid.cells):
            score = engine.grid_score(grid.cells, rules)
            grid.score, grid.hands = score.total, _hands(score)
            grid.save(update_fields=["score", "hands"])
    current.closed, current.closed_at = True, timezone.now()
    current.save(update_fields=["closed", "closed_at"])
    nxt = None
    if current.number < rules.deals:
        nxt = PatienceDeal.objects.create(patience=patience, number=current.number + 1)
        Patience.objects.filter(pk=patience.pk).update(current_deal=nxt.number)
    patience_standings_write(patience=patience)
    return nxt


@transaction.atomic
def patience_finish(*, patience: Patience, user=None, reason: str = "") -> Patience:
    """End play: refused (409) while a deal has cards called and is not closed."""
    patience = _locked(patience)
    open_deal = PatienceDeal.objects.filter(patience=patience, closed=False).exclude(called=[]).first()
    if open_deal is not None:
        raise PatienceConflict(f"deal {open_deal.number} is being played: close it first")
    event_transition(event=patience.event, to=EventStatus.FINISHED, user=user, reason=reason)
    patience_standings_write(patience=patience)
    return Patience.objects.select_related("event").get(pk=patience.pk)


@transaction.atomic
def patience_standings_write(*, patience: Patience) -> list[engine.PatienceStanding]:
    """Recompute the standings from the closed deals' scores and replace the stored rows."""
    rules = patience_rules(patience)
    players = list(PatiencePlayer.objects.filter(patience=patience))
    deals = list(PatienceDeal.objects.filter(patience=patience, closed=True).order_by("number"))
    scores = {d.pk: {} for d in deals}
    for grid in PatienceGrid.objects.filter(deal__in=deals, score__isnull=False).select_related("player"):
        scores[grid.deal_id][grid.player.label] = grid.score
    rows = engine.standings([scores[d.pk] for d in deals], [p.label for p in players], rules.comparison)
    by_label = {p.label: p for p in players}
    PatienceStanding.objects.filter(patience=patience).delete()
    PatienceStanding.objects.bulk_create([
        PatienceStanding(patience=patience, player=by_label[row.label], position=position, rank=row.rank,
                         total=row.total, points=row.points,
                         lines=[{"deal": d.number, "points": scores[d.pk].get(row.label), "counted": counted}
                                for d, counted in zip(deals, row.deals)])
        for position, row in enumerate(rows, start=1)])
    return rows


def player_pin(patience: Patience, label: str) -> str:
    """The four-digit PIN of a player's phone (``event_pin``: derived, nothing stored)."""
    return event_pin(patience.event, f"player:{label}")


def player_pin_check(patience: Patience, label: str, pin, client: str) -> PinCheck:
    """A player's PIN from ``client``, with the same per-client delay as a table's PIN."""
    return pin_check(event=patience.event, table=f"P{label}", client=client, expected=player_pin(patience, label),
                     given=pin, card="the director's list of players")
