"""Reads for poker patience: the evening, a deal (called cards, each player's grid), a player's
grid as their phone shows it, and the stored standings. Pages and the API show the same."""
from __future__ import annotations

from scoring.engine import patience as engine
from tournaments.models import PATIENCE_GAMES, Event, EventStatus
from tournaments.models.patience import Patience, PatienceDeal, PatienceGrid, PatiencePlayer, PatienceStanding
from tournaments.visibility import events_visible


def patience_visible(*, club, user):
    """The club's patience evenings ``user`` may read: those they may open, and every one once
    it has started (players follow their grid and the standings from their phones)."""
    started = Event.objects.filter(club=club, game__in=PATIENCE_GAMES).exclude(status=EventStatus.DRAFT)
    return events_visible(club=club, user=user).filter(game__in=PATIENCE_GAMES) | started


def rules_of(patience: Patience) -> engine.PatienceRules:
    return engine.rules_clean(patience.options)


def patience_data(patience: Patience) -> dict:
    event = patience.event
    return {"id": event.pk, "name": event.name, "date": event.date.isoformat(), "game": event.game,
            "status": event.status, "options": engine.rules_dict(rules_of(patience)),
            "values": rules_of(patience).values(), "deal": patience.current_deal, "deal_seed": event.deal_seed}


def player_data(player: PatiencePlayer) -> dict:
    return {"label": player.label, "name": player.name, "member": player.member_id,
            "joined_deal": player.joined_deal}


def grid_data(grid: PatienceGrid | None, called, rules: engine.PatienceRules) -> dict:
    """A grid as its phone shows it: the cells, the next card to place, and its score (the
    stored one after the close; worked out live once the grid is full)."""
    cells = list(grid.cells) if grid else [None] * engine.CELLS
    data = {"cells": cells, "placed": sum(1 for c in cells if c), "next": engine.next_to_place(called, cells),
            "source": grid.source if grid else None, "score": grid.score if grid else None,
            "hands": grid.hands if grid else []}
    if data["score"] is None and all(cells):
        score = engine.grid_score(cells, rules)
        data["score"], data["hands"] = score.total, [
            {"line": h.line, "cards": list(h.cards), "kind": h.kind, "points": h.points} for h in score.hands]
    for hand in data["hands"]:
        hand["name"] = engine.HAND_NAMES[hand["kind"]]
    return data


def deal_data(patience: Patience, deal: PatienceDeal) -> dict:
    rules = rules_of(patience)
    grids = {g.player_id: g for g in PatienceGrid.objects.filter(deal=deal)}
    players = PatiencePlayer.objects.filter(patience=patience, joined_deal__lte=deal.number)
    return {"number": deal.number, "called": list(deal.called), "closed": deal.closed,
            "grids": [{"player": p.label, "name": p.name, **grid_data(grids.get(p.pk), deal.called, rules)}
                      for p in players]}


def player_grid(patience: Patience, player: PatiencePlayer, number: int | None = None) -> dict:
    """What a player's phone shows: the deal in play (or ``number``), the last card called,
    their grid and what to place next."""
    number = number or patience.current_deal
    deal = PatienceDeal.objects.filter(patience=patience, number=number).first()
    called = list(deal.called) if deal else []
    grid = PatienceGrid.objects.filter(deal=deal, player=player).first() if deal else None
    return {"player": player_data(player), "deal": number, "deals": rules_of(patience).deals,
            "closed": bool(deal and deal.closed), "called": called, "last": called[-1] if called else None,
            "plays": player.joined_deal <= number, **grid_data(grid, called, rules_of(patience))}


def patience_standings(patience: Patience) -> list[dict]:
    rows = PatienceStanding.objects.filter(patience=patience).select_related("player").order_by("position")
    return [{"rank": r.rank, "label": r.player.label, "name": r.player.name, "total": r.total, "points": r.points,
             "deals": r.lines} for r in rows]
