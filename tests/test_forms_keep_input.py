"""A form with an error comes back as it was filled in (400, the message, every field kept):
new event, new party, member."""
import pytest

pytestmark = pytest.mark.django_db


def test_new_event_keeps_game_scoring_and_movement_after_an_error(client, club, director):
    client.force_login(director)
    response = client.post(f"/clubs/{club.slug}/events/new/?pairs=10", {
        "name": "Thursday whist", "date": "not a date", "game": "duplicate_whist", "scoring": "imps",
        "movement": "howell:5:3", "pairs": "10"})
    assert response.status_code == 400
    html = response.content.decode()
    assert 'role="alert"' in html
    assert 'value="Thursday whist"' in html and 'value="not a date"' in html
    assert '<option value="duplicate_whist" selected>' in html and '<option value="imps" selected>' in html
    assert 'value="howell:5:3" checked' in html and html.count(" checked>") == 1


def test_new_party_keeps_its_input_after_an_error(client, club, director):
    client.force_login(director)
    response = client.post(f"/clubs/{club.slug}/events/party/new/", {
        "name": "Spring drive", "date": "2026-13-40", "progression": "progressive", "tables": "6",
        "hands_per_round": "4", "hands": "24", "leaver": "substitute", "missed": "average", "deal_seed": "abc"})
    assert response.status_code == 400
    html = response.content.decode()
    assert 'value="Spring drive"' in html and 'value="2026-13-40"' in html and 'name="tables" min="0" max="60" value="6"' in html
    assert '<option value="progressive" selected>' in html and '<option value="substitute" selected>' in html
    assert '<option value="average" selected>' in html and 'value="abc"' in html and 'name="hands" min="1" placeholder="24" value="24"' in html


def test_member_form_keeps_its_input_after_an_error(client, club, director):
    from clubs import services

    services.member_create(club=club, membership_number="77", first_name="Ada", last_name="Byron")
    client.force_login(director)
    response = client.post(f"/clubs/{club.slug}/members/add/", {
        "membership_number": "77", "first_name": "Grace", "last_name": "Hopper", "email": "grace@example.org",
        "active": "on"})
    assert response.status_code == 400
    html = response.content.decode()
    assert 'value="Grace"' in html and 'value="Hopper"' in html and 'value="grace@example.org"' in html


def test_new_teams_event_keeps_its_format_and_settings_after_an_error(client, club, director):
    client.force_login(director)
    response = client.post(f"/clubs/{club.slug}/events/new/", {
        "name": "Swiss teams", "date": "2026-12-01", "game": "duplicate_bridge", "scoring": "imps",
        "format": "swiss", "boards_per_match": "6", "rounds": "0", "vp_scale": "win_draw_loss",
        "first_round": "random"})
    assert response.status_code == 400
    html = response.content.decode()
    assert 'role="alert"' in html and "rounds:" in html
    assert 'value="Swiss teams"' in html and '<option value="swiss" selected>' in html
    assert '<option value="win_draw_loss" selected>' in html and '<option value="random" selected>' in html
    assert 'name="boards_per_match" min="1" class="w-5" value="6"' in html


def test_team_form_keeps_its_input_after_an_error(client, club, director):
    from tests.tournaments.factories_teams import teams_event

    event = teams_event(club, teams=1)
    client.force_login(director)
    response = client.post(f"/clubs/{club.slug}/events/{event.pk}/teams/add/", {
        "name": "Team 1", "seed": "3", "player_1": "Ann Guest", "player_2": "Bo Guest", "player_3": "Cy Guest",
        "player_4": "Di Guest", "player_5": "Ed Guest", "captain": "5"})
    assert response.status_code == 400  # the name is taken
    html = response.content.decode()
    assert 'id="error-name"' in html and 'aria-invalid="true"' in html
    assert 'value="Team 1"' in html and 'value="3"' in html and 'value="Ed Guest"' in html
    assert 'name="captain" value="5" checked' in html
