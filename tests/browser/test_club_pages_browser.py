"""A director logs in on a phone-sized screen and finds a member."""
import pytest
from playwright.sync_api import expect

from clubs import services


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_director_logs_in_and_searches_members(live_server, browser_page, make_user):
    club = services.club_create(name="Browser Club", slug="browser-club", city="Bath")
    director = make_user("dora")
    services.role_grant(club=club, user=director, role="director")
    services.member_create(club=club, membership_number="11", first_name="Ada", last_name="Lovelace")
    services.member_create(club=club, membership_number="12", first_name="Charles", last_name="Babbage")

    page = browser_page
    page.goto(f"{live_server.url}/")
    assert page.locator("h1").inner_text() == "Browser Club"
    page.get_by_role("link", name="Log in").click()
    page.fill("input[name=username]", "dora")
    page.fill("input[name=password]", "correct-horse-battery")
    page.get_by_role("button", name="Log in").click()
    page.get_by_role("link", name="Members").click()
    page.fill("input[name=q]", "love")
    page.get_by_role("button", name="Search").click()
    rows = page.locator("table.data tbody tr")
    expect(rows).to_have_count(1)
    assert "Lovelace" in rows.first.inner_text()
    rows.first.get_by_role("link").click()
    assert page.locator("h1").inner_text() == "Ada Lovelace"
