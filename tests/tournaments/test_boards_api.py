"""Boards API and hand record pages: the issue's shape, hands hidden until publication."""
import datetime

import pytest

from tournaments.services import boards as services
from tests.tournaments.factories_event import event_in_status
from tournaments.services.events import event_create
from tournaments.tasks.boards import boardset_analyse

KNOWN = "N:KJ65.Q32.QT6.AK3 Q.AK76.J97.QJ854 T983.J95.8532.92 A742.T84.AK4.T76"


@pytest.fixture
def event(club):
    event = event_create(club=club, name="Tuesday pairs", date=datetime.date(2024, 3, 5), deal_seed="tue")
    board_set = services.boardset_import_pbn(event=event, data=f'[Board "1"]\n[Deal "{KNOWN}"]\n')
    boardset_analyse(board_set.pk)
    return event_in_status(event, "playing")


def url(event, number=None):
    base = f"/api/clubs/{event.club.slug}/events/{event.pk}/boards/"
    return base if number is None else f"{base}{number}/"


def test_director_sees_the_board_in_the_issues_shape(event, director, api_as):
    data = api_as(director).get(url(event, 1)).json()
    assert data == {
        "number": 1, "dealer": "N", "vulnerability": "None", "turn_up": None, "deal": KNOWN,
        "deal_index": data["deal_index"],
        "double_dummy": {"N": {"C": 4, "D": 6, "H": 5, "S": 7, "NT": 5}, "E": {"C": 9, "D": 7, "H": 8, "S": 5, "NT": 7},
                         "S": {"C": 4, "D": 6, "H": 5, "S": 7, "NT": 5}, "W": {"C": 9, "D": 7, "H": 8, "S": 5, "NT": 7}},
        "par": {"score": "EW 110", "contracts": ["3C E", "3C W"]},
    }
    assert int(data["deal_index"]) > 0


def test_player_sees_no_hands_while_the_event_is_under_way(event, player, api_as):
    listing = api_as(player).get(url(event)).json()
    board = listing["results"][0]
    assert board["number"] == 1 and board["dealer"] == "N" and board["vulnerability"] == "None"
    assert [board[k] for k in ("deal", "deal_index", "turn_up", "double_dummy", "par")] == [None] * 5


def test_player_sees_hands_once_the_director_publishes_them(event, player, api_as):
    services.boardset_publish(board_set=event.board_sets.get())
    assert api_as(player).get(url(event, 1)).json()["deal"] == KNOWN


def test_player_sees_hands_when_the_event_is_finished(event, player, api_as):
    event_in_status(event, "finished")
    assert api_as(player).get(url(event, 1)).json()["par"]["score"] == "EW 110"


def test_unknown_board_and_other_clubs_events_are_not_found(event, director, api_as, other_club, make_user):
    from clubs.services import role_grant

    assert api_as(director).get(url(event, 9)).status_code == 404
    outsider = make_user("olga")
    role_grant(club=other_club, user=outsider, role="director")
    assert api_as(outsider).get(url(event, 1)).status_code == 404
    wrong_club = f"/api/clubs/{other_club.slug}/events/{event.pk}/boards/"
    assert api_as(director).get(wrong_club).status_code == 404


def test_anonymous_callers_read_only_a_published_events_boards(event, api):
    """As the event pages: an unpublished event is not found; a published one is public."""
    from tournaments.models import Event

    assert api.get(url(event)).status_code == 404
    Event.objects.filter(pk=event.pk).update(status="published")
    response = api.get(url(event))
    assert response.status_code == 200, response.content


def test_hand_record_pages_show_diagram_grid_par_and_seed(event, director, client):
    client.force_login(director)
    page = client.get(f"/clubs/{event.club.slug}/events/{event.pk}/handrecord/1/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "KJ65" in html and "Par: EW 110" in html and "Double dummy tricks" in html
    services.boardset_deal(event=event, count=2)
    html = client.get(f"/clubs/{event.club.slug}/events/{event.pk}/handrecord/").content.decode()
    assert "Board 2" in html and "tue" in html and "being computed" in html
    pbn = client.get(f"/clubs/{event.club.slug}/events/{event.pk}/handrecord/boards.pbn")
    assert pbn.status_code == 200 and b'[Board "2"]' in pbn.content


def test_hand_record_page_is_hidden_from_players_until_publication(event, player, client):
    client.force_login(player)
    path = f"/clubs/{event.club.slug}/events/{event.pk}/handrecord/"
    assert client.get(path).status_code == 404
    event_in_status(event, "published")
    assert client.get(path).status_code == 200


def test_whist_hand_record_shows_turn_up_and_trump_tricks(club, director, client):
    event = event_create(club=club, name="Whist", date=datetime.date(2024, 3, 6), game="duplicate_whist")
    board_set = services.boardset_import_pbn(
        event=event, data=f'[Board "2"]\n[Dealer "E"]\n[Deal "{KNOWN}"]\n[TurnUp "6H"]\n')
    boardset_analyse(board_set.pk)
    client.force_login(director)
    html = client.get(f"/clubs/{club.slug}/events/{event.pk}/handrecord/2/").content.decode()
    assert "Turn-up 6\u2665" in html and "NS 5, EW 8 tricks" in html
