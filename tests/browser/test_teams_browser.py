"""Issue 12's "done when", as the room plays it, small: a director sets up a Swiss teams evening of
four teams (two rounds of two boards) from the pages alone; the open and the closed room of a
match each enter their boards from a phone; the match's score card compares the rooms; the
standings show VPs; round 2 is drawn from the rounds page; a player at home sees their team's
match score card on a 390 px phone (a screenshot is written for a human to look at)."""
import os
import random

import pytest
from playwright.sync_api import Error as PlaywrightError

from clubs import services
from clubs.models import Member
from scoring.engine import board_vulnerability, duplicate_score
from scoring.engine.imps import imps, victory_points
from tests.conftest import refresh_falls_due
from tournaments.models import Event, Match, Section
from tournaments.services import tables as table_services

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 800}
CONTRACTS = ["1NT", "2H", "3NT", "4S", "4H", "3C", "2S", "5D"]
SHOTS = os.environ.get("CARDROOM_SCREENSHOTS", "/tmp")


def new_page(browser, viewport, timeout=20000):
    page = browser.new_context(viewport=viewport).new_page()
    page.set_default_timeout(timeout)
    return page


def log_in(page, url, username, then):
    page.goto(f"{url}/accounts/login/?next={then}")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", "correct-horse-battery")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_load_state()


def enter_and_confirm(phone, board, play):
    """A room's phone enters a board and the other side confirms it on the same phone."""
    phone.select_option("#table-entry select[name=board]", str(board))
    phone.fill("input[name=contract]", play["contract"])
    phone.select_option("select[name=declarer]", play["declarer"])
    phone.fill("input[name=tricks]", str(play["tricks"]))
    phone.click("#submit-result")
    phone.wait_for_selector(f"#confirm-{board}")
    for _attempt in range(3):  # the page's own refresh may swallow a press
        try:
            phone.click(f"#confirm-{board} .confirm-button", timeout=5000)
        except PlaywrightError:
            pass
        phone.wait_for_load_state()
        if phone.locator(f"#confirm-{board}").count() == 0:
            return
    raise AssertionError(f"board {board} not confirmed")


def play_by_service(event, match, rng):
    """The other matches' rooms enter through the same table service the phones use."""
    section = Section.objects.get(event=event)
    for table in (match.table_open, match.table_closed):
        for board in section.schedule.table(match.round, table).boards:
            play = {"board": board, "contract": rng.choice(CONTRACTS), "declarer": rng.choice("NESW"),
                    "tricks": rng.randint(6, 12)}
            result, _ = table_services.table_result_submit(event=event, section=section, table=table, data=play)
            table_services.table_result_confirm(event=event, section=section, table=table, result_id=result.pk)


