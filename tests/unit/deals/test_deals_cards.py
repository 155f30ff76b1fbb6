"""Deal validation: every path in rejects a bad deal naming the board and the fault."""

import pytest

from tournaments.deals.cards import EUCHRE_PACK, Card, Deal, DealError, parse_card

GOOD = "N:A764.AK4.A8.J832 85.Q62.KT954.T75 KQJ92.9873.Q3.Q6 T3.JT5.J762.AK94"


def test_pbn_deal_round_trips_from_any_first_seat():
    deal = Deal.from_pbn(GOOD)
    assert deal.holding("E", "D") == "KT954"
    east_first = deal.to_pbn("E")
    assert east_first.startswith("E:85.Q62.KT954.T75 ")
    assert Deal.from_pbn(east_first) == deal


def test_lenient_deal_reading_accepts_lower_case_tens_dashes_and_no_prefix():
    text = "a764.ak4.a8.j832 85.q62.k1095 4.T75 KQJ92.9873.Q3.Q6 T3.JT5.J762.AK94"
    with pytest.raises(DealError):  # a space inside a hand is still an error
        Deal.from_pbn(text)
    deal = Deal.from_pbn("a764.ak4.a8.j832 85.q62.k10954.T75 KQJ92.9873.Q3.Q6 T3.JT5.J762.AK94")
    assert deal == Deal.from_pbn(GOOD)
    void = Deal.from_pbn("N:AKQJT98765432.-.-.- .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
    assert void.holding("N", "H") == ""


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("N:A764.AK4.A8.J832 85.Q62.KT954.T75 KQJ92.9873.Q3.Q6", "has 3 hands"),
        ("N:A764.AK4.A8.J832 85.Q62.KT954.T75 KQJ92.9873.Q3.Q6 T3.JT5.AJ62.AK94", "AD is in both North's and West's"),
        ("N:A764.AK4.A8.J832 85.Q62.KT954.T75 KQJ92.9873.Q3.Q6 T3.JT5.J762.AK9A", "AC appears twice in West's"),
        ("N:A764.AK4.A8.J832 85.Q62.KT954.T75 KQJ92.9873.Q3.Q6 T3.JT5.J762.AK9", "West holds 12 cards"),
        ("N:A764.AK4.A8.J8321 85.Q62.KT954.T75 KQJ92.9873.Q3.Q6 T3.JT5.J762.AK94", "'1' is not a rank"),
        ("X:A764.AK4.A8.J832 85.Q62.KT954.T75 KQJ92.9873.Q3.Q6 T3.JT5.J762.AK94", "first seat"),
        ("N:A764.AK4.A8J832 85.Q62.KT954.T75 KQJ92.9873.Q3.Q6 T3.JT5.J762.AK94", "has 3 suits"),
    ],
)
def test_bad_deal_names_board_and_fault(text, fragment):
    with pytest.raises(DealError) as err:
        Deal.from_pbn(text, board=12)
    assert err.value.board == 12
    assert str(err.value).startswith("board 12: ")
    assert fragment in str(err.value)


def test_card_outside_a_short_pack_is_refused():
    hands = [[Card("S", r) for r in "AKQJT"], [Card("H", r) for r in "AKQJT"],
             [Card("D", r) for r in "AKQJT"], [Card("C", r) for r in "AKQJ2"]]
    with pytest.raises(DealError, match="2C in West's hand is not in the euchre pack"):
        Deal(tuple(map(tuple, hands)), EUCHRE_PACK, rest=())


@pytest.mark.parametrize("text", ["2S", "s2", "♠2", " 2s "])
def test_cards_read_in_either_order(text):
    assert parse_card(text) == Card("S", "2")


def test_ten_reads_as_t():
    assert str(parse_card("10H")) == "TH"
    with pytest.raises(DealError):
        parse_card("1H")
