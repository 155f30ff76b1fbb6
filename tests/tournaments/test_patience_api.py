"""Poker patience through the API: create, register, start, call, place from phones with a
PIN, a paper grid, close each deal (scored, standings stored), duplicate comparison, finish;
bad input is a 400 naming the field, a clash with the evening's state a 409."""
import pytest

from scoring.engine import patience as engine
from tests.tournaments.factories_event import create_event
from tournaments.deals.patience import called_cards
from tournaments.models import Event
from tournaments.models.patience import PatienceStanding
from tournaments.services import patience as services

pytestmark = pytest.mark.django_db
API = "/api/clubs/{slug}/events/"


def url(club, *parts):
    return API.format(slug=club.slug) + "".join(f"{p}/" for p in parts)


def create(client, club, **rules):
    response = client.post(url(club), {"name": "Poker patience night", "date": "2026-11-27", "game": "poker_patience",
                                       "options": {"deals": 2, **rules}, "deal_seed": "patience-seed"}, format="json")
    assert response.status_code == 201, response.content
    return response.json()["id"]


def evening(client, club, players=("Ann", "Bob", "Cat"), **rules):
    event_id = create(client, club, **rules)
    for name in players:
        assert client.post(url(club, event_id, "patience", "players"), {"guest": name}, format="json").status_code == 201
    assert client.post(url(club, event_id, "start"), {}, format="json").status_code == 200
    return event_id


def fill(client, club, event_id, label, order, pin=None, deal=1):
    """Place the deal's cards in ``order`` of squares (the n-th card in square order[n])."""
    for square in order:
        grid = client.get(url(club, event_id, "patience", "players", label, "grid")).json()
        body = {"square": square, "card": grid["next"], "deal": deal}
        headers = {"HTTP_X_TABLE_PIN": pin} if pin else {}
        response = client.post(url(club, event_id, "patience", "players", label, "place"), body, format="json",
                               **headers)
        assert response.status_code == 200, response.content
    return response.json()


def test_an_evening_of_two_deals_from_phones_and_paper(api_as, api, director, club):
    client = api_as(director)
    event_id = evening(client, club)
    assert Event.objects.get(pk=event_id).status == "playing"
    called = client.post(url(club, event_id, "patience", "call"), {"count": 25}, format="json").json()["called"]
    assert called == list(called_cards("patience-seed", 1))
    pins = client.get(url(club, event_id, "patience")).json()["pins"]
    # Ann places on her own phone (no login, her PIN), row by row; Bob column by column.
    ann = fill(api, club, event_id, "1", range(25), pin=pins["1"])
    assert ann["placed"] == 25 and ann["score"] == engine.grid_score(called).total
    fill(client, club, event_id, "2", [c * 5 + r for r in range(5) for c in range(5)])
    # Cat played on paper: the director enters her grid.
    paper = list(reversed(called))
    response = client.put(url(club, event_id, "patience", "players", "3", "grid"), {"deal": 1, "cells": paper},
                          format="json")
    assert response.status_code == 200, response.content
    closed = client.post(url(club, event_id, "patience", "close"), {}, format="json").json()
    assert closed["next"] == 2
    scores = {g["player"]: g["score"] for g in closed["closed"]["grids"]}
    assert scores["1"] == engine.grid_score(called).total
    assert scores["3"] == engine.grid_score(paper).total
    stored = {s.player.label: s.total for s in PatienceStanding.objects.filter(patience__event_id=event_id)
              .select_related("player")}
    assert stored == {label: float(score) for label, score in scores.items()}
    rows = client.get(url(club, event_id, "standings")).json()
    assert rows[0]["total"] == max(scores.values())
    # Deal 2: called one card at a time; Ann's phone places as they come.
    for n in range(25):
        client.post(url(club, event_id, "patience", "call"), {}, format="json")
        grid = api.get(url(club, event_id, "patience", "players", "1", "grid")).json()
        assert grid["last"] == called_cards("patience-seed", 2)[n] == grid["next"]
        assert api.post(url(club, event_id, "patience", "players", "1", "place"),
                        {"square": n, "card": grid["next"]}, format="json",
                        HTTP_X_TABLE_PIN=pins["1"]).status_code == 200
    refused = client.post(url(club, event_id, "patience", "close"), {}, format="json")
    assert refused.status_code == 409 and refused.json()["missing"] == ["2", "3"]
    assert client.post(url(club, event_id, "patience", "close"), {"confirm": True}, format="json").json()["next"] is None
    assert client.post(url(club, event_id, "finish"), {}, format="json").status_code == 200
    assert Event.objects.get(pk=event_id).status == "finished"
    totals = {r["label"]: r["total"] for r in client.get(url(club, event_id, "patience", "standings")).json()}
    second = engine.grid_score(called_cards("patience-seed", 2)).total
    assert totals["1"] == scores["1"] + second and totals["2"] == scores["2"]


