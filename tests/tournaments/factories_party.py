"""Helpers for the party tests: a party created through the API, players registered, rounds
reported and closed."""
from __future__ import annotations

API = "/api/clubs/{slug}/events/"


def url(club, *parts) -> str:
    return API.format(slug=club.slug) + "".join(f"{p}/" for p in parts)


def create_party(client, club, *, game="progressive_euchre", progression="hoyle", tables=3, options=None,
                 name="Friday euchre"):
    body = {"name": name, "date": "2026-11-27", "game": game, "progression": progression, "tables": tables,
            "deal_seed": "party-seed"}
    if options is not None:
        body["options"] = options
    response = client.post(url(club), body, format="json")
    assert response.status_code == 201, response.content
    return response.json()


def register(client, club, event_id, names_and_categories):
    """Register guests; returns {name: label}."""
    labels = {}
    for name, category in names_and_categories:
        response = client.post(url(club, event_id, "players"), {"guest": name, "category": category},
                               format="json")
        assert response.status_code == 201, response.content
        labels[name] = response.json()["label"]
    return labels


def report(client, club, event_id, number, table, points, **extra):
    return client.post(url(club, event_id, "rounds", number, "tables", table), {"points": points, **extra},
                       format="json")


def close(client, club, event_id, number):
    return client.post(url(club, event_id, "rounds", number, "close"), {}, format="json")


def get_round(client, club, event_id, number):
    response = client.get(url(club, event_id, "rounds", number))
    assert response.status_code == 200, response.content
    return response.json()


def euchre_points(rng, head: bool, game: int = 5):
    """A plausible score when the bell rings: the head table finished, others not."""
    winner_points = game if head else rng.randint(1, game - 1)
    loser_points = rng.randint(0, winner_points - 1)
    return [winner_points, loser_points] if rng.random() < 0.5 else [loser_points, winner_points]