def score(play, board):
    return duplicate_score(play["contract"], play["declarer"], play["tricks"], board_vulnerability(board))


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_swiss_teams_evening_from_the_pages_and_two_rooms_phones(live_server, chromium, make_user):
    club = services.club_create(name="Teams Club", slug="teams-club", city="Bath")
    services.role_grant(club=club, user=make_user("dora"), role="director")
    members = [services.member_create(club=club, membership_number=str(300 + n), first_name=f"Ann{n}",
                                      last_name=f"Player{n}") for n in range(16)]
    Member.objects.filter(pk=members[0].pk).update(user=make_user("homer"))  # the captain of the first team
    url, rng = live_server.url, random.Random(12)

    # The director creates the evening and enters four teams from the pages.
    director = new_page(chromium, LAPTOP, 60000)
    log_in(director, url, "dora", f"/clubs/{club.slug}/events/new/")
    director.fill("input[name=name]", "Swiss teams")
    director.fill("input[name=date]", "2026-12-01")
    director.select_option("select[name=format]", "swiss")
    director.select_option("select[name=scoring]", "imps")
    director.fill("input[name=boards_per_match]", "2")
    director.fill("input[name=rounds]", "2")
    director.click("#create")
    director.wait_for_selector("#team-add")
    event = Event.objects.get(club=club)
    names = ["Lions", "Tigers", "Bears", "Owls"]
    for k, name in enumerate(names):
        director.fill("#team-add input[name=name]", name)
        director.fill("#team-add input[name=seed]", str(k + 1))
        for i in range(4):
            director.fill(f"#team-add input[name=player_{i + 1}]", members[4 * k + i].membership_number)
        director.check("#team-add input[name=captain][value='1']")
        director.click("#add-team")
        director.wait_for_load_state()
        assert director.locator(".messages li.error").count() == 0, director.locator(".messages").inner_text()
        director.wait_for_selector(f"#teams-table a:text-is('{name}')")
    director.click("#start")
    director.wait_for_selector("#event-status:has-text('Playing')")

    # The event page lists each room's table with its PIN; match 1's two rooms open their phones.
    director.wait_for_selector("#room-tables")
    rows = director.eval_on_selector_all("#room-tables tbody tr",
                                         "rows => rows.map(r => [...r.cells].map(c => c.innerText.trim()))")
    pins = {int(r[0]): r[1] for r in rows}
    match = Match.objects.get(event=event, round=1, number=1)
    phones = {}
    for room, table in (("open", match.table_open), ("closed", match.table_closed)):
        phone = new_page(chromium, PHONE)
        phone.goto(f"{url}/clubs/{club.slug}/events/{event.pk}/table/A/{table}/")
        phone.fill("input[name=pin]", pins[table])
        phone.get_by_role("button", name="Open").click()
        phone.wait_for_selector("#table-match")
        shown = phone.locator("#table-match").inner_text()
        assert f"{match.home.name} v {match.away.name}" in shown and f"{room.capitalize()} room" in shown
        phones[room] = phone
    plays = {}
    for room in ("open", "closed"):
        for board in (1, 2):
            plays[room, board] = {"contract": rng.choice(CONTRACTS), "declarer": rng.choice("NESW"),
                                  "tricks": rng.randint(6, 12)}
            enter_and_confirm(phones[room], board, plays[room, board])
    phones["open"].screenshot(path=os.path.join(SHOTS, "teams-table-phone.png"), full_page=True)

    # The director sees the other match still waiting, then its rooms enter too.
    director.context.clock.install()
    director.goto(f"{url}/clubs/{club.slug}/events/{event.pk}/teams/waiting/")
    other = Match.objects.get(event=event, round=1, number=2)
    assert director.locator(f"#waiting-1-2").count() == 1 and director.locator("#waiting-1-1").count() == 0
    play_by_service(Event.objects.get(pk=event.pk), other, rng)
    refresh_falls_due(director)
    director.locator("#all-in").wait_for(timeout=20000)  # the page follows by itself

    # The score card compares the rooms board by board, as the engine does on what was entered.
    diff = [score(plays["open", b], b) - score(plays["closed", b], b) for b in (1, 2)]
    won, lost = sum(max(imps(d), 0) for d in diff), sum(max(-imps(d), 0) for d in diff)
    vp_home, vp_away = victory_points(won - lost, 2)
    director.goto(f"{url}/clubs/{club.slug}/events/{event.pk}/teams/matches/{match.pk}/")
    total = director.locator("#match-total td").all_inner_texts()
    assert [float(t) for t in total] == [won, lost]
    assert director.locator("#match-boards tbody tr").count() == 2
    assert [float(t) for t in director.locator("#match-vp td").all_inner_texts()] == [round(vp_home, 2),
                                                                                     round(vp_away, 2)]

    # Standings show the VPs; round 2 is drawn from the rounds page.
    director.goto(f"{url}/clubs/{club.slug}/events/{event.pk}/teams/standings/")
    standings = director.locator("#team-standings tbody").inner_text()
    assert f"{vp_home:.2f}" in standings and f"{vp_away:.2f}" in standings
    director.goto(f"{url}/clubs/{club.slug}/events/{event.pk}/teams/rounds/")
    director.click("#draw-round")
    director.wait_for_selector("#round-2")
    assert Match.objects.filter(event=event, round=2).count() == 2
    for m in Match.objects.filter(event=event, round=2):
        play_by_service(Event.objects.get(pk=event.pk), m, rng)

    # At home on a phone, the captain of the first team opens their team and the match's card.
    home = new_page(chromium, PHONE)
    log_in(home, url, "homer", f"/clubs/{club.slug}/events/{event.pk}/")
    home.click("#my-team-link")
    home.wait_for_selector("#team-matches")
    home.locator("#team-round-1 a.match-card-link").click()
    home.wait_for_selector("#match-boards")
    assert home.locator("#match-boards tbody tr").count() == 2
    fits = home.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth + 1")
    home.screenshot(path=os.path.join(SHOTS, "teams-match-card-phone.png"), full_page=True)
    assert fits, "the score card scrolls sideways on a 390 px phone"
    home.goto(f"{url}/clubs/{club.slug}/events/{event.pk}/teams/standings/")
    home.screenshot(path=os.path.join(SHOTS, "teams-standings-phone.png"), full_page=True)
    assert home.locator("#round-history tbody tr").count() == 4
