"""On a phone: a director sets up a season ladder from the club's pages, then a handicap cup;
the ladder's table fits the screen and a visitor reads it."""
import datetime

import pytest

from clubs import services
from scoring.services_rating import club_rating_rebuild
from tests.scoring.competition_factories import scored_event
from tests.tournaments.factories_event import make_members

FITS = """(sel) => { const t = document.querySelector(sel); const r = t.getBoundingClientRect();
    return {table: r.right <= window.innerWidth + 1,
            page: document.documentElement.scrollWidth <= window.innerWidth + 1}; }"""


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_director_sets_up_a_ladder_and_a_handicap_cup_on_a_phone(live_server, browser_page, make_user):
    club = services.club_create(name="Ladder Club", slug="ladder-club", city="Bath")
    director = make_user("dora")
    services.role_grant(club=club, user=director, role="director")
    m = make_members(club, 6)
    for week, pcts in enumerate([(62.5, 50, 37.5), (45, 58.33, 46.67), (55, 41, 54)]):
        scored_event(club, datetime.date(2026, 9, 7) + datetime.timedelta(days=7 * week),
                     [(m[0], m[1], pcts[0]), (m[2], m[3], pcts[1]), (m[4], m[5], pcts[2])])
    club_rating_rebuild(club=club)

    page = browser_page
    page.goto(f"{live_server.url}/accounts/login/?next=/clubs/{club.slug}/")
    page.fill("input[name=username]", "dora")
    page.fill("input[name=password]", "correct-horse-battery")
    page.get_by_role("button", name="Log in").click()
    page.get_by_role("link", name="Competitions").click()
    page.get_by_role("link", name="New season ladder").click()
    page.fill("input[name=name]", "Autumn ladder")
    page.fill("input[name=date_from]", "2026-09-01")
    page.fill("input[name=best]", "2")
    page.get_by_role("button", name="Set up").click()
    assert page.locator("h1").inner_text() == "Autumn ladder"
    rows = page.locator("#competition-table tbody tr")
    assert rows.count() == 6
    assert "First1 Last1" in rows.first.inner_text() and "117.50" in rows.first.inner_text()
    assert page.evaluate(FITS, "#competition-table") == {"table": True, "page": True}

    page.get_by_role("link", name="All competitions").click()
    page.get_by_role("link", name="New handicap cup").click()
    page.fill("input[name=name]", "Handicap cup")
    page.fill("input[name=date_from]", "2026-09-01")
    page.get_by_role("button", name="Set up").click()
    assert page.locator("h1").inner_text() == "Handicap cup"
    page.get_by_role("link", name="Handicaps").click()
    page.select_option("select[name=member]", label=str(m[4]))
    page.fill("input[name=value]", "6")
    page.get_by_role("button", name="Save").click()
    assert "Handicap of First5 Last5 saved." in page.content()

    visitor = page.context.browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    visitor.goto(f"{live_server.url}/clubs/{club.slug}/competitions/")
    visitor.get_by_role("link", name="Autumn ladder").click()
    assert visitor.locator("#competition-table tbody tr").count() == 6
    assert visitor.get_by_role("link", name="Print (PDF)").count() == 1

