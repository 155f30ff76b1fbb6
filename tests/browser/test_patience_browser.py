"""Poker patience on a 390 px phone: the player opens their grid with their PIN, the grid of 25
squares fits the screen, and a tap on a square places the called card there; the director's
next call appears on the phone by itself."""
from __future__ import annotations

import datetime

import pytest

from clubs.models import Club
from tests.conftest import refresh_falls_due
from tournaments.deals.patience import called_cards
from tournaments.models.patience import PatienceGrid
from tournaments.services import patience as services

FITS = """(sel) => { const t = document.querySelector(sel); const r = t.getBoundingClientRect();
    return {grid: r.right <= window.innerWidth + 1, page: document.documentElement.scrollWidth <= window.innerWidth + 1}; }"""


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_phone_places_the_called_cards_by_tapping_squares(live_server, browser_page):
    club = Club.objects.create(name="Patience club", slug="patience-club")
    patience = services.patience_create(club=club, name="Phone patience", date=datetime.date(2026, 11, 27),
                                        options={"deals": 1}, deal_seed="browser-seed")
    services.patience_player_add(patience=patience, guest="Ann Phone")
    services.patience_start(patience=patience)
    services.patience_call(patience=patience)
    cards = called_cards("browser-seed", 1)
    page = browser_page
    assert page.viewport_size["width"] == 390
    page.context.clock.install()
    page.goto(f"{live_server.url}/clubs/{club.slug}/events/{patience.event_id}/patience/player/1/")
    page.fill("input[name=pin]", services.player_pin(patience, "1"))
    page.get_by_role("button", name="Open my grid").click()
    assert page.locator(".patience-grid .square").count() == 25
    assert page.evaluate(FITS, ".patience-grid") == {"grid": True, "page": True}
    page.click(".patience-grid [data-square='12']")
    assert page.locator(".patience-grid [data-square='12'] .pcard").count() == 1
    assert PatienceGrid.objects.get(player__label="1").cells[12] == cards[0]
    assert page.locator("#next").inner_text().startswith("Waiting")
    services.patience_call(patience=patience)  # the Caller calls again: the phone follows by itself
    refresh_falls_due(page)
    page.wait_for_selector(".patience-grid button[data-square='0']", timeout=10000)
    page.click(".patience-grid [data-square='0']")
    page.wait_for_selector(".patience-grid [data-square='0'] .pcard")
    assert PatienceGrid.objects.get(player__label="1").cells[:1] == [cards[1]]
