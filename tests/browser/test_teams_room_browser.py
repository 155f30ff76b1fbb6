"""A round robin teams evening of five teams (a bye each round, two 2-board rounds) as the room plays
it, in several browsers at once: the director's laptop; match 1's open-room and closed-room phones
(390 px, PINs from the director's event page); the captain of match 1's home team at home on a
phone. The closed room enters board 2 the wrong way (the declarer's side switched), the other side
confirms it; the director sees the swing on the score card and corrects the confirmed result on the
traveller. The score card compares the rooms as soon as both have a board; "Matches waiting" names
the boards missing; the captain sees their own match's card once it is complete and not another
match's before it ends; a team withdraws before round 2 is drawn; the standings show VPs.
Screenshots are written for a human to look at (CARDROOM_SCREENSHOTS, /tmp by default)."""
import os
import random

import pytest

from clubs import services
from clubs.models import Member
from scoring.engine.imps import imps, victory_points
from tests.browser.test_teams_browser import LAPTOP, PHONE, enter_and_confirm, log_in, new_page, play_by_service, score
from tournaments.models import Event, Match, Result, Team

SHOTS = os.environ.get("CARDROOM_SCREENSHOTS", "/tmp")
NAMES = ["Lions", "Tigers", "Bears", "Owls", "Foxes"]


def shot(page, name):
    page.screenshot(path=os.path.join(SHOTS, f"teams-room-{name}.png"), full_page=True)


