"""A progressive euchre party in the browser: the director draws, reports and closes a round;
a player reports from the table's phone page with its PIN and reads the tally and standings."""
import datetime

import pytest

from clubs import services as club_services
from tournaments.models.party import Party, PartyTableReport
from tournaments.services import party as services


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_director_and_player_run_a_party_round(live_server, browser_page, make_user):
    club = club_services.club_create(name="Euchre Club", slug="euchre-club", city="Bath")
    director = make_user("dora")
    club_services.role_grant(club=club, user=director, role="director")
    party = services.party_create(club=club, name="Friday euchre", date=datetime.date(2026, 11, 27),
                                  game="progressive_euchre", progression="hoyle", deal_seed="browser")
    for i in range(1, 5):
        services.party_player_add(party=party, guest=f"Lady {i}", category="lady")
        services.party_player_add(party=party, guest=f"Gent {i}", category="gentleman")
    base = f"{live_server.url}/clubs/{club.slug}/events/{party.event_id}/party/"

    page = browser_page
    page.goto(f"{live_server.url}/accounts/login/?next=/clubs/{club.slug}/events/{party.event_id}/party/")
    page.fill("input[name=username]", "dora")
    page.fill("input[name=password]", "correct-horse-battery")
    page.get_by_role("button", name="Log in").click()
    page.get_by_role("button", name="Draw and start").click()
    assert "Round 1" in page.locator("h2").first.inner_text()
    page.get_by_label("Table 1 points side 1").fill("5")
    page.get_by_label("Table 1 points side 2").fill("3")
    page.get_by_role("button", name="Report table 1").click()
    assert "Table 1 reported" in page.locator(".messages").inner_text()
    page.get_by_role("button", name="Close round 1").click()
    assert "have not reported" in page.locator(".messages").inner_text()
    assert PartyTableReport.objects.count() == 1

    pin = services.table_pin(Party.objects.get(pk=party.pk), 2)
    page.context.clear_cookies()
    page.goto(base + "table/2/")
    assert "Table 2" in page.locator("h1").inner_text()
    page.get_by_label("Side 1 points").fill("2")
    page.get_by_label("Side 2 points").fill("4")
    page.get_by_label("Table PIN").fill(pin)
    page.get_by_role("button", name="Report table 2").click()
    assert "Table 2 reported" in page.locator(".messages").inner_text()

    page.goto(f"{live_server.url}/accounts/login/?next=/clubs/{club.slug}/events/{party.event_id}/party/")
    page.fill("input[name=username]", "dora")
    page.fill("input[name=password]", "correct-horse-battery")
    page.get_by_role("button", name="Log in").click()
    page.get_by_role("button", name="Close round 1").click()
    assert "Round 2" in page.locator("h2").first.inner_text()

    page.context.clear_cookies()
    page.goto(base + "standings/")
    rows = page.locator("table.standings tbody tr")
    assert rows.count() == 8
    assert page.locator("table.standings").first.locator("tbody tr").first.locator("td").nth(4).inner_text() == "1"
    rows.first.get_by_role("link").click()
    assert "Tally" in page.locator("h1").inner_text()
    assert page.locator("table.tally tbody tr").count() == 2
