"""An individual evening end to end through the tables' phones: eight players, two tables, three
rounds of the 8-player individual (every player partners a new player each round), results
entered and confirmed by the phones, standings of players checked against matchpoints worked
out here by hand (two results a board: the higher N-S score 2, a tie 1 each, the lower 0)."""
import pytest
from rest_framework.test import APIClient

from scoring.engine import board_vulnerability, duplicate_score
from scoring.models import Standing
from tests.tournaments.factories_event import make_members
from tournaments.models import Event, Result
from tournaments.selectors_event import table_pin

CARDS = [("4S", "N", 10), ("3NT", "S", 8), ("2H", "E", 8), ("4S", "N", 11), ("1NT", "W", 7), ("3NT", "S", 9)]


def individual_event(client, club, *, players=8, rounds=3, boards_per_round=2):
    response = client.post(f"/api/clubs/{club.slug}/events/", {
        "name": "Thursday individual", "date": "2026-11-26", "game": "duplicate_bridge",
        "scoring": "matchpoints", "format": "individual", "deal_seed": "indi-seed",
        "movement": {"kind": "individual", "players": players, "rounds": rounds,
                     "boards_per_round": boards_per_round}}, format="json")
    assert response.status_code == 201, response.content
    return response.json()


def enter_players(client, club, event_id, members):
    labels = []
    for m in members:
        response = client.post(f"/api/clubs/{club.slug}/events/{event_id}/entries/", {"members": [m.pk]},
                               format="json")
        assert response.status_code == 201, response.content
        labels.append(response.json()["label"])
    return labels


def phone(event, section, table):
    client = APIClient()
    client.credentials(HTTP_X_TABLE_PIN=table_pin(event, section, table))
    return client


def url(club, event, table, tail=""):
    return f"/api/clubs/{club.slug}/events/{event.pk}/tables/A/{table}/{tail}"


def play(event, section, club, members, posted):
    """Three rounds at both tables: each phone reads its four players, posts its boards, confirms."""
    k = 0
    for round_number in (1, 2, 3):
        for table in (1, 2):
            device = phone(event, section, table)
            now = device.get(url(club, event, table)).json()
            assert now["round"] == round_number and now["playing"], now
            seats = {s["seat"]: s for s in now["seats"]}
            assert list(seats) == ["north", "south", "east", "west"]
            assert seats["north"]["names"] == members[seats["north"]["label"]].full_name
            assert now["ns_names"] == f"{seats['north']['names']} & {seats['south']['names']}"
            for board in list(now["to_play"]):
                contract, declarer, tricks = CARDS[k % len(CARDS)]
                k += 1
                sent = device.post(url(club, event, table), {"board": board, "contract": contract,
                                                             "declarer": declarer, "tricks": tricks}, format="json")
                assert sent.status_code == 201, sent.content
                assert {sent.json()[s] for s in seats} == {seats[s]["label"] for s in seats}
                ok = device.post(url(club, event, table, "confirm/"), {"result": sent.json()["id"]}, format="json")
                assert ok.status_code == 200, ok.content
                score = duplicate_score(contract, declarer, tricks, board_vulnerability(board))
                posted.append((board, *(seats[s]["label"] for s in ("north", "south", "east", "west")), score))
            after = device.get(url(club, event, table)).json()
            if round_number < 3:  # the phone moves on and says where each player goes
                assert after["round"] == round_number + 1 and after["moves_before"], after
                assert [m["who"] for m in after["moves_before"]["moves"]][:4] == ["N", "S", "E", "W"]
                assert "North (" in after["moves_before"]["text"]


@pytest.fixture
def evening(club, director, api_as):
    client = api_as(director)
    created = individual_event(client, club)
    members = make_members(club, 8)
    labels = enter_players(client, club, created["id"], members)
    assert labels == [str(n) for n in range(1, 9)]
    assert client.post(f"/api/clubs/{club.slug}/events/{created['id']}/start/").status_code == 200
    event = Event.objects.get(pk=created["id"])
    return client, event, event.sections.get(), {str(i + 1): m for i, m in enumerate(members)}