def fits(page) -> bool:
    """Nothing scrolls sideways: not the page, not a table (a phone's tables scroll on their own)."""
    return page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth + 1 && "
                         "[...document.querySelectorAll('table')].every(t => t.scrollWidth <= t.clientWidth + 1)")


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_round_robin_teams_evening_in_the_room(live_server, chromium, make_user):
    club = services.club_create(name="Room Club", slug="room-club", city="Bath")
    services.role_grant(club=club, user=make_user("dora"), role="director")
    members = [services.member_create(club=club, membership_number=str(500 + n), first_name=f"Bea{n}",
                                      last_name=f"Card{n}") for n in range(20)]
    url, rng = live_server.url, random.Random(7)

    director = new_page(chromium, LAPTOP, 60000)
    log_in(director, url, "dora", f"/clubs/{club.slug}/events/new/")
    director.fill("input[name=name]", "Round robin teams")
    director.fill("input[name=date]", "2026-12-01")
    director.select_option("select[name=format]", "round_robin")
    director.select_option("select[name=scoring]", "imps")
    director.fill("input[name=boards_per_match]", "2")
    director.fill("input[name=rounds]", "2")
    director.click("#create")
    director.wait_for_selector("#team-add")
    event = Event.objects.get(club=club)
    for k, name in enumerate(NAMES):
        director.fill("#team-add input[name=name]", name)
        for i in range(4):
            director.fill(f"#team-add input[name=player_{i + 1}]", members[4 * k + i].membership_number)
        director.check("#team-add input[name=captain][value='1']")
        director.click("#add-team")
        director.wait_for_selector(f"#teams-table a:text-is('{name}')")
    director.click("#start")
    director.wait_for_selector("#event-status:has-text('Playing')")
    assert Match.objects.filter(event=event, round=1, away__isnull=True).count() == 1  # five teams: a bye

    # Match 1's rooms open their phones with the PINs of the director's event page.
    rows = director.eval_on_selector_all("#room-tables tbody tr",
                                         "rows => rows.map(r => [...r.cells].map(c => c.innerText.trim()))")
    pins = {int(r[0]): r[1] for r in rows}
    match = Match.objects.select_related("home", "away").get(event=event, round=1, number=1)
    captain_member = Team.objects.get(pk=match.home_id).players.get(captain=True).member
    Member.objects.filter(pk=captain_member.pk).update(user=make_user("cappy"))
    phones = {}
    for room, table in (("open", match.table_open), ("closed", match.table_closed)):
        phone = new_page(chromium, PHONE)
        phone.goto(f"{url}/clubs/{club.slug}/events/{event.pk}/table/A/{table}/")
        phone.fill("input[name=pin]", pins[table])
        phone.get_by_role("button", name="Open").click()
        phone.wait_for_selector("#table-match")
        assert f"{room.capitalize()} room" in phone.locator("#table-match").inner_text()
        phones[room] = phone
    plays = {(room, b): {"contract": "4S", "declarer": "N" if room == "open" else "E", "tricks": 10 - b % 2}
             for room in ("open", "closed") for b in (1, 2)}

    # Board 1 in both rooms: the score card compares it at once; the waiting page names board 2.
    enter_and_confirm(phones["open"], 1, plays["open", 1])
    director.goto(f"{url}/clubs/{club.slug}/events/{event.pk}/teams/matches/{match.pk}/")
    assert director.locator("#match-boards tbody tr#board-1").count() == 0  # one room only
    enter_and_confirm(phones["closed"], 1, plays["closed", 1])
    shot(phones["closed"], "closed-phone")
    assert fits(phones["closed"]), "the table's phone scrolls sideways"
    director.reload()
    assert director.locator("#match-boards tbody tr#board-1").count() == 1
    assert "board 2" in director.locator("#match-waiting").inner_text()
    director.goto(f"{url}/clubs/{club.slug}/events/{event.pk}/teams/waiting/")
    waiting = director.locator("#waiting-1-1").inner_text()
    assert "Open room" in waiting and "Closed room" in waiting and "board 2" in waiting, waiting
    shot(director, "waiting")

    # At home, the captain cannot open another match's card while it is being played.
    home = new_page(chromium, PHONE)
    log_in(home, url, "cappy", f"/clubs/{club.slug}/events/{event.pk}/")
    other = Match.objects.get(event=event, round=1, number=2)
    assert home.goto(f"{url}/clubs/{club.slug}/events/{event.pk}/teams/matches/{other.pk}/").status == 404
    assert home.goto(f"{url}/clubs/{club.slug}/events/{event.pk}/teams/matches/{match.pk}/").status == 404

    # Board 2: the closed room enters it with the declarer's side switched (N for E), confirmed.
    enter_and_confirm(phones["open"], 2, plays["open", 2])
    wrong = dict(plays["closed", 2], declarer="N")
    enter_and_confirm(phones["closed"], 2, wrong)
    director.goto(f"{url}/clubs/{club.slug}/events/{event.pk}/teams/matches/{match.pk}/")
    swing = director.locator("#board-2 td").all_inner_texts()
    assert max(imps(score(plays["open", 2], 2) - score(wrong, 2)), 0) == float(swing[5] or 0)

    # The director corrects the confirmed result on board 2's traveller (the declarer was East).
    director.goto(f"{url}/clubs/{club.slug}/events/{event.pk}/travellers/2/")
    wrong_row = Result.objects.get(event=event, board=2, table=match.table_closed)
    form = director.locator(f"form:has(input[name=result][value='{wrong_row.pk}'])")
    form.locator("xpath=..").locator("summary").click()
    form.locator("input[name=declarer]").fill("E")
    form.locator("input[name=reason]").fill("declarer was East")
    form.locator("button[type=submit]:text-is('Save')").click()
    director.wait_for_load_state()
    assert Result.objects.get(pk=wrong_row.pk).declarer == "E"

    diff = [score(plays["open", b], b) - score(plays["closed", b], b) for b in (1, 2)]
    won, lost = sum(max(imps(d), 0) for d in diff), sum(max(-imps(d), 0) for d in diff)
    vp_home, vp_away = victory_points(won - lost, 2)
    director.goto(f"{url}/clubs/{club.slug}/events/{event.pk}/teams/matches/{match.pk}/")
    assert [float(t) for t in director.locator("#match-total td").all_inner_texts()] == [won, lost]
    assert [float(t) for t in director.locator("#match-vp td").all_inner_texts()] == [round(vp_home, 2),
                                                                                     round(vp_away, 2)]

    # The captain now sees their match's card (complete), on a phone, and still not the other match's.
    home.goto(f"{url}/clubs/{club.slug}/events/{event.pk}/teams/matches/{match.pk}/")
    assert home.locator("#match-boards tbody tr").count() == 2
    shot(home, "captain-card")
    assert fits(home), "the score card scrolls sideways on a 390 px phone"
    assert home.goto(f"{url}/clubs/{club.slug}/events/{event.pk}/teams/matches/{other.pk}/").status == 404

    # The rest of round 1; then a team withdraws before round 2 is drawn.
    play_by_service(Event.objects.get(pk=event.pk), other, rng)
    leaving = Team.objects.get(event=event, number=5)
    director.goto(f"{url}/clubs/{club.slug}/events/{event.pk}/teams/")
    director.click(f"button[aria-label='Withdraw team {leaving.number}']")
    director.wait_for_load_state()
    assert Team.objects.get(pk=leaving.pk).status == "withdrawn"
    director.goto(f"{url}/clubs/{club.slug}/events/{event.pk}/teams/rounds/")
    director.click("#draw-round")
    director.wait_for_selector("#round-2")
    shot(director, "rounds")
    for m in Match.objects.filter(event=event, round=2, away__isnull=False):
        if leaving.pk not in (m.home_id, m.away_id):
            play_by_service(Event.objects.get(pk=event.pk), m, rng)
    director.goto(f"{url}/clubs/{club.slug}/events/{event.pk}/teams/waiting/")
    director.locator("#all-in").wait_for(timeout=20000)

    # Standings with VPs, on the director's laptop and the captain's phone.
    director.goto(f"{url}/clubs/{club.slug}/events/{event.pk}/teams/standings/")
    standings = director.locator("#team-standings tbody").inner_text()
    assert "(withdrawn)" in standings
    home.goto(f"{url}/clubs/{club.slug}/events/{event.pk}/teams/standings/")
    shot(home, "standings")
    assert fits(home), "a standings column is cut off on a 390 px phone"
    home.goto(f"{url}/clubs/{club.slug}/events/{event.pk}/teams/{match.home.number}/")
    assert home.locator("#team-round-1 a.match-card-link").count() == 1
    shot(home, "team")
    assert fits(home), "a column of the team's matches is cut off on a 390 px phone"
    for m in Match.objects.filter(event=event):
        assert m.status == "complete", (m.round, m.number, m.status)