def test_duplicate_comparison_matchpoints_each_deal(api_as, director, club):
    client = api_as(director)
    event_id = evening(client, club, comparison="matchpoints")
    called = client.post(url(club, event_id, "patience", "call"), {"count": 25}, format="json").json()["called"]
    grids = {"1": called, "2": list(reversed(called)), "3": called[5:] + called[:5]}
    for label, cells in grids.items():
        assert client.put(url(club, event_id, "patience", "players", label, "grid"), {"deal": 1, "cells": cells},
                          format="json").status_code == 200
    client.post(url(club, event_id, "patience", "close"), {}, format="json")
    points = {label: engine.grid_score(cells).total for label, cells in grids.items()}
    expected = engine.deal_scores(points, "matchpoints")
    rows = client.get(url(club, event_id, "patience", "standings")).json()
    assert {r["label"]: r["total"] for r in rows} == expected
    assert sum(r["total"] for r in rows) == 3 * 2  # n(n-1) matchpoints a deal


def test_placing_refuses_wrong_pin_wrong_card_and_a_taken_square(api_as, api, director, club, make_user):
    client = api_as(director)
    event_id = evening(client, club)
    client.post(url(club, event_id, "patience", "call"), {"count": 2}, format="json")
    pins = client.get(url(club, event_id, "patience")).json()["pins"]
    first, second = called_cards("patience-seed", 1)[:2]
    place = url(club, event_id, "patience", "players", "1", "place")
    wrong = "0000" if pins["1"] != "0000" else "1111"
    # The PIN goes in the X-Table-Pin header: one in the body is no PIN, signed in or not.
    assert api.post(place, {"square": 0, "card": first, "pin": pins["1"]}, format="json").status_code == 403
    stranger = api_as(make_user("stranger"))
    assert stranger.post(place, {"square": 0, "card": first, "pin": pins["1"]}, format="json").status_code == 403
    # Player 2's PIN does not place for player 1; a player the evening has not is a 404 before any PIN.
    assert api.post(place, {"square": 0, "card": first}, format="json", HTTP_X_TABLE_PIN=pins["2"]).status_code == 403
    nobody = url(club, event_id, "patience", "players", "99", "place")
    assert api.post(nobody, {"square": 0, "card": first}, format="json", HTTP_X_TABLE_PIN=pins["1"]).status_code == 404
    api.credentials(HTTP_X_TABLE_PIN=wrong)
    refused = api.post(place, {"square": 0, "card": first}, format="json")
    assert refused.status_code == 403
    # A player's PIN is on the director's list, not on a table card the evening does not have.
    assert "director's list of players" in refused.json()["detail"] and "table card" not in refused.json()["detail"]
    api.credentials(HTTP_X_TABLE_PIN=pins["1"])
    assert api.post(place, {"square": 0, "card": second}, format="json").status_code == 409
    assert api.post(place, {"square": 0, "card": first}, format="json").status_code == 200
    again = api.post(place, {"square": 0, "card": first}, format="json")
    assert again.status_code == 409 and "placed already" in again.json()["detail"]
    taken = api.post(place, {"square": 0, "card": second}, format="json")
    assert taken.status_code == 400 and "square" in taken.json()


@pytest.mark.parametrize("path, body, field", [
    (("patience", "call"), {"count": 0}, "count"),
    (("patience", "call"), {"card": "7H"}, "card"),
    (("patience", "players", "1", "place"), {"square": 25, "card": "7H"}, "square"),
    (("patience", "players", "1", "place"), {"square": "a", "card": "7H"}, "square"),
    (("patience", "players", "1", "place"), {"square": 3, "card": "ZZ"}, "card"),
    (("patience", "players", "1", "grid"), {"deal": 1, "cells": ["7H"] * 24}, "cells"),
    (("patience", "players"), {}, "member"),
    (("patience", "players"), {"member": 10 ** 9}, "member"),
    (("patience", "close"), {"confirm": "perhaps"}, "confirm"),
    (("patience", "players"), {"guest": "Ann\x00"}, "guest"),
    (("patience", "players", "1", "place"), {"square": 2 ** 70, "card": "7H"}, "square"),
    (("patience", "players", "1", "grid"), {"deal": 2 ** 70, "cells": ["7H"] * 25}, "deal"),
    (("patience", "call"), {"count": "x" * 5000}, "count"),
])
def test_bad_input_is_a_400_naming_the_field(api_as, director, club, path, body, field):
    client = api_as(director)
    event_id = evening(client, club)
    client.post(url(club, event_id, "patience", "call"), {}, format="json")
    method = client.put if path[-1] == "grid" else client.post
    response = method(url(club, event_id, *path), body, format="json")
    assert response.status_code == 400, response.content
    assert field in response.json()


