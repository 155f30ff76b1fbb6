"""Hand records in PBN: set round trips, analysis tags, Cavendish's 39 whist deals, bad files."""

import json
from pathlib import Path

import pytest

from tournaments.deals.boards import WHIST, make_board
from tournaments.deals.cards import Card, Deal, parse_card
from tournaments.deals.dealing import deal_set
from tournaments.deals.doubledummy import BoardAnalysis, DoubleDummy, Par
from tournaments.deals.pbn import PbnError, read_pbn
from tournaments.deals.records import boards_from_pbn, boards_to_pbn

CAVENDISH = json.loads((Path(__file__).parent / "data" / "cavendish_hands.json").read_text())
# Cavendish seats A, Y, B, Z clockwise, Z dealing; A=South, Y=West, B=North, Z=East keeps the order.
SEAT_OF = {"A": "S", "Y": "W", "B": "N", "Z": "E"}


def cavendish_pbn() -> str:
    games = []
    for number, hand in enumerate(CAVENDISH, start=1):
        cards = {SEAT_OF[p]: [parse_card(c) for c in cs] for p, cs in hand["hands"].items()}
        deal = Deal(tuple(tuple(cards[s]) for s in "NESW"))
        games.append(
            f'[Event "Cavendish, hands played through"]\n[Board "{number}"]\n'
            f'[Dealer "{SEAT_OF[hand["dealer"]]}"]\n[Deal "{deal.to_pbn()}"]\n[TurnUp "{hand["turn_up"]}"]\n'
        )
    return "\n".join(games)


def test_the_39_cavendish_deals_load_as_whist_boards():
    records = boards_from_pbn(cavendish_pbn(), WHIST)
    assert len(records) == 39
    for record, hand in zip(records, CAVENDISH):
        board = record.board
        assert board.dealer == "E"  # Cavendish: "Z the dealer"
        assert str(board.turn_up) == hand["turn_up"]
        assert board.trump == hand["trump"]
        assert board.turn_up in board.deal.hand("E")
        assert sorted(str(c) for c in board.deal.hand("S")) == sorted(hand["hands"]["A"])


def test_a_dealt_set_round_trips_through_pbn_with_its_analysis():
    boards = deal_set("round trip", 4)
    dd = DoubleDummy(((4, 6, 5, 7, 5), (9, 7, 8, 5, 7), (4, 6, 5, 7, 5), (9, 7, 8, 5, 7)))
    analyses = {2: BoardAnalysis(2, dd, Par(-110, ("3C E", "3C W")))}
    text = boards_to_pbn(boards, event="Club pairs", date="2024.03.05", analyses=analyses, seed="v1:abc")
    game = read_pbn(text)[1]
    assert game.value("OptimumScore") == "EW 110"
    assert game.value("ParContract") == "EW 3C"
    assert game.value("DoubleDummyTricks") == dd.to_pbn()
    assert len(game.table("OptimumResultTable")) == 20
    assert game.value("DealSeed") == "v1:abc"
    records = boards_from_pbn(text.encode("latin-1"))
    assert [r.board for r in records] == list(boards)
    assert records[1].double_dummy == dd and records[1].par == Par(-110, ("3C E", "3C W"))
    assert records[0].double_dummy is None and records[0].par is None


def test_whist_set_round_trips_with_turn_up():
    boards = deal_set("whist", 3, WHIST)
    text = boards_to_pbn(boards)
    assert '[TurnUp "' in text and '[Vulnerable "?"]' in text
    assert [r.board for r in boards_from_pbn(text, WHIST)] == list(boards)


def test_dealer_first_deal_string_is_written():
    board = deal_set("s", 2)[1]
    assert boards_to_pbn([board]).count('[Deal "E:') == 1


def test_missing_board_numbers_follow_on_and_header_games_are_skipped():
    deal = deal_set("n", 1)[0].deal.to_pbn()
    text = f'[Event "Header only"]\n\n[Board "5"]\n[Deal "{deal}"]\n\n[Deal "{deal}"]\n'
    assert [r.board.number for r in boards_from_pbn(text)] == [5, 6]


@pytest.mark.parametrize(
    "text, line, fragment",
    [
        ('[Board "1"]\n[Deal "N:AKQ... ... ... ..."]\n', 2, "board 1: North holds 3 cards"),
        ('[Board "x"]\n[Deal "?"]\n', 1, "Board 'x' is not a number"),
        ('[Board "3"]\n[Dealer "N"]\n', 1, "board 3: no Deal tag"),
        ('[Board "2"]\n[Vulnerable "red"]\n[Deal "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]\n',
         3, "board 2: vulnerability 'red'"),
        ('[Board "1"]\n[Deal "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]\n\n'
         '[Board "1"]\n[Deal "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]\n',
         4, "board 1 appears twice (first at line 1)"),
        ('[Event "x"]\n', None, "no boards found"),
    ],
)
def test_bad_hand_record_files_name_board_and_line(text, line, fragment):
    with pytest.raises(PbnError) as err:
        boards_from_pbn(text)
    assert err.value.line == line
    assert fragment in str(err.value)


def test_whist_file_without_turn_up_is_refused():
    text = '[Board "1"]\n[Deal "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]\n'
    with pytest.raises(PbnError, match="board 1: whist board needs a TurnUp tag"):
        boards_from_pbn(text, WHIST)
    assert make_board(1, Deal.from_pbn(text.split('"')[3]), WHIST, turn_up=Card("S", "A")).trump == "S"
