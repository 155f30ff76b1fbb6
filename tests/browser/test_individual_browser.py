"""An individual's table on two phones (separate browser contexts): both show the four players
by seat; North enters a board, East confirms it from its own phone; after the round the phone
says where each player goes next."""
import pytest

from clubs import services
from tests.conftest import refresh_falls_due
from tournaments.models import Result
from tournaments.selectors_event import table_pin
from tournaments.services import actions, entries, events


def open_table(context, live_server, club, event, section, table):
    page = context.new_page()
    page.set_default_timeout(15000)
    page.goto(f"{live_server.url}/clubs/{club.slug}/events/{event.pk}/table/A/{table}/")
    page.fill("input[name=pin]", table_pin(event, section, table))
    page.get_by_role("button", name="Open").click()
    return page


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_two_phones_at_an_individual_table(live_server, browser_page):
    club = services.club_create(name="Individual Club", slug="individual-club", city="Bath")
    members = [services.member_create(club=club, membership_number=str(200 + n), first_name=f"Player{n}",
                                      last_name=f"Seat{n}") for n in range(1, 9)]
    event = events.event_setup(club=club, name="Individual night", date="2026-12-01", game="duplicate_bridge",
                               scoring="matchpoints", format="individual",
                               movement={"kind": "individual", "players": 8, "rounds": 2, "boards_per_round": 1})
    for m in members:
        entries.entry_add(event=event, members=[m])
    actions.event_start(event=event)
    section = event.sections.get()
    tp = section.schedule.table(1, 1)
    names = {str(i + 1): m.full_name for i, m in enumerate(members)}
    browser = browser_page.context.browser
    east_context = browser.new_context(viewport={"width": 390, "height": 844})
    east_context.clock.install()
    north = open_table(browser_page.context, live_server, club, event, section, 1)
    east = open_table(east_context, live_server, club, event, section, 1)
    for phone in (north, east):
        seats = phone.locator("#table-seats tbody tr").all_inner_texts()
        assert [row.split("\t")[:3] for row in seats] == [
            [seat, label, names[label]] for seat, label in zip(("North", "South", "East", "West"), tp.entrants)]

    board = str(tp.boards[0])
    north.select_option("#table-entry select[name=board]", board)
    north.fill("input[name=contract]", "3NT")
    north.select_option("select[name=declarer]", "N")
    north.fill("input[name=tricks]", "9")
    north.click("#submit-result")
    refresh_falls_due(east)
    east.wait_for_selector(f"#confirm-{board}", timeout=15000)  # East's phone refreshes by itself
    assert "3NT N 9" in east.locator(f"#confirm-{board}").inner_text()
    east.click(f"#confirm-{board} .confirm-button")
    moves = east.locator("#moves-before")
    moves.wait_for(timeout=15000)  # round 1 is complete: the phone moves on to round 2
    text = moves.inner_text()
    assert f"North ({tp.n})" in text and f"West ({tp.w})" in text and "table" in text
    stored = Result.objects.get(event=event, board=int(board), table=1)
    assert stored.confirmed and (stored.ns.label, stored.south.label, stored.ew.label, stored.west.label) == \
        tp.entrants
    east_context.close()
