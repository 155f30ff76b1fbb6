"""On a 390 px phone: a member claims their invitation, forgets the password and resets it,
logs in with their email and opens /me/: their events, the chart, nothing wider than the screen."""
import re

import pytest
from django.core import mail

from accounts import services
from clubs import services as club_services
from tests.accounts.factories_accounts import day, published_event
from tests.tournaments.factories_event import make_members

FITS = "() => document.documentElement.scrollWidth <= window.innerWidth + 1"
TABLE_FITS = """(sel) => { const t = document.querySelector(sel); return t.scrollWidth <= t.clientWidth + 1; }"""
SCREENS = "var/screens"


def _path(message) -> str:
    return re.search(r"https?://[^/\s]+(/\S+)", message.body).group(1)


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_invitation_reset_and_my_results_on_a_phone(live_server, browser_page, make_user, settings):
    from rest_framework.test import APIClient

    settings.CARDROOM_PUBLIC_URL = live_server.url
    club = club_services.club_create(name="Phone Club", slug="phone-club", city="Bath")
    director = make_user("dora")
    club_services.role_grant(club=club, user=director, role="director")
    members = make_members(club, 8)
    club_services.member_update(member=members[0], email="ada@example.org", first_name="Ada", last_name="Lovelace")
    api = APIClient()
    api.force_authenticate(director)
    published_event(api, club, members, name="Monday pairs", date=day(1))
    published_event(api, club, [members[0], members[2], members[1], members[3], *members[4:]], name="Thursday pairs",
                    date=day(2), seed=5)
    published_event(api, club, members, name="Monday pairs", date=day(3), seed=7)
    mail.outbox.clear()
    services.member_invite(member=members[0], by=director)
    [invitation] = mail.outbox

    page = browser_page
    page.goto(live_server.url + _path(invitation))
    assert page.locator("h1").inner_text() == "Welcome to Cardroom"
    page.fill("input[name=new_password1]", "first-password-9x")
    page.fill("input[name=new_password2]", "first-password-9x")
    page.get_by_role("button", name="Set my password").click()
    page.wait_for_url(re.compile(r"/me/$"))
    assert "linked to your membership of Phone Club" in page.locator(".messages").inner_text()
    page.screenshot(path=f"{SCREENS}/accounts-claimed.png", full_page=True)

    page.get_by_role("button", name="Log out").click()
    page.goto(f"{live_server.url}/accounts/login/")
    page.get_by_role("link", name="Forgotten your password?").click()
    page.fill("input[name=email]", "ADA@example.org")
    page.get_by_role("button", name="Send the link").click()
    assert page.locator("h1").inner_text() == "Check your email"
    reset = mail.outbox[-1]
    assert reset.to == ["ada@example.org"]
    page.goto(live_server.url + _path(reset))
    page.fill("input[name=new_password1]", "second-password-7y")
    page.fill("input[name=new_password2]", "second-password-7y")
    page.get_by_role("button", name="Set the password").click()
    assert page.locator("h1").inner_text() == "Password set"

    page.goto(f"{live_server.url}/accounts/login/?next=/me/")
    page.fill("input[name=username]", "ada@example.org")
    page.fill("input[name=password]", "second-password-7y")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(re.compile(r"/me/$"))
    assert page.locator("h1").inner_text() == "My results"
    history = page.locator("#history tbody tr")
    assert history.count() == 3
    assert "Thursday pairs" in history.nth(1).inner_text() and "First3 Last3" in history.nth(1).inner_text()
    assert page.locator("svg.chart circle").count() == 3
    box = page.locator("svg.chart").bounding_box()
    assert box["width"] <= 390 and box["height"] > 80
    assert page.evaluate(FITS) and page.evaluate(TABLE_FITS, "#history table")  # no column cut off
    page.screenshot(path=f"{SCREENS}/accounts-me-phone.png", full_page=True)
    history.first.get_by_role("link", name="score card").click()
    assert page.locator("#score-card").count() == 1
