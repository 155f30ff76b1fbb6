"""Duplimate/Dealer4 .DLM files (tournaments.deals.dlm) against the published examples."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.deals.boards import BRIDGE
from tournaments.deals.cards import Card
from tournaments.deals.dealing import deal_board
from tournaments.deals.dlm import DlmBoard, DlmError, decode, dlm_checksum, encode, read_dlm, write_dlm

# rec.games.bridge "File formats" (Steve Foster, 2011-03-12): the line and its decoding.
FOSTER = "jlifaelnecgmoldfjmcflinlap"
FOSTER_SEATS = "SE SW SN EE NN EN SW WE EN NS ES WN WS SW NW EE SE WN NS EE SW SN WE SW NN WW"
# BBO forums "Structure of DLM files" (2013-07-18): another board 1.
BBO = "cgcajjjnakpkchipnjhmbmbpbh"


def test_decodes_the_published_example_seat_by_seat():
    deal = decode(FOSTER)
    pack = [(s, r) for s in "SHDC" for r in "AKQJT98765432"]
    seats = "".join(deal.holder(Card(s, r)) for s, r in pack)
    assert seats == FOSTER_SEATS.replace(" ", "")


def test_checksums_of_both_published_board_1_lines():
    assert dlm_checksum(FOSTER, 1) == 23 and dlm_checksum(BBO, 1) == 22


def test_reads_an_ini_file():
    text = f"[Document]\r\nHeadline=Club\r\nFrom board=1\r\nTo board=2\r\nBoard 01={FOSTER}023\r\nBoard 02={BBO}022\r\n"
    boards = read_dlm(text.encode("latin-1"))
    assert [b.number for b in boards] == [1, 2] and encode(boards[0].deal) == FOSTER


@settings(max_examples=40, deadline=None)
@given(st.text(alphabet="xyz0123456789", min_size=3, max_size=10), st.integers(1, 90), st.integers(1, 6))
def test_write_read_is_identity(seed, first, count):
    boards = [DlmBoard(n, deal_board(seed, n, BRIDGE).deal) for n in range(first, first + count)]
    assert read_dlm(write_dlm(boards)) == boards


@pytest.mark.parametrize("text, message", [
    ("[Document]\nBoard 01=abc023\n", "line 2: board data 'abc023'"),
    (f"[Document]\nBoard 01={'a' * 26}000\n", "board 1, line 2"),
    ("[Other]\nBoard 01=x\n", "no [Document] section"),
])
def test_bad_files_name_line_and_board(text, message):
    with pytest.raises(DlmError, match=message.replace("[", r"\[").replace("(", r"\(")):
        read_dlm(text)
