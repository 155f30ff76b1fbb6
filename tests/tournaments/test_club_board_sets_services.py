"""Club board sets: dealt or imported with no event, copied into an event's own set."""
import datetime

import pytest
from django.core.exceptions import ValidationError

from tournaments.deals.dealing import deal_set
from tournaments.deals.pbn import read_pbn
from tournaments.models import Board, BoardSet
from tournaments.services import boards as services
from tournaments.services.events import event_setup
from tests.tournaments.factories_event import event_in_status

KNOWN = "N:KJ65.Q32.QT6.AK3 Q.AK76.J97.QJ854 T983.J95.8532.92 A742.T84.AK4.T76"
HOWELL_6 = {"kind": "howell", "tables": 2, "boards_per_round": 2}  # boards 1-6


def make_event(club, game="duplicate_bridge", name="Monday pairs", movement=HOWELL_6):
    return event_setup(club=club, name=name, date=datetime.date(2026, 1, 5), game=game, scoring="matchpoints",
                       movement=movement)


@pytest.fixture
def club_set(club, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):  # the analysis task, after commit
        return services.club_boardset_deal(club=club, name="Winter 36", count=8, seed="winter")


def test_a_club_set_is_dealt_by_the_events_algorithm_and_analysed(club_set):
    assert club_set.event is None and club_set.is_club_set and club_set.algorithm == "cardroom-hmac-sha256-v1"
    pure = deal_set("winter", 8, services.rules_for_game("duplicate_bridge"))
    rows = list(club_set.boards.order_by("number"))
    assert [r.deal for r in rows] == [b.deal.to_pbn() for b in pure]
    assert all(r.double_dummy and r.par for r in rows)  # the analysis task ran


def test_a_club_set_without_seed_gets_a_fresh_secret_one(club):
    a = services.club_boardset_deal(club=club, name="A", count=1)
    b = services.club_boardset_deal(club=club, name="B", count=1)
    assert len(a.seed) == 64 and a.seed != b.seed


def test_a_club_set_needs_a_name_unique_in_the_club(club, other_club, club_set):
    with pytest.raises(ValidationError) as err:
        services.club_boardset_deal(club=club, name="  ", count=4)
    assert "name" in err.value.message_dict
    with pytest.raises(ValidationError) as err:
        services.club_boardset_deal(club=club, name="Winter 36", count=4)
    assert "already has a board set named 'Winter 36'" in err.value.message_dict["name"][0]
    assert services.club_boardset_deal(club=other_club, name="Winter 36", count=1).club == other_club


def test_a_club_set_is_for_a_duplicate_game(club):
    with pytest.raises(ValidationError) as err:
        services.club_boardset_deal(club=club, name="Euchre", game="progressive_euchre", count=4)
    assert "game" in err.value.message_dict
    assert not BoardSet.objects.filter(name="Euchre").exists()


def test_a_bad_count_leaves_no_set_behind(club):
    with pytest.raises(ValidationError) as err:
        services.club_boardset_deal(club=club, name="Too big", count=500)
    assert "count" in err.value.message_dict
    assert not BoardSet.objects.filter(name="Too big").exists()


