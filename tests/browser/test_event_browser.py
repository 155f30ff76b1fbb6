"""A director runs a small evening in Chromium; a table scores on a phone; standings follow."""
import threading

import pytest

from clubs import services
from tournaments.models import Event
from tournaments.selectors_event import table_pin


@pytest.fixture
def background_threads(settings):
    """As under ``make run``: the double dummy after Start goes to a thread, so Start returns at
    once; the test waits for the thread before the database goes."""
    settings.CARDROOM_INLINE_THREADS = True
    yield
    for thread in threading.enumerate():
        if thread.name.startswith("cardroom-"):
            thread.join(timeout=300)


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_director_and_a_table_run_an_evening_in_the_browser(live_server, browser_page, make_user, background_threads):
    club = services.club_create(name="Browser Club", slug="browser-club", city="Bath")
    director = make_user("dora")
    services.role_grant(club=club, user=director, role="director")
    for n in range(8):
        services.member_create(club=club, membership_number=str(10 + n), first_name=f"F{n}", last_name=f"L{n}")
    page = browser_page
    page.goto(f"{live_server.url}/accounts/login/?next=/clubs/{club.slug}/events/new/%3Fpairs%3D4")
    page.fill("input[name=username]", "dora")
    page.fill("input[name=password]", "correct-horse-battery")
    page.get_by_role("button", name="Log in").click()
    page.fill("input[name=date]", "2026-12-01")
    page.click("#create")
    page.wait_for_selector("#director")
    for a, b in (("10", "11"), ("12", "13"), ("14", "15"), ("16", "17")):
        page.fill("input[name=player_a]", a)
        page.fill("input[name=player_b]", b)
        page.get_by_role("button", name="Enter pair").click()
    page.click("#start")
    assert "Playing" in page.locator("#event-status").inner_text()
    assert "Double dummy:" in page.locator("#boards-area").inner_text()  # its progress, while it runs
    event = Event.objects.get(club=club)
    section = event.sections.get()
    first = section.movement["rounds_detail"][0]["tables"][0]
    page.goto(f"{live_server.url}/clubs/{club.slug}/events/{event.pk}/table/A/1/")
    page.fill("input[name=pin]", table_pin(event, section, 1))
    page.get_by_role("button", name="Open").click()
    page.fill("input[name=contract]", "4S")
    page.select_option("select[name=declarer]", "S")
    page.fill("input[name=tricks]", "10")
    page.click("#submit-result")
    page.click(".confirm-button")
    assert first["ns"] in page.locator("#table-traveller").inner_text()
    page.goto(f"{live_server.url}/clubs/{club.slug}/events/{event.pk}/")
    page.wait_for_function("document.querySelectorAll('#standings-table tbody tr').length >= 2", timeout=15000)
    assert first["ew"] in page.locator("#standings-table").inner_text()
