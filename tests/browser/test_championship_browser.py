"""A director runs a two-session championship from the pages: makes a finished evening the
first session, adds the second carrying the pairs, and after it is played sees the cumulative
standings (each pair's session figure, what it carried and its cumulative score)."""
import pytest
from rest_framework.test import APIClient

from clubs import services
from scoring.models import CumulativeStanding, Standing
from tests.tournaments.factories_championship import play_all
from tests.tournaments.factories_event import started_event
from tournaments.models import Event


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_director_runs_two_sessions_and_sees_the_cumulative_standings(live_server, browser_page, make_user):
    club = services.club_create(name="Championship Club", slug="champ-club", city="Bath")
    director = make_user("dora")
    services.role_grant(club=club, user=director, role="director")
    api = APIClient()
    api.force_authenticate(user=director)
    event, base, movement = started_event(api, club, kind="howell", tables=2)
    play_all(api, base, movement, seed=5)
    assert api.post(f"{base}/finish/").status_code == 200

    page = browser_page
    page.goto(f"{live_server.url}/accounts/login/?next=/clubs/{club.slug}/events/{event['id']}/")
    page.fill("input[name=username]", "dora")
    page.fill("input[name=password]", "correct-horse-battery")
    page.get_by_role("button", name="Log in").click()
    page.get_by_role("link", name="Make this the first session of a championship").click()
    page.fill("input[name=name]", "Winter championship")
    page.select_option("select[name=carry_over]", "sum")
    page.get_by_role("button", name="Set up").click()
    assert page.locator("h1").inner_text() == "Winter championship"
    assert page.locator("#cumulative tbody tr").count() == 4

    page.fill("#next-session-form input[name=date]", "2026-12-01")
    page.select_option("#next-session-form select[name=kind]", "howell")
    page.fill("#next-session-form input[name=tables]", "2")
    page.fill("#next-session-form input[name=boards_per_round]", "2")
    page.get_by_role("button", name="Add the session").click()
    assert "Session 2 of" in page.locator("#event-championship").inner_text()
    second = Event.objects.get(championship__name="Winter championship", session=2)
    assert second.entries.count() == 4

    base2 = f"/api/clubs/{club.slug}/events/{second.pk}"
    assert api.post(f"{base2}/start/").status_code == 200
    play_all(api, base2, api.get(f"{base2}/movement/").json()["sections"][0], seed=6)
    assert api.post(f"{base2}/finish/").status_code == 200

    page.get_by_role("link", name="Winter championship").click()
    assert page.locator("#cumulative-heading").inner_text() == "Standings after session 2"
    rows = page.locator("#cumulative tbody tr")
    assert rows.count() == 4
    top = CumulativeStanding.objects.filter(event=second).order_by("position").first()
    totals = {s.event_id: s.total for s in Standing.objects.filter(entry__in=[top.entry, top.identity])}
    cells = rows.first.locator("td").all_inner_texts()
    assert cells[5] == f"{totals[second.pk]:.2f}"             # session
    assert cells[6] == f"{totals[event['id']]:.2f}"           # carried
    assert cells[7] == f"{totals[second.pk] + totals[event['id']]:.2f}"  # cumulative
    page.get_by_role("link", name="After session 1").click()
    assert page.locator("#cumulative-heading").inner_text() == "Standings after session 1"
