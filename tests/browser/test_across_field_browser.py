"""A two-section evening in Chromium: the director turns on scoring across the field on the
event page and sees the Overall ranking of both sections, each pair's section rank beside it."""
import random

import pytest

from clubs import services
from tests.tournaments.factories_event import random_result
from tournaments.services import actions, entries, events
from tournaments.services.results import result_submit

MITCHELL = {"kind": "mitchell", "tables": 3, "boards_per_round": 2}


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_director_scores_two_sections_across_the_field(live_server, browser_page, make_user):
    club = services.club_create(name="Field Club", slug="field-club", city="Bath")
    director = make_user("dora")
    services.role_grant(club=club, user=director, role="director")
    event = events.event_setup(club=club, name="Congress pairs", date="2026-12-01", game="duplicate_bridge",
                               scoring="matchpoints", deal_seed="test-seed",
                               sections=[{"name": "A", "movement": MITCHELL}, {"name": "B", "movement": MITCHELL}])
    members = [services.member_create(club=club, membership_number=str(300 + n), first_name=f"F{n}",
                                      last_name=f"L{n}") for n in range(24)]
    sections = {s.name: s for s in event.sections.all()}
    for i, (a, b) in enumerate(zip(members[::2], members[1::2])):
        entries.entry_add(event=event, members=[a, b], section=sections["A" if i < 6 else "B"])
    actions.event_start(event=event)
    rng = random.Random(7)
    for name, section in sections.items():
        section.refresh_from_db()
        for _round, t in section.schedule.seatings():
            for board in t.boards:
                result_submit(event=event, data={"section": name, "board": board, "ns": t.ns, "ew": t.ew,
                                                 **random_result(rng, "duplicate_bridge")})

    page = browser_page
    page.goto(f"{live_server.url}/accounts/login/?next=/clubs/{club.slug}/events/{event.pk}/")
    page.fill("input[name=username]", "dora")
    page.fill("input[name=password]", "correct-horse-battery")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_selector("#director")
    assert page.locator("#overall-table").count() == 0
    page.check("#across-field")
    page.click("#across-field-save")
    page.wait_for_selector("#overall-table")
    assert page.locator("#across-field").is_checked()
    rows = page.locator("#overall-table tbody tr:not(.field-head)")
    rows.nth(11).wait_for()
    assert rows.count() == 12
    cells = [row.split("\t") for row in rows.all_inner_texts()]
    assert {c[1] for c in cells} == {"A", "B"}  # both sections in one ranking
    assert cells[0][0] in ("1", "1=")
    heads = page.locator("#overall-table tr.field-head").all_inner_texts()
    assert heads == ["North-South", "East-West"]
    assert "Overall" in page.locator("#standings-table thead").inner_text()