@pytest.mark.django_db
def test_an_individual_evening_from_the_phones_ranks_players(evening, club, django_capture_on_commit_callbacks):
    client, event, section, members = evening
    posted = []  # (board, north, south, east, west, score_ns)
    with django_capture_on_commit_callbacks(execute=True):  # the rescores the confirmations queue
        play(event, section, club, members, posted)
    assert Result.objects.filter(event=event, confirmed=True).count() == 12
    assert not Result.objects.filter(event=event, south__isnull=True).exists()

    # By hand: two results a board, the better N-S score 2 matchpoints (a tie 1), E-W the rest.
    totals = {str(p): 0.0 for p in range(1, 9)}
    boards = {}
    for row in posted:
        boards.setdefault(row[0], []).append(row)
    for rows in boards.values():
        assert len(rows) == 2
        for mine, other in ((rows[0], rows[1]), (rows[1], rows[0])):
            mp = 2.0 if mine[5] > other[5] else 1.0 if mine[5] == other[5] else 0.0
            for player in mine[1:3]:
                totals[player] += mp
            for player in mine[3:5]:
                totals[player] += 2.0 - mp
    stored = {st.entry.label: st for st in Standing.objects.filter(event=event).select_related("entry")}
    assert set(stored) == set(totals)
    for player, total in totals.items():
        assert stored[player].total == pytest.approx(total)
        assert stored[player].boards == 6
        assert stored[player].percentage == pytest.approx(100 * total / 12)
    best = max(totals.values())
    assert {p for p, st in stored.items() if st.position == 1} <= {p for p, t in totals.items() if t == best}

    standings = client.get(f"/api/clubs/{club.slug}/events/{event.pk}/standings/").json()["standings"]
    assert len(standings) == 8 and standings[0]["names"] == members[standings[0]["label"]].full_name


@pytest.mark.django_db
def test_a_seat_that_is_not_the_movements_is_a_400_naming_it(evening, club):
    client, event, section, _members = evening
    now = phone(event, section, 1).get(url(club, event, 1)).json()
    seats = {s["seat"]: s["label"] for s in now["seats"]}
    board = now["to_play"][0]
    body = {"board": board, "contract": "3NT", "declarer": "N", "tricks": 9, **seats}
    swapped = dict(body, south=seats["west"], west=seats["south"])
    response = client.post(f"/api/clubs/{club.slug}/events/{event.pk}/results/", swapped, format="json")
    assert response.status_code == 400 and "south" in response.json(), response.content
    missing = {k: v for k, v in body.items() if k != "east"}
    response = client.post(f"/api/clubs/{club.slug}/events/{event.pk}/results/", missing, format="json")
    assert response.status_code == 400 and "east" in response.json()
    twice = dict(body, west=seats["north"])
    response = client.post(f"/api/clubs/{club.slug}/events/{event.pk}/results/", twice, format="json")
    assert response.status_code == 400 and "west" in response.json()
    assert not Result.objects.filter(event=event).exists()
    response = client.post(f"/api/clubs/{club.slug}/events/{event.pk}/results/", body, format="json")
    assert response.status_code == 201, response.content
    stored = Result.objects.get(event=event)
    assert (stored.ns.label, stored.south.label, stored.ew.label, stored.west.label) == \
        (seats["north"], seats["south"], seats["east"], seats["west"])


@pytest.mark.django_db
def test_an_individual_takes_one_player_an_entry_and_an_individual_movement(club, director, api_as):
    client = api_as(director)
    created = individual_event(client, club)
    a, b = make_members(club, 2)
    two = client.post(f"/api/clubs/{club.slug}/events/{created['id']}/entries/", {"members": [a.pk, b.pk]},
                      format="json")
    assert two.status_code == 400 and "members" in two.json()
    wrong = client.post(f"/api/clubs/{club.slug}/events/", {
        "name": "x", "date": "2026-11-26", "game": "duplicate_bridge", "format": "individual",
        "movement": {"kind": "mitchell", "tables": 3}}, format="json")
    assert wrong.status_code == 400 and "movement" in wrong.json()
    pairs = client.post(f"/api/clubs/{club.slug}/events/", {
        "name": "x", "date": "2026-11-26", "game": "duplicate_bridge",
        "movement": {"kind": "rainbow", "tables": 5}}, format="json")
    assert pairs.status_code == 400 and "movement" in pairs.json()


@pytest.mark.django_db
def test_the_pages_name_the_players(evening, club, director, client, django_capture_on_commit_callbacks):
    _api, event, section, members = evening
    posted = []
    with django_capture_on_commit_callbacks(execute=True):
        play(event, section, club, members, posted)
    client.force_login(director)
    base = f"/clubs/{club.slug}/events/{event.pk}"
    page = client.get(f"{base}/")
    assert page.status_code == 200 and "Enter player" in page.content.decode()  # a late player: one name
    assert 'name="player_b"' not in page.content.decode()
    board, north, south, east, west, _score = posted[0]
    traveller = client.get(f"{base}/travellers/{board}/?section=A")
    assert traveller.status_code == 200
    text = traveller.content.decode()
    assert f"{north} &amp; {south}" in text and f"{east} &amp; {west}" in text
    for p in (north, south, east, west):
        assert members[p].full_name in text
    card = client.get(f"{base}/score-cards/{south}/?section=A")
    assert card.status_code == 200
    text = card.content.decode()
    assert f"Player {south}" in text and f"South with {north}" in text and f"v {east} &amp; {west}" in text
    for kind in ("travellers", "results", "score-cards", "guide-cards"):
        printed = client.get(f"{base}/prints/{kind}/")
        assert printed.status_code == 200, (kind, printed.content[:400])
    printed = client.get(f"{base}/prints/travellers/").content.decode()
    assert f"{north} &amp; {south}" in printed and "N-S<br>players" in printed
    assert "<th>Player</th>" in client.get(f"{base}/prints/results/").content.decode()
    assert f"Score card · player {south}" in client.get(f"{base}/prints/score-cards/").content.decode()


