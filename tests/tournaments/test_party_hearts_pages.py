"""Progressive hearts on the party pages: create from the form, draw, report chips from the
party page and a table's phone (PIN), settle a tie to retire with the cut, standings with the
chips of each round and who retired when, the tally and the prints."""
import pytest
from django.test import Client

from tournaments.models.party import Party, PartyTableReport, PartyRound
from tournaments.services import party as services

pytestmark = pytest.mark.django_db


@pytest.fixture
def web(director):
    client = Client()
    client.force_login(director)
    return client


def test_a_hearts_party_runs_from_the_pages_to_its_prizes(web, club):
    response = web.post(f"/clubs/{club.slug}/events/party/new/", {
        "name": "Hearts", "date": "2026-11-27", "progression": "hearts", "tables": "2", "scheme": "eagle_2",
        "retire": "per_table", "prizes": "party", "hands_per_round": "4", "deal_seed": "pages"})
    party = Party.objects.get(event__name="Hearts")
    assert response.status_code == 302 and party.options == {"scheme": "eagle_2", "retire": "per_table",
                                                           "prizes": "party", "hands_per_round": 4}
    assert party.event.game == "progressive_hearts"
    base = f"/clubs/{club.slug}/events/{party.event_id}/party/"
    for i in range(1, 9):
        web.post(base + "players/", {"guest": f"Guest {i}"})
    web.post(base + "start/")
    page = web.get(base).content.decode()
    assert "Close round 1" in page and "chips_3" in page and "booby" not in page

    seats = PartyRound.objects.get(party=party, number=1).seating
    bad = web.post(base + "rounds/1/tables/1/", {"chips_0": "5", "chips_1": "5", "chips_2": "5", "chips_3": "5"},
                   follow=True)
    assert "chips: what one player wins the others lose" in bad.content.decode()
    assert not PartyTableReport.objects.exists()
    web.post(base + "rounds/1/tables/1/", {"chips_0": "-8", "chips_1": "1", "chips_2": "2", "chips_3": "5"})
    phone = Client()
    phone_page = phone.get(base + "table/2/").content.decode()
    assert "Seats, clockwise" in phone_page and "head table" not in phone_page
    phone.post(base + "table/2/", {"round": "1", "chips_0": "-9", "chips_1": "2", "chips_2": "2", "chips_3": "5",
                                   "pin": services.table_pin(party, 2)})
    assert PartyTableReport.objects.count() == 2
    # Per table: the 5s of both tables retire, then two more overall: three players who lost 2
    # tie on chips and totals for the two places, so the director cuts.
    tied = web.post(base + "rounds/1/close/", follow=True).content.decode()
    assert "record a cut" in tied and not PartyRound.objects.get(party=party, number=1).closed
    cut = f"{seats[0][0][2]}:3 {seats[1][0][1]}:9 {seats[1][0][2]}:6"
    closed = web.post(base + "rounds/1/close/", {"cut": cut}, follow=True).content.decode()
    assert "four players retire" in closed
    final = PartyRound.objects.get(party=party, number=2).seating
    assert len(final) == 1 and set(final[0][0]) == {seats[0][0][0], seats[0][0][1], seats[1][0][0], seats[1][0][1]}
    web.post(base + "rounds/2/tables/1/", {"chips_0": "2", "chips_1": "-4", "chips_2": "1", "chips_3": "1"})
    web.post(base + "rounds/2/close/")
    standings = web.get(base + "standings/").content.decode()
    assert "First prize" in standings and "Booby prize" in standings and "after round 1" in standings
    assert "Round 2" in standings and "fewest chips lost in the whole party" in standings
    tally = web.get(base + f"tally/{final[0][0][1]}/").content.decode()
    assert "Chips lost" in tally
    for kind, text in (("results", "First prize"), ("tallies", "progressive hearts"), ("tables", "final table")):
        html = web.get(base + f"print/{kind}/?format=html")
        assert html.status_code == 200 and text in html.content.decode(), kind
    assert web.get(base + "print/results/").content.startswith(b"%PDF")
