"""Accessibility on a phone: axe-core finds no serious or critical violation on the pages a
player reads at the table and at home, and at 200% text the key numbers stay on screen.

axe-core (Deque, MPL-2.0) is the copy bundled in the pinned ``axe-playwright-python`` wheel,
injected into each page as a script: nothing is fetched from the network."""
from __future__ import annotations

from pathlib import Path

import pytest

from clubs.demo import DEMO_CLUB
from tournaments.models import Event, EventStatus
from tournaments.selectors_event import table_pin

SERIOUS = {"serious", "critical"}


def axe_source() -> str:
    import axe_playwright_python

    return (Path(axe_playwright_python.__file__).parent / "axe.min.js").read_text()


def violations(page, axe: str) -> list[str]:
    page.evaluate(axe)
    found = page.evaluate("axe.run(document, {resultTypes: ['violations']})")["violations"]
    return [f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:3]}"
            for v in found if v["impact"] in SERIOUS]


def key_numbers_visible(page, selector: str) -> list[str]:
    """Texts of the matching cells that are clipped or zero-sized (empty when all are readable)."""
    return page.evaluate("""(sel) => [...document.querySelectorAll(sel)].filter(el => {
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) return true;
        for (let p = el.parentElement; p; p = p.parentElement) {
            const s = getComputedStyle(p);
            if (['hidden', 'clip'].includes(s.overflowX)) {
                const q = p.getBoundingClientRect();
                if (r.left < q.left - 1 || r.right > q.right + 1) return true;
            }
        }
        return false;
    }).map(el => el.innerText)""", selector)


@pytest.fixture
def demo(demo_club):
    # The demo club's own evenings (teams events: their own test below; the simultaneous' heats are other clubs').
    pairs = Event.objects.filter(club__slug=DEMO_CLUB["slug"], format="pairs", sections__isnull=False)
    published = pairs.filter(status=EventStatus.PUBLISHED).first()
    playing = pairs.filter(status=EventStatus.PLAYING).first()
    return published, playing


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_player_pages_on_a_phone_have_no_serious_accessibility_violations(live_server, browser_page, demo):
    published, playing = demo
    axe = axe_source()
    page = browser_page
    base = f"{live_server.url}/clubs/{published.club.slug}/events"
    section = published.sections.first()
    first = section.movement["rounds_detail"][0]["tables"][0]
    pages = {
        "standings": f"{base}/{published.pk}/",
        "traveller": f"{base}/{published.pk}/travellers/{first['boards'][0]}/",
        "score card": f"{base}/{published.pk}/score-cards/{first['ns']}/",
        "hand record": f"{base}/{published.pk}/handrecord/{first['boards'][0]}/",
    }
    problems = {}
    for name, url in pages.items():
        response = page.goto(url)
        assert response.status == 200, (name, url, response.status)
        problems[name] = violations(page, axe)
    play_section = playing.sections.first()
    page.goto(f"{base}/{playing.pk}/table/{play_section.name}/1/")
    page.fill("input[name=pin]", table_pin(playing, play_section, 1))
    page.get_by_role("button", name="Open").click()
    problems["table"] = violations(page, axe)
    assert not any(problems.values()), problems


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_standings_and_score_card_keep_their_numbers_at_200_percent_text(live_server, browser_page, demo):
    published, _playing = demo
    page = browser_page
    base = f"{live_server.url}/clubs/{published.club.slug}/events/{published.pk}"
    label = published.sections.first().movement["rounds_detail"][0]["tables"][0]["ns"]
    for url, cells in ((f"{base}/", "#standings-table td"), (f"{base}/score-cards/{label}/", "table td")):
        page.goto(url)
        page.evaluate("document.documentElement.style.fontSize = '200%'")
        texts = page.evaluate(f"[...document.querySelectorAll('{cells}')].map(e => e.innerText)")
        assert any(any(ch.isdigit() for ch in t) for t in texts), url
        assert key_numbers_visible(page, cells) == [], url


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_teams_pages_on_a_phone_have_no_serious_accessibility_violations(live_server, browser_page, demo):
    """The demo's published Swiss teams evening as a visitor reads it, and its round robin's table
    phone: event page, standings, a team, a match's score card."""
    from tournaments.models import Match

    swiss = Event.objects.get(format="swiss", status=EventStatus.PUBLISHED)
    axe = axe_source()
    page = browser_page
    base = f"{live_server.url}/clubs/{swiss.club.slug}/events/{swiss.pk}"
    match = Match.objects.filter(event=swiss, away__isnull=False).first()
    problems = {}
    for name, url in {"event": f"{base}/", "standings": f"{base}/teams/standings/", "team": f"{base}/teams/1/",
                      "score card": f"{base}/teams/matches/{match.pk}/"}.items():
        response = page.goto(url)
        assert response.status == 200, (name, url, response.status)
        problems[name] = violations(page, axe)
    rr = Event.objects.get(format="round_robin", status=EventStatus.PLAYING)
    section = rr.sections.first()
    page.goto(f"{live_server.url}/clubs/{rr.club.slug}/events/{rr.pk}/table/{section.name}/1/")
    page.fill("input[name=pin]", table_pin(rr, section, 1))
    page.get_by_role("button", name="Open").click()
    page.wait_for_selector("#table-match")
    problems["table"] = violations(page, axe)
    assert not any(problems.values()), problems