def test_a_club_set_imports_and_exports_pbn(club, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        board_set = services.club_boardset_import_pbn(club=club, name="Congress",
                                                      data=f'[Board "1"]\n[Deal "{KNOWN}"]\n')
    assert board_set.source == "imported" and board_set.boards.get().deal == KNOWN
    game = read_pbn(services.boardset_export_pbn(board_set=board_set))[0]
    assert game.value("Event") == "Congress" and game.value("Site") == club.name
    assert game.value("Deal") == KNOWN and game.value("DoubleDummyTricks")


def test_a_bad_file_names_the_line_and_makes_no_set(club):
    with pytest.raises(ValidationError) as err:
        services.club_boardset_import_pbn(club=club, name="Bad", data='[Board "1"]\n[Deal "N:AKQ... ... ... ..."]\n')
    assert "line 2" in str(err.value)
    assert not BoardSet.objects.filter(name="Bad").exists()


def test_a_whist_club_set_needs_turn_ups(club):
    with pytest.raises(ValidationError) as err:
        services.club_boardset_import_pbn(club=club, name="W", game="duplicate_whist",
                                          data=f'[Board "1"]\n[Deal "{KNOWN}"]\n')
    assert "TurnUp" in str(err.value)


def test_using_a_club_set_copies_the_boards_the_movement_needs(club, club_set):
    event = make_event(club)
    board_set = services.boardset_copy_to_event(event=event, club_set=club_set)
    assert board_set.event == event and board_set.copied_from == club_set
    assert board_set.source == "dealt" and board_set.seed == ""  # the club's seed is not published
    fields = ("number", "deal", "dealer", "vulnerability", "double_dummy", "par")
    copied = list(board_set.boards.order_by("number").values_list(*fields))
    source = list(club_set.boards.filter(number__lte=6).order_by("number").values_list(*fields))
    assert copied == source and len(copied) == 6
    assert club_set.boards.count() == 8  # the club's set is untouched


def test_using_a_club_set_again_keeps_one_set_per_event(club, club_set):
    event = make_event(club)
    other = services.club_boardset_deal(club=club, name="Spring", count=6, seed="spring")
    services.boardset_copy_to_event(event=event, club_set=club_set)
    services.boardset_copy_to_event(event=event, club_set=other)
    assert BoardSet.objects.filter(event=event).count() == 1
    assert event.board_sets.get().copied_from == other


def test_dealing_afresh_forgets_the_club_set(club, club_set):
    event = make_event(club)
    services.boardset_copy_to_event(event=event, club_set=club_set)
    assert services.boardset_deal(event=event, count=6).copied_from is None


def test_an_event_without_a_movement_takes_the_whole_set(club, club_set):
    event = make_event(club, movement=None)
    assert services.boardset_copy_to_event(event=event, club_set=club_set).boards.count() == 8


def test_a_set_too_small_names_the_missing_boards(club):
    small = services.club_boardset_deal(club=club, name="Four", count=4, seed="s")
    event = make_event(club)
    with pytest.raises(ValidationError) as err:
        services.boardset_copy_to_event(event=event, club_set=small)
    message = err.value.message_dict["club_set"][0]
    assert "no board 5, 6" in message and "boards 1 to 6" in message
    assert not Board.objects.filter(board_set__event=event).exists()


def test_a_set_must_match_the_events_game(club, club_set):
    whist = make_event(club, game="duplicate_whist", name="Whist night")
    with pytest.raises(ValidationError) as err:
        services.boardset_copy_to_event(event=whist, club_set=club_set)
    assert "turn-up" in err.value.message_dict["club_set"][0]
    whist_set = services.club_boardset_deal(club=club, name="Whist", game="duplicate_whist", count=6, seed="w")
    bridge = make_event(club)
    with pytest.raises(ValidationError):
        services.boardset_copy_to_event(event=bridge, club_set=whist_set)
    copied = services.boardset_copy_to_event(event=whist, club_set=whist_set)
    rows = list(copied.boards.order_by("number"))
    assert all(r.turn_up and not r.vulnerability for r in rows)
    assert [r.turn_up for r in rows] == list(whist_set.boards.order_by("number").values_list("turn_up", flat=True))


def test_bridge_whist_and_auction_share_boards(club):
    auction_set = services.club_boardset_deal(club=club, name="Auction", game="auction_bridge", count=6, seed="a")
    event = make_event(club, game="bridge_whist")
    assert services.boardset_copy_to_event(event=event, club_set=auction_set).boards.count() == 6


def test_another_clubs_set_or_an_events_set_cannot_be_used(club, other_club, club_set):
    theirs = services.club_boardset_deal(club=other_club, name="Theirs", count=6, seed="t")
    event = make_event(club)
    with pytest.raises(ValidationError):
        services.boardset_copy_to_event(event=event, club_set=theirs)
    donor = make_event(club, name="Donor")
    services.boardset_copy_to_event(event=donor, club_set=club_set)
    with pytest.raises(ValidationError):
        services.boardset_copy_to_event(event=event, club_set=donor.board_sets.get())


def test_a_finished_event_keeps_its_boards(club, club_set):
    event = make_event(club)
    event_in_status(event, "finished")
    with pytest.raises(ValidationError):
        services.boardset_copy_to_event(event=event, club_set=club_set)


def test_starting_the_event_keeps_the_club_sets_boards(club, club_set):
    from tournaments.services.actions import event_start
    from tournaments.services.entries import entry_add

    event = make_event(club)
    for i in range(4):
        entry_add(event=event, members=[], guests=[f"A{i}", f"B{i}"])
    services.boardset_copy_to_event(event=event, club_set=club_set)
    event_start(event=event)
    assert event.board_sets.get().copied_from == club_set


def test_a_set_in_use_cannot_be_deleted(club, club_set):
    event = make_event(club)
    services.boardset_copy_to_event(event=event, club_set=club_set)
    with pytest.raises(ValidationError) as err:
        services.club_boardset_delete(board_set=club_set)
    assert "Monday pairs" in str(err.value)
    event.delete()
    services.club_boardset_delete(board_set=club_set)
    assert not BoardSet.objects.filter(pk=club_set.pk).exists()


def test_an_events_set_is_not_deleted_as_a_club_set(club, club_set):
    event = make_event(club)
    copied = services.boardset_copy_to_event(event=event, club_set=club_set)
    with pytest.raises(ValidationError):
        services.club_boardset_delete(board_set=copied)


def test_a_copy_of_an_unanalysed_set_is_analysed_for_the_event(club, django_capture_on_commit_callbacks):
    from tournaments.tasks.boards import boardset_analyse

    raw = services.club_boardset_deal(club=club, name="Raw", count=6, seed="raw")  # its task never ran
    event = make_event(club)
    with django_capture_on_commit_callbacks(execute=True):
        copied = services.boardset_copy_to_event(event=event, club_set=raw)
    assert all(b.double_dummy for b in copied.boards.all())
    assert boardset_analyse(copied.pk)["analysed"] == 0  # idempotent: nothing left to do
    assert boardset_analyse(raw.pk)["analysed"] == 6 and boardset_analyse(raw.pk)["analysed"] == 0


def test_the_events_pbn_does_not_give_away_the_club_seed(club, club_set):
    event = make_event(club)
    copied = services.boardset_copy_to_event(event=event, club_set=club_set)
    text = services.boardset_export_pbn(board_set=copied)
    assert "winter" not in text and "DealSeed" not in text and text.count("[Board ") == 6


def test_once_results_are_in_the_boards_stay(club, club_set):
    from tournaments.services.actions import event_start
    from tournaments.services.entries import entry_add
    from tournaments.services.results import result_submit

    event = make_event(club)
    for i in range(4):
        entry_add(event=event, members=[], guests=[f"A{i}", f"B{i}"])
    event_start(event=event)
    table = event.sections.get().movement["rounds_detail"][0]["tables"][0]
    result_submit(event=event, data={"board": table["boards"][0], "section": "A", "ns": str(table["ns"]),
                                     "ew": str(table["ew"]), "contract": "3NT", "declarer": "N", "tricks": 9},
                  user=None, source="api")
    with pytest.raises(ValidationError) as err:
        services.boardset_copy_to_event(event=event, club_set=club_set)
    assert "Results are in" in err.value.message_dict["club_set"][0]
    assert event.board_sets.get().copied_from is None  # still the boards dealt at the start