def test_a_paper_grid_must_hold_the_called_cards_and_rules_are_checked(api_as, director, club):
    client = api_as(director)
    bad = client.post(url(club), {"name": "x", "date": "2026-11-27", "game": "poker_patience",
                                  "options": {"table": "french"}}, format="json")
    assert bad.status_code == 400 and "table" in bad.json()
    event_id = evening(client, club)
    called = client.post(url(club, event_id, "patience", "call"), {"count": 25}, format="json").json()["called"]
    stray = next(c for c in called_cards("other", 1, 52) if c not in called)
    response = client.put(url(club, event_id, "patience", "players", "1", "grid"),
                          {"deal": 1, "cells": called[:24] + [stray]}, format="json")
    assert response.status_code == 400 and "was not called" in response.json()["grid"][0]
    twice = client.put(url(club, event_id, "patience", "players", "1", "grid"),
                       {"deal": 1, "cells": called[:24] + [called[0]]}, format="json")
    assert twice.status_code == 400 and "must differ" in twice.json()["grid"][0]


def test_only_directors_call_and_close_and_finish_waits_for_the_open_deal(api_as, director, player, club):
    client = api_as(director)
    event_id = evening(client, club)
    assert api_as(player).post(url(club, event_id, "patience", "call"), {}, format="json").status_code == 403
    client.post(url(club, event_id, "patience", "call"), {}, format="json")
    refused = client.post(url(club, event_id, "finish"), {}, format="json")
    assert refused.status_code == 409 and "close it first" in refused.json()["detail"]
    early = client.post(url(club, event_id, "patience", "close"), {}, format="json")
    assert early.status_code == 409 and "call the rest" in early.json()["detail"]


def test_calling_from_a_pack_takes_each_card_once(api_as, director, club):
    client = api_as(director)
    event_id = evening(client, club, caller="pack")
    assert client.post(url(club, event_id, "patience", "call"), {"card": "7h"}, format="json").json()["called"] == ["7H"]
    again = client.post(url(club, event_id, "patience", "call"), {"card": "7H"}, format="json")
    assert again.status_code == 400 and "called already" in again.json()["card"][0]
    assert client.post(url(club, event_id, "patience", "call"), {}, format="json").status_code == 400


def test_a_latecomer_plays_from_the_next_deal(director, club):
    patience = services.patience_create(club=club, name="Late", date="2026-11-27", options={"deals": 2})
    services.patience_player_add(patience=patience, guest="Early")
    services.patience_start(patience=patience)
    services.patience_call(patience=patience)
    late = services.patience_player_add(patience=patience, guest="Late")
    assert late.joined_deal == 2
    from cardroom.errors import Conflict
    with pytest.raises(Conflict, match="plays from deal 2"):
        services.patience_place(patience=patience, label=late.label, square=0,
                                card=called_cards(patience.event.deal_seed, 1)[0])


def test_an_evenings_game_and_scoring_cannot_be_patched_nor_a_duplicate_event_become_one(api_as, director, club):
    client = api_as(director)
    event_id = create(client, club)
    for body, field in [({"game": "duplicate_bridge"}, "game"), ({"scoring": "matchpoints"}, "scoring")]:
        response = client.patch(url(club, event_id), body, format="json")
        assert response.status_code == 400 and field in response.json(), response.content
    assert Event.objects.get(pk=event_id).game == "poker_patience"
    bridge = create_event(client, club, movement={"kind": "mitchell", "tables": 3, "boards_per_round": 2})["id"]
    for body, field in [({"game": "poker_patience"}, "game"), ({"scoring": "grids"}, "scoring")]:
        response = client.patch(url(club, bridge), body, format="json")
        assert response.status_code == 400 and field in response.json(), response.content
    assert Event.objects.get(pk=bridge).game == "duplicate_bridge"
