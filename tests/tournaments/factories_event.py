"""Helpers for the event tests: members, an event run through the API, and an independent
engine computation of the expected standings."""
from __future__ import annotations

import random

from clubs import services as club_services
from scoring.engine import BoardResults, Method, Result, board_vulnerability, duplicate_score, score_session
from scoring.engine.session import direction_fields

CONTRACTS = ["1NT", "2H", "3NT", "4S", "4H", "3C", "2S", "5D", "6NT", "3NTX"]


def make_members(club, n: int, start: int = 1):
    return [club_services.member_create(club=club, membership_number=str(1000 + i), first_name=f"First{i}",
                                        last_name=f"Last{i}") for i in range(start, start + n)]


def create_event(client, club, *, game="duplicate_bridge", scoring="matchpoints", movement, name="Tuesday pairs"):
    response = client.post(f"/api/clubs/{club.slug}/events/", {
        "name": name, "date": "2026-11-24", "game": game, "scoring": scoring, "movement": movement,
        "deal_seed": "test-seed"}, format="json")
    assert response.status_code == 201, response.content
    return response.json()


def enter_pairs(client, club, event_id, members):
    labels = []
    for a, b in zip(members[::2], members[1::2]):
        response = client.post(f"/api/clubs/{club.slug}/events/{event_id}/entries/",
                               {"members": [a.pk, b.pk]}, format="json")
        assert response.status_code == 201, response.content
        labels.append(response.json()["label"])
    return labels


def random_result(rng: random.Random, game: str) -> dict:
    if game == "duplicate_whist":
        return {"tricks_ns": rng.randint(3, 10)}
    contract = rng.choice(CONTRACTS)
    return {"contract": contract, "declarer": rng.choice("NESW"), "tricks": rng.randint(6, 12)}


def plays(movement: dict):
    """Every (round, table, board, ns, ew) of a movement JSON."""
    for plan in movement["rounds_detail"]:
        for t in plan["tables"]:
            for b in t["boards"]:
                yield plan["round"], t["table"], b, t["ns"], t["ew"]


def expected_standings(movement: dict, posted: list[dict], method: str = "matchpoints"):
    """The engine run directly on what the test posted (no database)."""
    boards: dict[int, list[Result]] = {}
    for p in posted:
        score = duplicate_score(p["contract"], p["declarer"], p["tricks"], board_vulnerability(p["board"]))
        boards.setdefault(p["board"], []).append(Result(ns=p["ns"], ew=p["ew"], score_ns=float(score)))
    counts: dict[int, int] = {}
    for _r, _t, b, _ns, _ew in plays(movement):
        counts[b] = counts.get(b, 0) + 1
    board_results = [BoardResults(board=b, results=tuple(rs), expected=counts[b]) for b, rs in sorted(boards.items())]
    fields = direction_fields(board_results) if movement["winners"] == 2 else None
    return score_session(board_results, method if isinstance(method, Method) else Method(method), fields=fields)


def ns_first(standings):
    """The engine's standings in the order pages and the API show them: N-S field first."""
    return sorted(standings, key=lambda s: {"NS": 0, "EW": 1}.get(s.field or "", 2))


def started_event(client, club, *, kind: str, tables: int, boards_per_round: int = 2, **event_fields):
    """An event created, filled with pairs and started through the API: (the event as the API
    answered it, its base URL, the section's movement JSON). Mitchells get four members a table, Howells two pairs a table."""
    event = create_event(client, club, movement={"kind": kind, "tables": tables,
                                                 "boards_per_round": boards_per_round}, **event_fields)
    enter_pairs(client, club, event["id"], make_members(club, 4 * tables))
    base = f"/api/clubs/{club.slug}/events/{event['id']}"
    assert client.post(f"{base}/start/").status_code == 200
    return event, base, client.get(f"{base}/movement/").json()["sections"][0]


def event_in_status(event, status: str):
    """The event walked along the lifecycle's transitions (draft, playing, finished, published)
    to ``status``, each step through ``event_transition`` as the actions take it."""
    from tournaments.services.lifecycle import event_transition

    path = ["draft", "playing", "finished", "published"]
    for step in path[path.index(event.status) + 1:path.index(status) + 1]:
        event = event_transition(event=event, to=step, user=None)
    return event
