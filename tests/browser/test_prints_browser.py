"""The HTML prints in Chromium: a director opens the travellers, guide cards and hand records of
a played 3-table Mitchell, reads the boards, pairs and suits (hearts and diamonds in red), then
prints: the screen-only bar goes, each traveller and guide card gets a page of its own, and the
six hand records share one."""
import io
from itertools import cycle

import pytest
from pypdf import PdfReader

from tests.conftest import PASSWORD
from tests.tournaments.factories_event import create_event, enter_pairs, make_members, plays
from tournaments.models import Event
from tournaments.selectors_boards import event_boards

RED = "rgb(192, 0, 0)"
BLACK = "rgb(0, 0, 0)"
SYMBOLS = ["♠", "♥", "♦", "♣"]
# Every strain turns up on the travellers: 4♥ 3NT 2♠ 5♦ 3♣, cycled over the 18 plays.
RESULTS = [{"contract": "4H", "declarer": "S", "tricks": 10}, {"contract": "3NT", "declarer": "N", "tricks": 8},
           {"contract": "2S", "declarer": "E", "tricks": 8}, {"contract": "5D", "declarer": "W", "tricks": 11},
           {"contract": "3C", "declarer": "N", "tricks": 9}]


@pytest.fixture
def printed(live_server, browser_page, api_as, club, director):
    """A played 3-table, 6-board Mitchell; the page logged in as the director.
    Returns (page, prints URL, movement JSON, event)."""
    client = api_as(director)
    event = create_event(client, club, movement={"kind": "mitchell", "tables": 3, "boards_per_round": 2})
    enter_pairs(client, club, event["id"], make_members(club, 12))
    base = f"/api/clubs/{club.slug}/events/{event['id']}"
    assert client.post(f"{base}/start/").status_code == 200
    movement = client.get(f"{base}/movement/").json()["sections"][0]
    for (_rnd, _table, board, ns, ew), result in zip(plays(movement), cycle(RESULTS)):
        body = {"board": board, "ns": ns, "ew": ew, **result}
        assert client.post(f"{base}/results/", body, format="json").status_code == 201
    page = browser_page
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("input[name=username]", director.username)
    page.fill("input[name=password]", PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(lambda url: "/accounts/login/" not in url)
    prints = f"{live_server.url}/clubs/{club.slug}/events/{event['id']}/prints"
    return page, prints, movement, Event.objects.get(pk=event["id"])


def number_of(label: str) -> str:
    """A pair in its own direction's column prints without the suffix: "3NS" -> "3"."""
    return label[:-2] if label.endswith(("NS", "EW")) else label


def colour(locator) -> str:
    return locator.evaluate("el => getComputedStyle(el).color")


def printed_pages(page) -> list[str]:
    """Chromium's own print of the page (print media, the template's @page size) as text."""
    reader = PdfReader(io.BytesIO(page.pdf(prefer_css_page_size=True)))
    assert [round(float(p.mediabox.width) * 25.4 / 72) for p in reader.pages] == [210] * len(reader.pages)  # A4
    return [p.extract_text() or "" for p in reader.pages]


def assert_print_bar_only_on_screen(page, menu: str):
    bar = page.locator("nav.print-bar")
    assert bar.is_visible() and bar.get_by_role("button", name="Print").is_visible()
    assert bar.get_by_role("link", name="All prints").evaluate("a => a.href") == menu
    page.emulate_media(media="print")
    assert bar.is_hidden()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_travellers_read_and_print_one_board_a_page(printed):
    page, prints, movement, _event = printed
    page.goto(f"{prints}/travellers/")
    travellers = page.locator("section.traveller")
    assert travellers.count() == 6
    assert page.evaluate("document.fonts.ready.then(() => [...document.fonts].some("
                         "f => f.family.replace(/\"/g, '') === 'Cardroom Print' && f.status === 'loaded'))")
    for number in range(1, 7):
        traveller = travellers.nth(number - 1)
        assert traveller.locator("h1").inner_text() == f"Board {number}"
        expected = [(number_of(ns), number_of(ew)) for _r, _t, b, ns, ew in plays(movement) if b == number]
        rows = traveller.locator("tbody tr")
        assert [(rows.nth(i).locator("td").nth(2).inner_text(), rows.nth(i).locator("td").nth(3).inner_text())
                for i in range(rows.count())] == expected
    # each suit symbol's colour as drawn: a red suit's own span, a black suit the cell's text
    drawn = page.locator("section.traveller tbody td").evaluate_all(
        "(cells, symbols) => cells.flatMap(td => symbols.filter(s => td.textContent.includes(s)).map(s => {"
        "  const span = [...td.querySelectorAll('span')].find(el => el.textContent.includes(s));"
        "  return [s, getComputedStyle(span || td).color]; }))", SYMBOLS)
    seen = {}
    for symbol, drawn_in in drawn:
        seen.setdefault(symbol, set()).add(drawn_in)
    assert seen == {"♥": {RED}, "♦": {RED}, "♠": {BLACK}, "♣": {BLACK}}

    assert_print_bar_only_on_screen(page, prints + "/")
    breaks = travellers.evaluate_all("els => els.map(el => getComputedStyle(el).breakAfter)")
    assert breaks == ["page"] * 5 + ["auto"]
    pages = printed_pages(page)
    assert len(pages) == 6
    for number, text in enumerate(pages, start=1):
        assert f"Board {number}" in text and f"Board {number + 1}" not in text
        assert "All prints" not in text


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_guide_cards_show_each_tables_pairs_and_boards_and_print_a_card_a_page(printed):
    page, prints, movement, _event = printed
    page.goto(f"{prints}/guide-cards/")
    cards = page.locator("section.guide-card")
    assert cards.count() == 3
    for table in (1, 2, 3):
        card = cards.nth(table - 1)
        assert card.locator("h1").inner_text() == f"Table {table}"
        rows = card.locator("tbody tr")
        assert rows.count() == len(movement["rounds_detail"])
        for i, plan in enumerate(movement["rounds_detail"]):
            seat = next(t for t in plan["tables"] if t["table"] == table)
            cells = rows.nth(i).locator("td")
            assert cells.nth(0).inner_text() == str(plan["round"])
            assert cells.nth(1).inner_text() == number_of(seat["ns"])
            assert cells.nth(2).inner_text() == number_of(seat["ew"])
            assert cells.nth(3).inner_text() == f"{seat['boards'][0]}–{seat['boards'][-1]}"
    assert "Movement wall chart" in page.locator("section.chart h1").inner_text()

    assert_print_bar_only_on_screen(page, prints + "/")
    pages = printed_pages(page)
    assert len(pages) == 4
    for table in (1, 2, 3):
        assert f"Table {table}" in pages[table - 1] and "Keep this card on table" in pages[table - 1]
    assert "Movement wall chart" in pages[3]


def holdings(pbn: str) -> dict[str, list[str]]:
    """A PBN deal as printed: seat -> four suit rows, spades first, "10" for T, "—" for a void."""
    first, hands = pbn.split(":")
    order = "NESW"
    seats = [order[(order.index(first) + k) % 4] for k in range(4)]
    return {seat: [" ".join("10" if r == "T" else r for r in suit) or "—" for suit in hand.split(".")]
            for seat, hand in zip(seats, hands.split())}


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_hand_records_show_the_deals_in_red_and_black_and_print_on_one_page(printed):
    page, prints, _movement, event = printed
    deals = {b.number: holdings(b.deal) for b in event_boards(event=event)}
    assert sorted(deals) == [1, 2, 3, 4, 5, 6]
    page.goto(f"{prints}/hand-records/")
    records = page.locator(".record")
    assert records.count() == 6
    for number in range(1, 7):
        record = records.nth(number - 1)
        assert f"Board {number}" in record.inner_text()
        hands = record.locator(".hand")
        for h, seat in enumerate("NWES"):  # the compass: North, then West and East, then South
            rows = hands.nth(h).locator("div")
            assert [rows.nth(i).locator(".sym").inner_text() for i in range(4)] == SYMBOLS
            assert [rows.nth(i).inner_text().split(None, 1)[1] for i in range(4)] == deals[number][seat]
            assert [colour(rows.nth(i).locator(".sym")) for i in range(4)] == [BLACK, RED, RED, BLACK]
    box = records.nth(1).locator(".box")  # board 2: N-S vulnerable (Law 2), East deals
    assert colour(box.locator(".n")) == RED and colour(box.locator(".s")) == RED
    assert colour(box.locator(".e")) == BLACK and colour(box.locator(".w")) == BLACK

    first, second = (records.nth(i).bounding_box() for i in (0, 1))
    assert second["y"] > first["y"] + first["height"] - 1  # a phone stacks the records...
    page.set_viewport_size({"width": 1100, "height": 900})
    first, second = (records.nth(i).bounding_box() for i in (0, 1))
    assert second["y"] == first["y"] and second["x"] > first["x"] + first["width"] - 1  # ...a desk pairs them

    assert_print_bar_only_on_screen(page, prints + "/")
    pages = printed_pages(page)
    assert len(pages) == 1
    assert all(f"Board {n}" in pages[0] for n in range(1, 7)) and "test-seed" in pages[0]
    assert pages[0].count("♥") >= 4 * 6
