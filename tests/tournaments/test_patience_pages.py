"""Poker patience from the pages alone: the director creates the evening, registers players,
starts, calls, enters a paper grid, closes each deal and finishes; a player's phone places
cards with their PIN; everyone reads the standings; the standings print."""
import pytest
from django.test import Client

from scoring.engine import patience as engine
from tournaments.deals.patience import called_cards
from tournaments.models import Event
from tournaments.models.patience import Patience, PatienceGrid
from tournaments.services import patience as services

pytestmark = pytest.mark.django_db


@pytest.fixture
def web(director):
    client = Client()
    client.force_login(director)
    return client


def new_evening(web, club, **fields):
    data = {"name": "Patience night", "date": "2026-11-27", "deals": "3", "table": "standard_hoyle",
            "lost_values": "english", "placement": "anywhere", "comparison": "total", "caller": "seeded",
            "deal_seed": "page-seed", **fields}
    response = web.post(f"/clubs/{club.slug}/events/patience/new/", data)
    assert response.status_code == 302, response.content.decode()[:2000]
    return Patience.objects.get(event__name=data["name"])


def base(club, patience):
    return f"/clubs/{club.slug}/events/{patience.event_id}/patience/"


def test_an_evening_of_three_deals_from_the_pages(web, club):
    patience = new_evening(web, club)
    for name in ("Ann", "Bob"):
        web.post(base(club, patience) + "players/", {"guest": name})
    assert web.post(base(club, patience) + "start/").status_code == 302
    assert Event.objects.get(pk=patience.event_id).status == "playing"
    phone = Client()  # Ann's own phone, not logged in
    pin = services.player_pin(patience, "1")
    page = phone.get(base(club, patience) + "player/1/")
    assert page.status_code == 200 and b'name="pin"' in page.content
    wrong = "0000" if pin != "0000" else "1111"
    phone.post(base(club, patience) + "player/1/", {"pin": wrong})
    assert b'name="pin"' in phone.get(base(club, patience) + "player/1/").content
    phone.post(base(club, patience) + "player/1/", {"pin": pin})
    for deal in (1, 2, 3):
        cards = called_cards("page-seed", deal)
        for n in range(25):
            web.post(base(club, patience) + "call/", {"count": "1"})
            page = phone.get(base(club, patience) + "player/1/")
            assert f'name="card" value="{cards[n]}"'.encode() in page.content
            assert phone.post(base(club, patience) + "player/1/",
                              {"square": str(n), "card": cards[n], "deal": str(deal)}).status_code == 302
        full = phone.get(base(club, patience) + "player/1/")
        assert f"<b id=\"score\">{engine.grid_score(cards).total}</b>".encode() in full.content
        # Bob played on paper, column by column.
        paper = " ".join(cards[c * 5 + r] for r in range(5) for c in range(5))
        web.post(base(club, patience) + "grid/", {"player": "2", "deal": str(deal), "cells": paper})
        assert PatienceGrid.objects.get(deal__patience=patience, deal__number=deal, player__label="2").source == "paper"
        web.post(base(club, patience) + "close/")
    home = web.get(base(club, patience))
    assert home.status_code == 200 and b"Deals played" in home.content
    web.post(base(club, patience) + "finish/")
    assert Event.objects.get(pk=patience.event_id).status == "finished"
    standings = Client().get(base(club, patience) + "standings/")
    assert standings.status_code == 200
    total = sum(engine.grid_score(called_cards("page-seed", d)).total for d in (1, 2, 3))
    assert f">{total}</td>".encode() in standings.content
    printed = web.get(base(club, patience) + "print/standings/?format=html")
    assert printed.status_code == 200 and b"Poker patience: standings" in printed.content


def test_bad_form_input_comes_back_naming_the_field(web, club):
    response = web.post(f"/clubs/{club.slug}/events/patience/new/", {"name": "x", "date": "2026-11-27",
                                                                      "deals": "0"})
    assert response.status_code == 400 and b"deals" in response.content
    response = web.post(f"/clubs/{club.slug}/events/patience/new/", {"name": "x", "date": "2026-11-27",
                                                                      "deals": "2", "table": "french"})
    assert response.status_code == 400 and b"table is one of" in response.content
    patience = new_evening(web, club)
    web.post(base(club, patience) + "players/", {"guest": "Ann"})
    web.post(base(club, patience) + "start/")
    assert b'data-refresh' in web.get(base(club, patience)).content  # the director sees the phones' progress
    web.post(base(club, patience) + "call/", {"count": "25"})
    page = web.post(base(club, patience) + "grid/", {"player": "1", "deal": "1", "cells": "TS JS"}, follow=True)
    assert b"grid: a grid is 25 cells" in page.content


def test_players_and_visitors_cannot_run_the_evening(web, club, player):
    patience = new_evening(web, club)
    other = Client()
    other.force_login(player)
    assert other.get(base(club, patience)).status_code == 403
    assert other.post(base(club, patience) + "start/").status_code == 403
    assert Client().get(base(club, patience) + "standings/").status_code == 404  # not started yet


def test_the_phone_shows_25_squares_to_tap_while_a_card_waits(web, club):
    patience = new_evening(web, club)
    web.post(base(club, patience) + "players/", {"guest": "Ann"})
    web.post(base(club, patience) + "start/")
    web.post(base(club, patience) + "call/")
    page = web.get(base(club, patience) + "player/1/")
    assert page.content.count(b'class="square empty"') == 25
    assert page.content.count(b'<button type="submit" name="square"') == 25


def test_demo_evening_loads_once_with_deal_one_scored_and_deal_two_in_play(demo_club):
    from tournaments.demo_patience import load_demo_patience
    from tournaments.selectors_patience import patience_standings

    club = demo_club
    first = load_demo_patience(club)
    assert load_demo_patience(club).pk == first.pk and Patience.objects.count() == 1
    assert first.event.status == "playing" and first.current_deal == 2
    rows = patience_standings(first)
    assert len(rows) == 6 and sum(r["total"] for r in rows) == 6 * 5  # matchpoints: n(n-1) a deal
    assert first.deals.get(number=2).called == list(called_cards("demo-patience", 2)[:10])
    page = Client().get(f"/clubs/{club.slug}/events/{first.event_id}/patience/standings/")
    assert page.status_code == 200 and b"Demo poker patience" in page.content


def test_paper_grid_sheets_print_a_grid_a_deal_for_each_player_for_directors(web, club, player):
    patience = new_evening(web, club)
    for name in ("Ann", "Bob"):
        web.post(base(club, patience) + "players/", {"guest": name})
    page = web.get(base(club, patience) + "print/sheets/?format=html")
    assert page.status_code == 200
    assert page.content.count(b"patience-sheet") == 2 * 3 and b"1 Ann" in page.content
    pdf = web.get(base(club, patience) + "print/sheets/")
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf" and pdf.content.startswith(b"%PDF")
    other = Client()
    other.force_login(player)
    assert other.get(base(club, patience) + "print/sheets/?format=html").status_code == 403
