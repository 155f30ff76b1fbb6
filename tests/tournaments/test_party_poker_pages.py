"""Progressive poker from the pages alone: the director creates the party, registers, draws,
lends chips, rings the bell; the tables' phones show the bell and count with their PIN; the
director closes the round and ends play; standings, prizes and the prints."""
import pytest
from django.test import Client

from tournaments.models import Event
from tournaments.models.party import Party, PartyTableReport, PartyRound
from tournaments.movements import party_poker
from tournaments.services import party as services

pytestmark = pytest.mark.django_db
STAKE = party_poker.stake({})


@pytest.fixture
def web(director):
    client = Client()
    client.force_login(director)
    return client


def base(club, party):
    return f"/clubs/{club.slug}/events/{party.event_id}/party/"


def new_party(web, club, **extra):
    response = web.post(f"/clubs/{club.slug}/events/party/new/", {
        "name": "Poker night", "date": "2026-11-27", "progression": "poker", "deal_seed": "pages",
        "stake_blue": "4", "stake_red": "10", "stake_white": "50", **extra})
    return response


@pytest.fixture
def drawn(web, club):
    assert new_party(web, club).status_code == 302
    party = Party.objects.get(event__name="Poker night")
    assert party.event.game == "progressive_poker" and party_poker.stake(party.options) == 200
    for i in range(1, 20):
        web.post(base(club, party) + "players/", {"guest": f"Guest {i}", "category": "lady" if i % 2 else "gentleman"})
    web.post(base(club, party) + "start/")
    party.refresh_from_db()
    assert party.current_round == 1
    return party


def seating(party, number=1):
    return [list(t[0]) for t in PartyRound.objects.get(party=party, number=number).seating]


def test_a_bad_stake_keeps_the_form_and_names_the_field(web, club):
    response = new_party(web, club, stake_blue="lots")
    assert response.status_code == 400 and b"stake_blue" in response.content
    assert not Event.objects.filter(name="Poker night").exists()


def test_a_round_from_the_pages(web, club, drawn, player):
    party = drawn
    tables = seating(party)
    home = web.get(base(club, party))
    assert b"Ring the bell" in home.content and b"banker" in home.content and b"limit 1 blue" in home.content
    web.post(base(club, party) + "ledger/", {"player": tables[0][0], "kind": "borrowed", "chips": "10"})
    assert b"head table" in web.get(base(club, party)).content  # refused: table stakes
    web.post(base(club, party) + "ledger/", {"player": tables[3][0], "kind": "borrowed", "chips": "20"})
    phone = Client()
    phone.force_login(player)
    page = phone.get(base(club, party) + "table/3/")
    assert b'data-refresh="8"' in page.content and b"Play on" in page.content and b"Limit 3 red" in page.content
    assert b"deals: the deal is cut for" in page.content
    web.post(base(club, party) + "rounds/1/bell/", {"jackpot": tables[0][1]})
    page = phone.get(base(club, party) + "table/3/")
    assert b"The bell has rung" in page.content and b"Report table 3" in page.content
    held = services.chips_held(party, 1)
    for t, players in enumerate(tables, start=1):
        form = {"round": "1", "pin": services.table_pin(party, t)}
        for p in players:
            form[f"chips_{p}"] = str(held[p] + (25 if p == players[0] else -25 if p == players[1] else 0))
        if t > 1:
            form.update({"pot_1": players[1], "pot_2": players[0]})
        if t == 2:  # counted by colour: 200 white as 4 blue, 10 red, 50 white (+/- a blue)
            del form[f"chips_{players[2]}"]
            form.update({f"chips_{players[2]}_blue": "4", f"chips_{players[2]}_red": "10",
                         f"chips_{players[2]}_white": "50"})
        phone.post(base(club, party) + f"table/{t}/", form)
    assert PartyTableReport.objects.filter(round__party=party).count() == 4
    response = web.post(base(club, party) + "rounds/1/close/", follow=True)
    assert b"Round 2" in response.content
    assert tables[0][1] in seating(party, 2)[0]
    web.post(base(club, party) + "finish/")
    standings = web.get(base(club, party) + "standings/")
    assert b"Chips won" in standings.content and b"first prize" in standings.content
    assert b"second prize" in standings.content
    for kind in ("tallies", "tables", "results"):
        html = web.get(base(club, party) + f"print/{kind}/?format=html")
        assert html.status_code == 200, kind
    results = web.get(base(club, party) + "print/results/?format=html").content.decode()
    assert "balances" in results and "Chips won" in results
    tables_print = web.get(base(club, party) + "print/tables/?format=html").content.decode()
    assert "Table stakes; jack-pots" in tables_print and "Booby table" in tables_print


def test_a_count_that_makes_chips_is_refused_naming_the_table(web, club, drawn, player):
    party = drawn
    tables = seating(party)
    web.post(base(club, party) + "rounds/1/bell/", {"jackpot": tables[0][0]})
    form = {f"chips_{p}": str(STAKE * 2) for p in tables[2]}
    form.update({"pot_1": tables[2][0], "pot_2": tables[2][1]})
    response = web.post(base(club, party) + "rounds/1/tables/3/count/", form, follow=True)
    assert b"chips: table 3" in response.content
    assert not PartyTableReport.objects.filter(round__party=party).exists()
    response = web.post(base(club, party) + "ledger/", {"player": tables[2][0], "kind": "borrowed", "chips": "x"},
                        follow=True)
    assert b"chips: a whole number" in response.content


def test_a_player_tally_shows_chips_and_pots(web, club, drawn):
    party = drawn
    tables = seating(party)
    web.post(base(club, party) + "rounds/1/bell/", {"jackpot": tables[0][0]})
    page = web.get(base(club, party) + f"tally/{tables[0][0]}/").content.decode()
    assert "head table; won the jack-pot" in page and "Chips won" in page
