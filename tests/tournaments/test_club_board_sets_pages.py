"""The director's board-set pages: list, deal, import, hand records, use for an event, delete."""
import datetime

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from clubs.services import role_grant
from tournaments.models import BoardSet
from tournaments.services import boards as services
from tournaments.services.events import event_setup

KNOWN = "N:KJ65.Q32.QT6.AK3 Q.AK76.J97.QJ854 T983.J95.8532.92 A742.T84.AK4.T76"


@pytest.fixture
def event(club):
    return event_setup(club=club, name="Monday pairs", date=datetime.date(2026, 1, 5), game="duplicate_bridge",
                       scoring="matchpoints", movement={"kind": "howell", "tables": 2, "boards_per_round": 2})


@pytest.fixture
def club_set(club, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        return services.club_boardset_deal(club=club, name="Winter", count=8, seed="winter")


@pytest.fixture
def as_director(client, director):
    client.force_login(director)
    return client


def base(club):
    return f"/clubs/{club.slug}/board-sets/"


def test_club_home_links_the_board_sets_for_directors(club, as_director):
    assert base(club) in as_director.get(f"/clubs/{club.slug}/").content.decode()


def test_director_deals_a_set_and_reads_its_hand_records(club, as_director, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        response = as_director.post(base(club), {"action": "deal", "name": "Spring", "game": "duplicate_bridge",
                                                 "count": "4", "seed": "spring"})
    board_set = BoardSet.objects.get(name="Spring")
    assert response.status_code == 302 and response["Location"] == board_set.get_absolute_url()
    page = as_director.get(response["Location"]).content.decode()
    assert page.count('class="handrecord"') == 4 and "spring" in page and "Double dummy tricks" in page
    listing = as_director.get(base(club)).content.decode()
    assert "Spring" in listing and "Deal a new set" in listing


def test_director_imports_a_file(club, as_director):
    upload = SimpleUploadedFile("c.pbn", f'[Board "1"]\n[Deal "{KNOWN}"]\n'.encode("latin-1"))
    response = as_director.post(base(club), {"action": "import", "name": "Congress", "game": "duplicate_bridge",
                                             "file": upload})
    assert response.status_code == 302
    assert BoardSet.objects.get(name="Congress").boards.get().deal == KNOWN


def test_bad_input_shows_the_errors_and_keeps_the_form(club, as_director, club_set):
    response = as_director.post(base(club), {"action": "deal", "name": "Winter", "count": "4"})
    page = response.content.decode()
    assert response.status_code == 400 and "already has a board set named" in page and 'value="Winter"' in page
    response = as_director.post(base(club), {"action": "deal", "name": "Other", "count": "lots"})
    assert response.status_code == 400 and "number of boards" in response.content.decode()
    response = as_director.post(base(club), {"action": "import", "name": "Bad",
                                             "file": SimpleUploadedFile("b.pbn", b'[Board "1"]\n[Deal "N:AKQ..."]\n')})
    assert response.status_code == 400 and "line 2" in response.content.decode()
    assert BoardSet.objects.filter(club=club).count() == 1


def test_pbn_download(club, as_director, club_set):
    response = as_director.get(f"{base(club)}{club_set.pk}/boards.pbn")
    assert response.status_code == 200 and response.content.count(b"[Board ") == 8


def test_players_and_other_clubs_directors_are_refused(club, other_club, client, player, make_user, club_set, event):
    client.force_login(player)
    for url in (base(club), club_set.get_absolute_url(), f"{base(club)}{club_set.pk}/boards.pbn",
                f"/clubs/{club.slug}/events/{event.pk}/board-set/"):
        assert client.get(url).status_code == 403
    olga = make_user("olga")
    role_grant(club=other_club, user=olga, role="director")
    client.force_login(olga)
    assert client.get(club_set.get_absolute_url()).status_code == 403
    assert client.post(f"{base(club)}{club_set.pk}/delete/").status_code == 403
    assert client.get(f"/clubs/{other_club.slug}/board-sets/{club_set.pk}/").status_code == 404
    client.logout()
    assert client.get(base(club)).status_code == 302  # to the login page


def test_director_chooses_a_club_set_on_the_event_boards_page(club, as_director, club_set, event):
    services.club_boardset_deal(club=club, name="Whist", game="duplicate_whist", count=8, seed="w")
    url = f"/clubs/{club.slug}/events/{event.pk}/board-set/"
    page = as_director.get(url).content.decode()
    assert "Winter (8 boards)" in page and "Whist (8" not in page and "boards 1 to 6" in page
    response = as_director.post(url, {"club_set": club_set.pk}, follow=True)
    page = response.content.decode()
    assert "now plays 6 boards from Winter" in page and "copied from the club set" in page
    assert event.board_sets.get().copied_from == club_set
    hands = as_director.get(f"/clubs/{club.slug}/events/{event.pk}/handrecord/").content.decode()
    assert "Change the boards" in hands and "Winter" in hands


def test_a_set_too_small_is_refused_on_the_page(club, as_director, event):
    small = services.club_boardset_deal(club=club, name="Small", count=4, seed="s")
    url = f"/clubs/{club.slug}/events/{event.pk}/board-set/"
    page = as_director.post(url, {"club_set": small.pk}, follow=True).content.decode()
    assert "no board 5, 6" in page and not BoardSet.objects.filter(event=event).exists()


def test_use_from_the_sets_page_then_delete_is_refused(club, as_director, club_set, event):
    detail = as_director.get(club_set.get_absolute_url()).content.decode()
    assert "Monday pairs" in detail and "use-form" in detail
    response = as_director.post(f"{base(club)}{club_set.pk}/use/", {"event": event.pk})
    assert response["Location"] == f"/clubs/{club.slug}/events/{event.pk}/board-set/"
    page = as_director.post(f"{base(club)}{club_set.pk}/delete/", follow=True).content.decode()
    assert "cannot be deleted" in page and BoardSet.objects.filter(pk=club_set.pk).exists()
    assert "delete-form" not in as_director.get(club_set.get_absolute_url()).content.decode()


def test_delete_an_unused_set(club, as_director, club_set):
    response = as_director.post(f"{base(club)}{club_set.pk}/delete/")
    assert response.status_code == 302 and response["Location"] == base(club)
    assert not BoardSet.objects.filter(pk=club_set.pk).exists()
    assert as_director.get(f"{base(club)}{club_set.pk}/delete/").status_code in (403, 404, 405)


def test_players_see_the_events_hand_records_but_nothing_of_the_club_set(club, client, player, club_set, event):
    from tests.tournaments.factories_event import event_in_status

    copied = services.boardset_copy_to_event(event=event, club_set=club_set)
    event_in_status(event, "playing")
    services.boardset_publish(board_set=copied)
    client.force_login(player)
    page = client.get(f"/clubs/{club.slug}/events/{event.pk}/handrecord/").content.decode()
    assert page.count('class="handrecord"') == 6 and "Boards from one of the club's sets" in page
    assert "winter" not in page.lower() and "Change the boards" not in page
    pbn = client.get(f"/clubs/{club.slug}/events/{event.pk}/handrecord/boards.pbn").content
    assert pbn.count(b"[Board ") == 6 and b"winter" not in pbn
