"""An organizer creates a simultaneous pairs from the club's pages, and another club's director
joins it with a heat (choosing a movement that fits its boards); the organizer sees the heat."""
from __future__ import annotations

import datetime
import zoneinfo

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from clubs import services
from tests.conftest import PASSWORD
from tournaments.models import Heat, Simultaneous


def _login(page, url: str, username: str) -> None:
    page.goto(f"{url}/accounts/login/")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", PASSWORD)
    page.get_by_role("button", name="Log in").click()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_an_organizer_creates_and_a_club_joins(live_server, chromium, make_user, monkeypatch):
    from tournaments.deals.doubledummy import AnalysisUnavailable

    def unavailable(*args, **kwargs):  # a worker's job; inline it would hold the join's answer for seconds
        raise AnalysisUnavailable("not in this test")

    monkeypatch.setattr("tournaments.services.boards.analyse_boards", unavailable)
    organizer = services.club_create(name="County Bridge", slug="county", city="Bath", time_zone="Europe/London")
    joining = services.club_create(name="Village Bridge", slug="village", city="Frome", time_zone="Europe/London")
    services.role_grant(club=organizer, user=make_user("dora"), role="director")
    services.role_grant(club=joining, user=make_user("vic"), role="director")
    local = timezone.localtime(timezone.now(), zoneinfo.ZoneInfo("Europe/London")).replace(second=0, microsecond=0)

    def at(hours: float) -> str:
        return (local + datetime.timedelta(hours=hours)).strftime("%Y-%m-%dT%H:%M")

    context = chromium.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.set_default_timeout(15000)
    _login(page, live_server.url, "dora")
    page.goto(f"{live_server.url}/clubs/county/")
    page.click("#simultaneous")
    page.click("#simultaneous-new")
    page.fill("input[name=name]", "Browser Sim")
    page.fill("input[name=date]", local.date().isoformat())
    page.fill("input[name=boards]", "12")
    page.fill("input[name=starts_at]", at(-1))
    page.fill("input[name=ends_at]", at(1))
    page.fill("input[name=release_at]", at(3))
    page.get_by_role("button", name="Create").click()
    expect(page.locator("h1")).to_have_text("Browser Sim")
    sim = Simultaneous.objects.get()
    assert sim.organizer == organizer and sim.boards == 12
    context.close()

    context = chromium.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.set_default_timeout(15000)
    _login(page, live_server.url, "vic")
    page.goto(f"{live_server.url}/clubs/village/simultaneous/")
    expect(page.locator("#joinable")).to_contain_text("Browser Sim")
    page.locator("#joinable a.join").click()
    page.fill("input[name=pairs]", "6")
    page.get_by_role("button", name="Suggest movements").click()
    page.wait_for_url("**pairs=6**")
    expect(page.locator("select[name=movement] option").first).to_contain_text("6 pairs")
    page.fill("input[name=name]", "Village heat")
    page.select_option("select[name=movement]", index=0)
    page.click("#join")
    expect(page.locator("h1")).to_have_text("Village heat")
    heat = Heat.objects.get()
    assert heat.club == joining and heat.event.sections.exists()
    assert max(heat.event.sections.get().schedule.board_numbers()) <= 12
    context.close()

    context = chromium.new_context(viewport={"width": 1024, "height": 800})
    page = context.new_page()
    page.set_default_timeout(15000)
    _login(page, live_server.url, "dora")
    page.goto(f"{live_server.url}/clubs/county/simultaneous/{sim.pk}/")
    expect(page.locator("#heats")).to_contain_text("Village Bridge")
    expect(page.locator("#heats")).to_contain_text("Village heat")
    context.close()
