"""On a 390 px phone: the score card and a party tally show every column without scrolling
or clipping, the score card names the opponents once a round, and an error message does not
look like a success."""
from __future__ import annotations

import pytest

from clubs.demo import DEMO_CLUB
from tests.conftest import refresh_falls_due
from tournaments.models import Event, EventStatus
from tournaments.models.party import Party, PartyPlayer

FITS = """(sel) => { const t = document.querySelector(sel); const r = t.getBoundingClientRect();
    return {table: t.scrollWidth <= t.clientWidth + 1 && r.right <= window.innerWidth + 1,
            page: document.documentElement.scrollWidth <= window.innerWidth + 1}; }"""


@pytest.fixture
def demo(demo_club):
    published = Event.objects.filter(club__slug=DEMO_CLUB["slug"], status=EventStatus.PUBLISHED, format="pairs",
                                     sections__isnull=False).first()  # not a simultaneous' heat at another club
    party = Party.objects.filter(event__status__in=[EventStatus.PLAYING, EventStatus.FINISHED,
                                                    EventStatus.PUBLISHED], current_round__gt=0).first()
    return published, party


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_score_card_and_tally_fit_a_phone_and_opponents_show_once_a_round(live_server, browser_page, demo):
    published, party = demo
    page = browser_page
    assert page.viewport_size["width"] == 390
    section = published.sections.first()
    label = section.movement["rounds_detail"][0]["tables"][0]["ns"]
    page.goto(f"{live_server.url}/clubs/{published.club.slug}/events/{published.pk}/score-cards/{label}/")
    assert page.evaluate(FITS, "#score-card") == {"table": True, "page": True}
    rounds = [r for r in section.movement["rounds_detail"] if any(label in (t["ns"], t["ew"]) for t in r["tables"])]
    heads = page.locator("#score-card tr.round-head")
    assert heads.count() == len(section.movement["rounds_detail"])
    first = next(t for t in rounds[0]["tables"] if label in (t["ns"], t["ew"]))
    opponent = first["ew"] if first["ns"] == label else first["ns"]
    names = published.entries.get(section=section, label=opponent).names
    assert page.locator("#score-card").inner_text().count(names) == 1  # once, in its round's heading
    assert len(first["boards"]) >= 2  # ... though the pair played several boards against them

    player = PartyPlayer.objects.filter(party=party, ghost=False).first()
    page.goto(f"{live_server.url}/clubs/{party.event.club.slug}/events/{party.event.pk}/party/tally/{player.label}/")
    assert page.locator("#tally tbody tr").count() >= 1
    assert page.evaluate(FITS, "#tally") == {"table": True, "page": True}


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_an_error_message_is_not_in_the_success_style(live_server, browser_page, demo):
    published, _party = demo
    page = browser_page
    club = published.club.slug
    page.goto(f"{live_server.url}/accounts/login/?next=/clubs/{club}/events/new/")
    page.fill("input[name=username]", "director")
    page.fill("input[name=password]", "cardroom-demo")
    page.get_by_role("button", name="Log in").click()
    page.fill("input[name=date]", "")
    page.evaluate("document.querySelector('input[name=date]').removeAttribute('required')")
    page.click("#create")
    error = page.locator(".messages li[role=alert]")
    assert error.count() == 1
    background = error.evaluate("e => getComputedStyle(e).backgroundColor")
    success = page.evaluate("""() => { const ul = document.querySelector('.messages'); const li = document.createElement('li');
        li.className = 'success'; ul.appendChild(li); return getComputedStyle(li).backgroundColor; }""")
    assert background != success


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_club_events_page_fits_a_phone(live_server, browser_page, demo):
    """The state links (All · In play · Upcoming · Finished · Published) wrap instead of
    widening the page past a 390 px screen."""
    published, _party = demo
    page = browser_page
    page.goto(f"{live_server.url}/clubs/{published.club.slug}/events/")
    assert page.locator("#event-states a").count() == 5
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_member_page_fits_a_phone(live_server, browser_page, demo):
    """A long email address wraps inside the facts list instead of widening the page."""
    from clubs.models import Member

    published, _party = demo
    member = Member.objects.filter(club=published.club).exclude(email="").first()
    page = browser_page
    page.goto(f"{live_server.url}/accounts/login/?next=/clubs/{published.club.slug}/members/{member.pk}/")
    page.fill("input[name=username]", "director")
    page.fill("input[name=password]", "cardroom-demo")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_selector("dl.facts")
    assert member.email in page.locator("dl.facts").inner_text()
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_poker_table_phone_fits_and_the_bell_rings_on_it(live_server, browser_page, demo_club):
    """The demo poker party's booby table (seven, a latecomer among them) on a 390 px phone:
    before the bell it says play on and refreshes itself; the director rings the bell and the
    same page, reloading by itself, shows the bell and the count form, all without scrolling."""
    from tournaments.demo_poker import DEMO_POKER
    from tournaments.services import party as services

    party = Party.objects.get(event__name=DEMO_POKER)
    page = browser_page
    page.context.clock.install()
    page.goto(f"{live_server.url}/clubs/{party.event.club.slug}/events/{party.event.pk}/party/table/{party.tables}/")
    assert "Play on" in page.inner_text("#bell")
    assert page.evaluate(FITS, "main") == {"table": True, "page": True}
    head = party.rounds.get(number=2).seating[0][0]
    services.poker_bell(party=party, round_number=2, jackpot=head[0])
    refresh_falls_due(page)
    page.wait_for_selector("text=The bell has rung", timeout=20000)
    assert page.locator("form input[name=pin]").count() == 1
    assert page.evaluate(FITS, "main") == {"table": True, "page": True}
