"""Duplimate .DUP files (tournaments.deals.dup): layout, round trips, refusals."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.deals.boards import BRIDGE
from tournaments.deals.cards import Deal
from tournaments.deals.dealing import deal_board
from tournaments.deals.dup import RECORD, DupBoard, DupError, dup_to_pbn, pbn_to_dup, read_dup, write_dup
from tournaments.deals.pbn import read_pbn

# Board 1 of the Compscore3 file's HANDSET (tests/unit/deals/data/compscore_butler_mitchell.md)
BOARD1 = Deal.from_pbn("N:T.T65.9632.AQT86 AQ974.A74.AJ8.K2 KJ5.KQ92.T5.J975 8632.J83.KQ74.43")


def test_record_layout():
    data = write_dup([DupBoard(1, BOARD1)])
    assert len(data) == RECORD
    bri, dge, tail = data[:78], data[78:146], data[146:]
    # North: spade ten (05), hearts T65 (18 22 23), diamonds 9632 (32 35 38 39), clubs AQT86 (40 42 44 46 48)
    assert bri[:26] == b"05" b"182223" b"32353839" b"4042444648"
    assert dge[:17] == b"\x06T\x03T65\x049632\x05AQT86"
    assert tail == b"YN1  1 1  "


def test_the_duplimate_convert_note_worked_example():
    """Duplimate's convert note: this BRI (N, E, S) is the deal its DGE line shows, by suit
    N: J987 JT7643 A4 Q; E: - KQ2 QT9 AK98543; S: AQ42 A8 KJ762 J2; W: KT653 95 853 T76."""
    bri = b"18043727240822422106250717" b"51503215164929412640314645" b"43351128302039140152133403"
    record = bri + b" " * 68 + b"YN1  1 1  "
    deal = read_dup(record)[0].deal
    assert deal.to_pbn() == "N:J987.JT7643.A4.Q .KQ2.QT9.AK98543 AQ42.A8.KJ762.J2 KT653.95.853.T76"
    written = write_dup([DupBoard(1, deal)])
    assert written[78:95] == b"\x06J987\x03JT7643\x04A4\x05Q"  # North's 17 DGE bytes
    assert read_dup(written)[0].deal == deal


def test_trailer_of_a_set_of_32_reads_as_the_note_says():
    boards = [DupBoard(n, deal_board("dup-seed", n, BRIDGE).deal) for n in range(1, 33)]
    data = write_dup(boards)
    assert len(data) == 32 * RECORD and data[146:156] == b"YN1  1 32 "


@settings(max_examples=40, deadline=None)
@given(st.text(alphabet="abcdef0123456789", min_size=4, max_size=12), st.integers(1, 900), st.integers(1, 8))
def test_write_read_is_identity(seed, first, count):
    boards = [DupBoard(n, deal_board(seed, n, BRIDGE).deal) for n in range(first, first + count)]
    assert read_dup(write_dup(boards)) == boards


def test_pbn_round_trip():
    data = write_dup([DupBoard(5, BOARD1), DupBoard(6, BOARD1)])
    games = read_pbn(dup_to_pbn(data))
    assert [g.value("Board") for g in games] == ["5", "6"]
    assert games[0].value("Dealer") == "N" and games[1].value("Vulnerable") == "EW"
    assert pbn_to_dup(dup_to_pbn(data)) == data


@pytest.mark.parametrize("data, message", [
    (b"x" * 155, "multiple of 156"),
    (b"99" + b"01" * 38 + b"\x00" * 78, "card code '99'"),
    (b"01" * 39 + b"\x00" * 78, "appears twice"),
])
def test_bad_files_name_the_problem(data, message):
    with pytest.raises(DupError, match=message):
        read_dup(data)


def test_gaps_are_refused():
    with pytest.raises(DupError, match="consecutively"):
        write_dup([DupBoard(1, BOARD1), DupBoard(3, BOARD1)])
