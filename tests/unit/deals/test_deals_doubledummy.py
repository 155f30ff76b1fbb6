"""Double dummy and par through DDS: the worked deal of the notes, whist, unavailability."""

import pytest

from tournaments.deals import doubledummy
from tournaments.deals.boards import WHIST, make_board
from tournaments.deals.cards import Deal, parse_card
from tournaments.deals.dealing import deal_set
from tournaments.deals.doubledummy import AnalysisUnavailable, DoubleDummy, Par, analyse_boards

KNOWN = "N:KJ65.Q32.QT6.AK3 Q.AK76.J97.QJ854 T983.J95.8532.92 A742.T84.AK4.T76"
# Tricks (C, D, H, S, NT) per declarer, measured with DDS for this deal.
TABLE = {"N": (4, 6, 5, 7, 5), "E": (9, 7, 8, 5, 7), "S": (4, 6, 5, 7, 5), "W": (9, 7, 8, 5, 7)}


@pytest.fixture(scope="module")
def known_analysis():
    return analyse_boards([make_board(1, Deal.from_pbn(KNOWN))])[0]


def test_known_deal_has_the_published_double_dummy_table(known_analysis):
    got = known_analysis.double_dummy.as_dict()
    assert {seat: tuple(got[seat][s] for s in ("C", "D", "H", "S", "NT")) for seat in "NESW"} == TABLE


def test_known_deal_par_on_board_1_is_three_clubs_by_east_west(known_analysis):
    assert known_analysis.par.as_dict() == {"score": "EW 110", "contracts": ["3C E", "3C W"]}


def test_double_dummy_tricks_tag_round_trips(known_analysis):
    dd = known_analysis.double_dummy
    text = dd.to_pbn()
    assert text == "57564575647587975879"  # N, S, E, W x NT, S, H, D, C in hex
    assert DoubleDummy.from_pbn(text) == dd
    assert DoubleDummy.from_dict(dd.as_dict()) == dd
    with pytest.raises(ValueError):
        DoubleDummy.from_pbn("5756")


def test_par_label_reads_back():
    assert Par.from_dict({"score": "NS 420", "contracts": ["4S N"]}) == Par(420, ("4S N",))
    assert Par(-50, ()).label == "EW 50"


def test_whist_board_gets_tricks_for_the_turned_trump(known_analysis):
    # Dealer East turns the 6H; South, on the dealer's left, leads: DDS's "declarer East" position.
    board = make_board(2, Deal.from_pbn(KNOWN), WHIST, turn_up=parse_card("6H"))
    result = analyse_boards([board])[0]
    assert result.par is None
    assert result.whist_tricks == {"NS": 13 - TABLE["E"][2], "EW": TABLE["E"][2]}


def test_a_set_is_analysed_in_batches_and_in_order():
    boards = deal_set("batch", 34)  # more than one DDS batch of 32
    results = analyse_boards(boards)
    assert [r.number for r in results] == list(range(1, 35))
    single = analyse_boards([boards[33]])[0]
    assert results[33].double_dummy == single.double_dummy
    assert all(0 <= n <= 13 for r in results for row in r.double_dummy.tricks for n in row)
    assert all(r.par is not None for r in results)


def test_without_endplay_analysis_reports_unavailable(monkeypatch):
    def missing():
        raise AnalysisUnavailable("double-dummy analysis unavailable: no module named endplay")

    monkeypatch.setattr(doubledummy, "_endplay", missing)
    assert doubledummy.analysis_available() is False
    with pytest.raises(AnalysisUnavailable, match="unavailable"):
        analyse_boards(deal_set("x", 1))


def test_two_threads_analysing_at_once_get_what_one_would():
    """Background analysis may run two board sets at once in one process; DDS must be called
    one at a time (two at once crash it)."""
    import threading

    sets = [deal_set(f"threads-{n}", 4) for n in range(3)]
    alone = [analyse_boards(s) for s in sets]
    together: dict[int, list] = {}

    def run(n):
        together[n] = analyse_boards(sets[n])

    threads = [threading.Thread(target=run, args=(n,)) for n in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert [together[n] for n in range(3)] == alone
