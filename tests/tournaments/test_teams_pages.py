"""Teams pages: the director creates a teams event and enters teams (input kept on an error),
draws, swaps and re-draws rounds, sees which matches wait for which boards; standings with VPs,
the round robin's grid or the Swiss history; a match's score card comparing the rooms; a team's
page; a teams table's phone shows its match and room. Bad ids are 404s, wrong methods 405s."""
import random
import re

import pytest
from django.test import Client

from tests.tournaments.factories_teams import play_round, teams_event
from tournaments.models import Event, Match, Result, Team, TeamsEvent
from tournaments.selectors_event import table_pin
from tournaments.services import actions

pytestmark = pytest.mark.django_db


def web(user=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def url(event, *parts) -> str:
    return f"/clubs/{event.club.slug}/events/{event.pk}/teams/" + "".join(f"{p}/" for p in parts)


@pytest.fixture
def swiss(club, director, django_capture_on_commit_callbacks):
    """A Swiss of four teams, two boards a match, two rounds; round 1 drawn and played."""
    event = teams_event(club, format="swiss", teams=4, rounds=2)
    actions.event_start(event=event, user=director)
    with django_capture_on_commit_callbacks(execute=True):
        play_round(Event.objects.get(pk=event.pk), random.Random(3))
    event.refresh_from_db()
    return event


def test_director_creates_a_teams_event_from_the_new_event_page(club, director):
    response = web(director).post(f"/clubs/{club.slug}/events/new/", {
        "name": "Swiss teams", "date": "2026-12-01", "game": "duplicate_bridge", "scoring": "imps",
        "format": "swiss", "boards_per_match": "6", "rounds": "5", "vp_scale": "wbf_continuous",
        "first_round": "random"})
    event = Event.objects.get(name="Swiss teams")
    assert response.status_code == 302 and response["Location"] == url(event)
    settings = TeamsEvent.objects.get(event=event)
    assert event.format == "swiss" and settings.boards_per_match == 6 and settings.rounds == 5
    assert settings.options["first_round"] == "random"


def test_a_bad_teams_event_comes_back_as_filled_in_naming_the_field(club, director):
    response = web(director).post(f"/clubs/{club.slug}/events/new/", {
        "name": "Swiss teams", "date": "2026-12-01", "game": "duplicate_bridge", "scoring": "matchpoints",
        "format": "swiss", "boards_per_match": "7", "rounds": "4", "vp_scale": "wbf_30"})
    assert response.status_code == 400 and not Event.objects.filter(name="Swiss teams").exists()
    html = response.content.decode()
    assert "scoring:" in html and 'role="alert"' in html
    assert '<option value="swiss" selected>' in html and '<option value="wbf_30" selected>' in html
    assert 'name="boards_per_match" min="1" class="w-5" value="7"' in html and 'value="4"' in html


def test_director_enters_a_team_of_members_and_guests_with_a_captain(club, director):
    from clubs import services as clubs

    clubs.member_create(club=club, membership_number="501", first_name="Ann", last_name="Lee")
    event = teams_event(club, teams=0)
    response = web(director).post(url(event, "add"), {
        "name": "Lions", "seed": "2", "player_1": "Lee, Ann (501)", "player_2": "Bob Guest", "player_3": "Cy Guest",
        "player_4": "Di Guest", "captain": "1"})
    assert response.status_code == 302
    team = Team.objects.get(event=event, name="Lions")
    players = list(team.players.order_by("position"))
    assert [p.name for p in players] == ["Ann Lee", "Bob Guest", "Cy Guest", "Di Guest"]
    assert players[0].member_id and players[0].captain and team.seed == 2
    page = web(director).get(url(event)).content.decode()
    assert "Lions" in page and "Ann Lee <abbr" in page


def test_a_team_of_three_comes_back_as_filled_in_with_the_players_error(club, director):
    event = teams_event(club, teams=0)
    response = web(director).post(url(event, "add"), {
        "name": "Tigers", "seed": "", "player_1": "A One", "player_2": "B Two", "player_3": "C Three",
        "captain": "2"})
    assert response.status_code == 400 and not Team.objects.filter(event=event).exists()
    html = response.content.decode()
    assert 'id="error-players"' in html and "4 to 6 players" in html
    assert 'value="Tigers"' in html and 'value="A One"' in html and 'value="C Three"' in html
    assert re.search(r'name="captain" value="2" checked', html)


def test_an_ambiguous_player_is_offered_to_choose_and_the_form_is_kept(club, director):
    from clubs import services as clubs

    for n in ("601", "602"):
        clubs.member_create(club=club, membership_number=n, first_name="Jo", last_name="Smith")
    event = teams_event(club, teams=0)
    response = web(director).post(url(event, "add"), {
        "name": "Owls", "player_1": "Jo Smith", "player_2": "B", "player_3": "C", "player_4": "D", "captain": "1"})
    assert response.status_code == 400
    html = response.content.decode()
    assert 'id="choose-player_1"' in html and "Smith, Jo (601)" in html and 'id="error-player_1"' in html
    chosen = web(director).post(url(event, "add"), {
        "name": "Owls", "player_1": "Jo Smith", "player_1_choice": "Smith, Jo (602)", "player_2": "B",
        "player_3": "C", "player_4": "D", "captain": "1"})
    assert chosen.status_code == 302
    assert Team.objects.get(name="Owls").players.get(captain=True).member.membership_number == "602"


def test_no_captain_is_a_field_error(club, director):
    event = teams_event(club, teams=0)
    response = web(director).post(url(event, "add"), {
        "name": "Owls", "player_1": "A", "player_2": "B", "player_3": "C", "player_4": "D"})
    assert response.status_code == 400 and 'id="error-captain"' in response.content.decode()


def test_director_edits_and_withdraws_a_team(club, director):
    event = teams_event(club, teams=3)
    team = Team.objects.get(event=event, number=2)
    form = web(director).get(url(event, 2, "edit"))
    assert form.status_code == 200 and 'value="Team 2"' in form.content.decode()
    body = {"name": "Badgers", "seed": "1", "captain": "2"}
    body.update({f"player_{i + 1}": p.name for i, p in enumerate(team.players.order_by("position"))})
    assert web(director).post(url(event, 2, "edit"), body).status_code == 302
    team.refresh_from_db()
    assert team.name == "Badgers" and team.players.get(captain=True).position == 2
    assert web(director).post(url(event, 2, "withdraw")).status_code == 302
    team.refresh_from_db()
    assert team.status == "withdrawn"
    assert "Withdrawn" in web(director).get(url(event)).content.decode()


def test_a_team_entered_by_mistake_is_deleted_before_the_start_and_withdrawn_after(club, director):
    event = teams_event(club, teams=3)
    assert 'aria-label="Delete team 3"' in web(director).get(url(event)).content.decode()
    assert web(director).post(url(event, 3, "delete")).status_code == 302
    assert not Team.objects.filter(event=event, number=3).exists()
    actions.event_start(event=event, user=director)
    page = web(director).get(url(event)).content.decode()
    assert 'aria-label="Delete team' not in page and 'aria-label="Withdraw team 1"' in page
    refused = web(director).post(url(event, 1, "delete"), follow=True)
    assert b"withdraw the team instead" in refused.content and Team.objects.filter(event=event, number=1).exists()


def test_start_draws_round_one_and_the_rounds_page_shows_it(club, director):
    event = teams_event(club, teams=4)
    response = web(director).post(f"/clubs/{club.slug}/events/{event.pk}/do/start/")
    assert response.status_code == 302
    page = web(director).get(url(event, "rounds")).content.decode()
    assert 'id="round-1"' in page and page.count('id="match-') == 2
    assert "Draw round 1 afresh" in page and "Swap" in page


def test_swap_and_redraw_before_play_then_fixed_once_results_exist(club, director, django_capture_on_commit_callbacks):
    event = teams_event(club, teams=4)
    actions.event_start(event=event, user=director)
    before = {(m.home.number, m.away.number) for m in Match.objects.filter(event=event, round=1)}
    a, b = next(iter(before))
    other = next(p for p in before if p != (a, b))
    web(director).post(url(event, "rounds", 1, "swap"), {"team_a": str(a), "team_b": str(other[0])})
    after = {(m.home.number, m.away.number) for m in Match.objects.filter(event=event, round=1)}
    assert after != before and {t for p in after for t in p} == {1, 2, 3, 4}
    assert web(director).post(url(event, "rounds", 1, "draw")).status_code == 302
    with django_capture_on_commit_callbacks(execute=True):
        play_round(Event.objects.get(pk=event.pk), random.Random(5))
    refused = web(director).post(url(event, "rounds", 1, "swap"), {"team_a": "1", "team_b": "2"}, follow=True)
    assert 'class="error"' in refused.content.decode() and "results" in refused.content.decode()
    page = web(director).get(url(event, "rounds")).content.decode()
    assert "Draw round 1 afresh" not in page and "is fixed" in page


def test_swap_with_a_bad_team_number_is_a_message_not_a_500(club, director):
    event = teams_event(club, teams=4)
    actions.event_start(event=event, user=director)
    for bad in ("x", "0", "99999999999", ""):
        response = web(director).post(url(event, "rounds", 1, "swap"), {"team_a": bad, "team_b": "1"}, follow=True)
        assert response.status_code == 200 and 'class="error"' in response.content.decode()


def test_director_draws_the_next_swiss_round_once_the_last_is_complete(swiss, director):
    response = web(director).post(url(swiss, "rounds", 2, "draw"), follow=True)
    assert b"Round 2 drawn." in response.content
    assert Match.objects.filter(event=swiss, round=2).count() == 2
    played = {frozenset((m.home_id, m.away_id)) for m in Match.objects.filter(event=swiss, round=1)}
    assert not played & {frozenset((m.home_id, m.away_id)) for m in Match.objects.filter(event=swiss, round=2)}


def test_matches_waiting_name_the_boards_and_rooms(club, director, scorer):
    event = teams_event(club, teams=4)
    actions.event_start(event=event, user=director)
    page = web(scorer).get(url(event, "waiting"))
    html = page.content.decode()
    assert page.status_code == 200 and html.count("Open room, table") == 2 and html.count("Closed room, table") == 2
    assert "board 1, 2" in html.replace("boards 1, 2", "board 1, 2") and 'data-live="8"' in html


def test_standings_show_vps_and_the_swiss_history(swiss, director):
    html = web(director).get(url(swiss, "standings")).content.decode()
    assert 'id="team-standings"' in html and "<th class=\"num\">VP</th>" in html
    for m in Match.objects.filter(event=swiss, round=1):
        assert f"{m.vp_home:.2f}" in html and f"v {m.away.number}" in html
    assert 'id="round-history"' in html and 'id="match-grid"' not in html


def test_round_robin_standings_have_the_match_grid(club, director, django_capture_on_commit_callbacks):
    event = teams_event(club, format="round_robin", teams=4, rounds=0)
    actions.event_start(event=event, user=director)
    with django_capture_on_commit_callbacks(execute=True):
        play_round(Event.objects.get(pk=event.pk), random.Random(8))
    html = web(director).get(url(event, "standings")).content.decode()
    assert 'id="match-grid"' in html and html.count("<td class=\"num\">—</td>") == 4


def test_the_score_card_compares_the_rooms_board_by_board(swiss, director):
    match = Match.objects.filter(event=swiss, round=1).first()
    html = web(director).get(url(swiss, "matches", match.pk)).content.decode()
    assert 'id="board-1"' in html and 'id="board-2"' in html
    assert f"{match.imps_home:g}–" not in html  # totals in their cells, not a dash pair
    assert f">{match.imps_home:g}<" in html.replace(".0<", "<") and f"{match.vp_home:.2f}" in html
    assert f"table {match.table_open}" in html and f"table {match.table_closed}" in html


def test_a_team_page_lists_its_matches(swiss, director):
    html = web(director).get(url(swiss, 1)).content.decode()
    assert 'id="team-round-1"' in html and "the score card" in html


def test_a_teams_table_phone_shows_its_match_and_room(swiss, director):
    web(director).post(url(swiss, "rounds", 2, "draw"))
    match = Match.objects.get(event=swiss, round=2, number=1)
    section = swiss.sections.get()
    for table, room, ns in ((match.table_open, "Open room", match.home), (match.table_closed, "Closed room",
                                                                           match.away)):
        phone = Client()
        base = f"/clubs/{swiss.club.slug}/events/{swiss.pk}/table/A/{table}/"
        phone.post(base, {"pin": table_pin(swiss, section, table)})
        html = phone.get(base).content.decode()
        assert 'id="table-match"' in html and f"{match.home.name} v {match.away.name}" in html
        assert room in html and f"{ns.name} sit North-South" in html


def test_the_event_page_of_a_teams_event_links_its_pages_and_tables(swiss, director):
    html = web(director).get(f"/clubs/{swiss.club.slug}/events/{swiss.pk}/").content.decode()
    for link in ("teams-link", "rounds-link", "waiting-link", "standings-link", "room-tables"):
        assert f'id="{link}"' in html
    assert "Enter pair" not in html


def test_wrong_ids_are_404s_and_wrong_methods_405s(swiss, director, club):
    client = web(director)
    other = Match.objects.filter(event=swiss).first()
    assert client.get(url(swiss, 99)).status_code == 404
    assert client.get(url(swiss, 99, "edit")).status_code == 404
    assert client.post(url(swiss, 99, "withdraw")).status_code == 404
    assert client.get(url(swiss, "matches", other.pk + 1000)).status_code == 404
    assert client.get(f"/clubs/{club.slug}/events/{swiss.pk + 1000}/teams/standings/").status_code == 404
    for path in (url(swiss, "add"), url(swiss, 1, "withdraw"), url(swiss, "rounds", 2, "draw"),
                 url(swiss, "rounds", 1, "swap")):
        assert client.get(path).status_code == 405
    for path in (url(swiss, "standings"), url(swiss, "rounds"), url(swiss, "waiting"), url(swiss, 1)):
        assert client.post(path).status_code == 405


def test_a_pairs_event_has_no_teams_pages(club, director):
    from tests.tournaments.factories_event import create_event

    from rest_framework.test import APIClient

    api = APIClient()
    api.force_authenticate(director)
    pairs = create_event(api, club, movement={"kind": "mitchell", "tables": 3, "boards_per_round": 2})
    assert web(director).get(f"/clubs/{club.slug}/events/{pairs['id']}/teams/standings/").status_code == 404


def test_a_late_team_joins_the_swiss_from_the_next_round(swiss, director):
    page = web(director).get(url(swiss)).content.decode()
    assert "A late team" in page and "joins from the next round drawn (round 2)" in page
    response = web(director).post(url(swiss, "add"), {
        "name": "Latecomers", "player_1": "L1 Guest", "player_2": "L2 Guest", "player_3": "L3 Guest",
        "player_4": "L4 Guest", "captain": "1"}, follow=True)
    assert b"it joins from round 2" in response.content
    assert Team.objects.get(event=swiss, name="Latecomers").joined_round == 2


def test_a_seed_that_is_not_a_number_is_a_field_error(club, director):
    event = teams_event(club, teams=0)
    response = web(director).post(url(event, "add"), {
        "name": "Owls", "seed": "first", "player_1": "A", "player_2": "B", "player_3": "C", "player_4": "D",
        "captain": "1"})
    assert response.status_code == 400 and 'id="error-seed"' in response.content.decode()
    assert 'value="first"' in response.content.decode() and not Team.objects.filter(event=event).exists()


def test_a_round_robin_of_five_teams_with_a_bye_from_the_pages(club, director, django_capture_on_commit_callbacks):
    client = web(director)
    client.post(f"/clubs/{club.slug}/events/new/", {
        "name": "Round robin", "date": "2026-12-01", "game": "duplicate_bridge", "scoring": "imps",
        "format": "round_robin", "boards_per_match": "2", "rounds": "0", "vp_scale": "wbf_continuous"})
    event = Event.objects.get(name="Round robin")
    for k in range(5):
        body = {"name": f"Side {k + 1}", "captain": "1"}
        body.update({f"player_{i}": f"P{k}{i} Guest" for i in range(1, 5)})
        assert client.post(url(event, "add"), body).status_code == 302
    client.post(f"/clubs/{club.slug}/events/{event.pk}/do/start/")
    rounds = client.get(url(event, "rounds")).content.decode()
    assert rounds.count("<em>bye</em>") == 1 and 'id="draw-round"' in rounds
    assert client.post(url(event, "rounds", 2, "draw")).status_code == 302  # before round 1 is played
    section = event.sections.get()
    with django_capture_on_commit_callbacks(execute=True):  # round 1's tables enter from their phones
        for tp in section.schedule.round(1).tables:
            phone = Client()
            base = f"/clubs/{club.slug}/events/{event.pk}/table/A/{tp.table}/"
            phone.post(base, {"pin": table_pin(event, section, tp.table)})
            for board in tp.boards:
                phone.post(base, {"board": board, "contract": "3NT", "declarer": "N" if tp.table % 2 else "E",
                                  "tricks": "9"})
                pending = Result.objects.get(section=section, table=tp.table, board=board)
                phone.post(base, {"confirm": pending.pk})
    assert Match.objects.filter(event=event, round=1, status="complete").count() == 3  # the bye too
    standings = client.get(url(event, "standings")).content.decode()
    bye = Match.objects.get(event=event, round=1, away__isnull=True)
    assert 'id="match-grid"' in standings and "bye" in standings and f"{bye.vp_home:.2f}" in standings
    team = client.get(url(event, bye.home.number)).content.decode()
    assert "<em>bye</em>" in team


def test_a_knockout_reads_on_every_page(club, director):
    event = teams_event(club, format="knockout", teams=4, rounds=0)
    actions.event_start(event=event, user=director)
    match = Match.objects.filter(event=event).first()
    for path in (url(event), url(event, "rounds"), url(event, "waiting"), url(event, "standings"), url(event, 1),
                 url(event, "matches", match.pk)):
        assert web(director).get(path).status_code == 200, path


def test_a_knockout_event_takes_its_segments_from_the_new_event_page(club, director):
    web(director).post(f"/clubs/{club.slug}/events/new/", {
        "name": "Cup", "date": "2026-12-01", "game": "duplicate_bridge", "scoring": "imps", "format": "knockout",
        "boards_per_match": "4", "rounds": "0", "segments": "2"})
    assert TeamsEvent.objects.get(event__name="Cup").options["segments"] == 2
    bad = web(director).post(f"/clubs/{club.slug}/events/new/", {
        "name": "Cup 2", "date": "2026-12-01", "game": "duplicate_bridge", "scoring": "imps", "format": "knockout",
        "boards_per_match": "4", "rounds": "0", "segments": "two"})
    assert bad.status_code == 400 and "segments:" in bad.content.decode()


def test_director_sets_a_knockout_ties_carry_over_on_its_score_card(club, director):
    event = teams_event(club, format="knockout", teams=4, rounds=0)
    actions.event_start(event=event, user=director)
    match = Match.objects.filter(event=event, segment=1).exclude(tie="").exclude(away__isnull=True).first()
    page = web(director).get(url(event, "matches", match.pk)).content.decode()
    assert 'id="carry-over"' in page
    done = web(director).post(url(event, "matches", match.pk, "carry-over"),
                              {"carry_over_home": "7.5", "carry_over_away": "0"}, follow=True)
    match.refresh_from_db()
    assert match.carry_over_home == 7.5 and b"Carry-over set" in done.content
    for bad in ("-3", "abc", "1e9", "7.25"):
        refused = web(director).post(url(event, "matches", match.pk, "carry-over"),
                                     {"carry_over_home": bad, "carry_over_away": "0"}, follow=True)
        assert refused.status_code == 200 and b"carry_over_home:" in refused.content
    match.refresh_from_db()
    assert match.carry_over_home == 7.5
    assert web().post(url(event, "matches", match.pk, "carry-over"), {"carry_over_home": "1"}).status_code == 404


def test_an_imported_teams_event_says_so_and_offers_no_tables(club, director, commits):
    from pathlib import Path

    from django.core.management import call_command

    call_command("usebio", "import", club.slug, str(Path(__file__).parents[1] / "unit" / "deals" / "data"
                                                    / "usebio_teams_swiss.xml"))
    event = Event.objects.get(club=club)
    html = web(director).get(f"/clubs/{club.slug}/events/{event.pk}/").content.decode()
    assert 'id="event-origin"' in html and 'id="room-tables"' not in html and 'id="reopen"' not in html
    assert 'id="team-standings"' in html
    for path in (url(event, "standings"), url(event, "rounds"), url(event, 1)):
        assert web(director).get(path).status_code == 200


def test_a_scorer_enters_a_rooms_result_on_the_match_card(club, director, scorer, player,
                                                          django_capture_on_commit_callbacks):
    event = teams_event(club, teams=4)
    actions.event_start(event=event, user=director)
    match = Match.objects.get(event=event, round=1, number=1)
    client = web(scorer)
    assert 'id="room-entry"' in client.get(url(event, "matches", match.pk)).content.decode()
    bad = client.post(url(event, "matches", match.pk, "results"), {
        "room": "closed", "board": "7", "contract": "4S", "declarer": "S", "tricks": "10", "lead": ""})
    html = bad.content.decode()
    assert bad.status_code == 400 and 'id="error-board"' in html and 'value="4S"' in html
    assert '<option value="closed" selected>' in html
    assert not Result.objects.filter(event=event).exists()
    with django_capture_on_commit_callbacks(execute=True):
        for room in ("open", "closed"):
            for board in (1, 2):
                done = client.post(url(event, "matches", match.pk, "results"), {
                    "room": room, "board": str(board), "contract": "3NT", "declarer": "N",
                    "tricks": "9" if room == "open" else "8", "lead": ""})
                assert done.status_code == 302, done.content[:400]
    match.refresh_from_db()
    assert match.boards_compared == 2 and match.imps_home > 0
    html = client.get(url(event, "matches", match.pk)).content.decode()
    assert html.count("3NT N 9") == 2 and html.count("3NT N 8") == 2
    assert web(director).post(url(event, "matches", match.pk, "results"), {"room": "x"}).status_code == 400
    assert Client().post(url(event, "matches", match.pk, "results"), {"room": "open"}).status_code == 404
    assert web(player).post(url(event, "matches", match.pk, "results"), {"room": "open"}).status_code == 403
