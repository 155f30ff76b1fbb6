"""Board set services: deal from the seed, PBN import/export, analysis task."""
import datetime

import pytest
from django.core.exceptions import ValidationError

from tournaments.deals.dealing import deal_set
from tournaments.deals.numbering import deal_index
from tournaments.deals.pbn import read_pbn
from tournaments.models import Board, BoardSet
from tournaments.services import boards as services
from tournaments.services.events import event_create
from tournaments.tasks.boards import boardset_analyse

KNOWN = "N:KJ65.Q32.QT6.AK3 Q.AK76.J97.QJ854 T983.J95.8532.92 A742.T84.AK4.T76"


@pytest.fixture
def event(club):
    return event_create(club=club, name="Monday pairs", date=datetime.date(2024, 3, 4), deal_seed="monday-seed")


@pytest.fixture
def whist_event(club):
    return event_create(club=club, name="Whist night", date=datetime.date(2024, 3, 5), game="duplicate_whist",
                        deal_seed="whist-seed")


def test_dealing_from_the_event_seed_rederives_the_pure_set(event):
    board_set = services.boardset_deal(event=event, count=4)
    rows = list(board_set.boards.order_by("number"))
    expected = deal_set("monday-seed", 4)
    assert [r.deal for r in rows] == [b.deal.to_pbn() for b in expected]
    assert [r.deal_index for r in rows] == [str(deal_index(b.deal)) for b in expected]
    assert [(r.dealer, r.vulnerability) for r in rows] == [("N", "None"), ("E", "NS"), ("S", "EW"), ("W", "All")]
    assert board_set.seed == "monday-seed" and board_set.algorithm == "cardroom-hmac-sha256-v1"


def test_redealing_replaces_the_boards(event):
    services.boardset_deal(event=event, count=4)
    services.boardset_deal(event=event, seed="another", count=2)
    assert BoardSet.objects.filter(event=event).count() == 1
    assert Board.objects.filter(board_set__event=event).count() == 2


def test_whist_boards_get_a_turn_up_in_the_dealers_hand(whist_event):
    board_set = services.boardset_deal(event=whist_event, count=3)
    for row in board_set.boards.all():
        assert row.vulnerability == "" and len(row.turn_up) == 2
        pure = services.board_to_pure(row, services.rules_for_game(whist_event.game))
        assert pure.turn_up in pure.deal.hand(row.dealer)


def test_bad_count_is_refused(event):
    with pytest.raises(ValidationError):
        services.boardset_deal(event=event, count=0)


def test_import_then_export_round_trips(event):
    text = f'[Event "x"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{KNOWN}"]\n'
    board_set = services.boardset_import_pbn(event=event, data=text.encode())
    assert board_set.source == "imported" and board_set.seed == ""
    out = services.boardset_export_pbn(board_set=board_set)
    game = read_pbn(out)[0]
    assert game.value("Deal") == KNOWN and game.value("Event") == "Monday pairs"
    assert game.value("Date") == "2024.03.04"


def test_bad_import_names_line_and_board_and_keeps_the_old_boards(event):
    services.boardset_deal(event=event, count=2)
    bad = '[Board "1"]\n[Deal "N:AKQ... ... ... ..."]\n'
    with pytest.raises(ValidationError) as err:
        services.boardset_import_pbn(event=event, data=bad)
    assert "line 2: board 1: North holds 3 cards" in err.value.messages[0]
    assert Board.objects.filter(board_set__event=event).count() == 2


def test_analysis_stores_dd_and_par_and_is_idempotent(event):
    text = f'[Board "1"]\n[Deal "{KNOWN}"]\n'
    board_set = services.boardset_import_pbn(event=event, data=text)
    first = boardset_analyse(board_set.pk)
    assert first["analysed"] == 1
    board = board_set.boards.get()
    assert board.double_dummy["E"] == {"C": 9, "D": 7, "H": 8, "S": 5, "NT": 7}
    assert board.par == {"score": "EW 110", "contracts": ["3C E", "3C W"]}
    stamp = board.analysed_at
    second = boardset_analyse(board_set.pk)
    assert second["analysed"] == 0
    board.refresh_from_db()
    assert board.analysed_at == stamp and board.par["score"] == "EW 110"


def test_analysis_is_queued_after_commit(event, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        board_set = services.boardset_deal(event=event, count=2)
    assert len(callbacks) == 1
    assert all(b.double_dummy and b.par for b in board_set.boards.all())


def test_exported_file_carries_analysis_and_seed(event):
    board_set = services.boardset_deal(event=event, count=1)
    boardset_analyse(board_set.pk)
    game = read_pbn(services.boardset_export_pbn(board_set=board_set))[0]
    assert game.value("DealSeed") == "cardroom-hmac-sha256-v1:monday-seed"
    assert len(game.value("DoubleDummyTricks")) == 20 and game.value("OptimumScore")


def test_analysis_without_endplay_leaves_boards_unanalysed(event, monkeypatch):
    from tournaments.deals import doubledummy
    from tournaments.deals.doubledummy import AnalysisUnavailable

    def missing():
        raise AnalysisUnavailable("no endplay")

    monkeypatch.setattr(doubledummy, "_endplay", missing)
    board_set = services.boardset_deal(event=event, count=1)
    assert boardset_analyse(board_set.pk) == {"board_set": board_set.pk, "found": True, "analysed": 0,
                                              "available": False}
    assert board_set.boards.get().double_dummy is None


def test_analysis_of_a_missing_set_reports_not_found(db):
    assert boardset_analyse(987654)["found"] is False


def test_a_finished_event_keeps_its_boards(event):
    from tests.tournaments.factories_event import event_in_status

    services.boardset_deal(event=event, count=2)
    event_in_status(event, "finished")
    with pytest.raises(ValidationError, match="can no longer change"):
        services.boardset_deal(event=event, count=3)
    assert Board.objects.filter(board_set__event=event).count() == 2