@pytest.mark.django_db
def test_the_table_page_shows_the_four_players_by_seat(evening, club):
    _api, event, section, members = evening
    from django.test import Client

    phone_page = Client()
    url_page = f"/clubs/{club.slug}/events/{event.pk}/table/A/1/"
    assert phone_page.post(url_page, {"pin": table_pin(event, section, 1)}).status_code == 302
    page = phone_page.get(url_page)
    assert page.status_code == 200
    text = page.content.decode()
    assert 'id="table-seats"' in text
    tp = section.schedule.table(1, 1)
    for seat, label in zip(("North", "South", "East", "West"), tp.entrants):
        assert f'<th scope="row">{seat}</th><td class="num">{label}</td><td>{members[label].full_name}</td>' in text
    board = tp.boards[0]
    sent = phone_page.post(url_page, {"board": board, "contract": "3NT", "declarer": "N", "tricks": "9"})
    assert sent.status_code == 302
    stored = Result.objects.get(event=event)
    assert (stored.ns.label, stored.south.label, stored.ew.label, stored.west.label) == tp.entrants


@pytest.mark.django_db
def test_a_director_creates_an_individual_from_new_event(club, director, client):
    client.force_login(director)
    page = client.get(f"/clubs/{club.slug}/events/new/?players=8")
    assert page.status_code == 200 and 'name="individual_movement"' in page.content.decode()
    created = client.post(f"/clubs/{club.slug}/events/new/", {
        "name": "Individual night", "date": "2026-11-26", "game": "duplicate_bridge", "scoring": "matchpoints",
        "format": "individual", "players": "8", "pairs": "8", "individual_movement": "individual:7:3"})
    assert created.status_code == 302, created.content.decode()[:2000]
    event = Event.objects.get(name="Individual night")
    assert event.is_individual and event.sections.get().schedule.kind == "individual"
    assert event.sections.get().schedule.rounds == 7


@pytest.mark.django_db
def test_a_player_who_leaves_turns_their_later_tables_into_sit_outs(evening, club):
    client, event, section, _members = evening
    device = phone(event, section, 1)
    now = device.get(url(club, event, 1)).json()
    for board in now["to_play"]:
        sent = device.post(url(club, event, 1), {"board": board, "contract": "2S", "declarer": "S", "tricks": 8},
                           format="json")
        assert device.post(url(club, event, 1, "confirm/"), {"result": sent.json()["id"]},
                           format="json").status_code == 200
    leaver = next(s["label"] for s in now["seats"] if s["seat"] == "south")
    entry = event.entries.get(label=leaver)
    response = client.post(f"/api/clubs/{club.slug}/events/{event.pk}/entries/{entry.pk}/withdraw/")
    assert response.status_code == 200 and response.json()["withdrawn_after_round"] == 1
    section.refresh_from_db()
    planned = section.planned_schedule()
    for plan in section.schedule:
        if plan.round > 1:
            assert all(leaver not in t.entrants for t in plan.tables)
            was = next(t for t in planned.round(plan.round).tables if leaver in t.entrants)
            assert set(was.entrants) - {leaver} <= set(plan.sit_out)  # the other three sit out
    assert Result.objects.filter(event=event, south=entry).count() == 2  # kept with its results


@pytest.mark.django_db
def test_an_evening_played_from_the_phones_exports_usebio_and_results_pbn(evening, club,
                                                                          django_capture_on_commit_callbacks):
    from scoring.engine import pbntool, usebiotool
    from tournaments.deals.usebio import read_usebio

    client, event, section, members = evening
    with django_capture_on_commit_callbacks(execute=True):
        play(event, section, club, members, [])
    assert client.post(f"/api/clubs/{club.slug}/events/{event.pk}/finish/").status_code == 200
    stored = {st.entry.label: (st.rank, round(st.total, 2)) for st in Standing.objects.filter(event=event)
              .select_related("entry")}
    xml = client.get(f"/api/clubs/{club.slug}/events/{event.pk}/usebio/")
    assert xml.status_code == 200 and read_usebio(xml.content).individual
    _ev, _boards, session, _two = usebiotool.score_usebio(xml.content)
    assert {s.entrant: (s.rank, round(s.total, 2)) for s in session.standings} == stored
    pbn = client.get(f"/api/clubs/{club.slug}/events/{event.pk}/results-pbn/")
    assert pbn.status_code == 200
    _boards, session, _two = pbntool.score_pbn(pbn.content)
    assert {s.entrant: (s.rank, round(s.total, 2)) for s in session.standings} == stored
