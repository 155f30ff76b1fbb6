"""Two phones at one table (separate browser contexts): N-S enters, E-W confirms from its own
phone; the sit-out table of a nine-pair Mitchell follows the movement to round 2."""
import pytest

from clubs import services
from tests.conftest import refresh_falls_due
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
def test_two_phones_share_a_table_and_the_sit_out_table_follows_the_movement(live_server, browser_page):
    club = services.club_create(name="Phone Club", slug="phone-club", city="Bath")
    members = [services.member_create(club=club, membership_number=str(100 + n), first_name=f"F{n}",
                                      last_name=f"L{n}") for n in range(18)]
    event = events.event_setup(club=club, name="Nine pairs", date="2026-12-01", game="duplicate_bridge",
                                scoring="matchpoints", movement={"kind": "mitchell", "tables": 5, "boards_per_round": 2})
    for a, b in zip(members[::2], members[1::2]):
        entries.entry_add(event=event, members=[a, b])
    actions.event_start(event=event)
    section = event.sections.get()
    browser = browser_page.context.browser
    east_context = browser.new_context(viewport={"width": 390, "height": 844})
    for context in (browser_page.context, east_context):
        context.clock.install()
    north = open_table(browser_page.context, live_server, club, event, section, 1)
    east = open_table(east_context, live_server, club, event, section, 1)

    north.select_option("#table-entry select[name=board]", "1")
    north.fill("input[name=contract]", "4S")
    north.select_option("select[name=declarer]", "S")
    north.fill("input[name=tricks]", "10")
    north.click("#submit-result")
    refresh_falls_due(east)
    east.wait_for_selector("#confirm-1", timeout=15000)  # the E-W phone refreshes by itself
    assert "4S S 10" in east.locator("#confirm-1").inner_text()
    east.click("#confirm-1 .confirm-button")
    assert "1NS" in east.locator("#table-traveller").inner_text()
    refresh_falls_due(north)
    north.wait_for_selector("#confirm-1", state="detached", timeout=15000)  # N-S's phone refreshes too
    assert north.locator("#table-entry select[name=board] option").all_inner_texts() == ["2"]

    sitting = open_table(east_context, live_server, club, event, section, 5)
    assert "next plays round 2, table 5 N-S" in sitting.locator("#sit-out").inner_text()
    actions.event_set_round(event=event, round_number=2)
    refresh_falls_due(sitting)
    sitting.locator("h1", has_text="round 2 of 5").wait_for(timeout=15000)  # it follows the director by itself
    assert "4EW" in sitting.locator("#table-pairs").inner_text()
    east_context.close()
