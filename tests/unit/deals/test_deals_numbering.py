"""Big Deal numbering: the published index vectors and index -> deal -> index identity."""

import pytest
from hypothesis import given, settings, strategies as st

from tournaments.deals.cards import EUCHRE_PACK, Deal, DealError
from tournaments.deals.numbering import DEAL_COUNT, deal_count, deal_from_index, deal_index

VECTORS = [
    (0, "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"),
    (1, "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT9876543.A ..2.KQJT98765432"),
    (DEAL_COUNT - 1, "N:...AKQJT98765432 ..AKQJT98765432. .AKQJT98765432.. AKQJT98765432..."),
    (12345678901234567890123456, "N:AKQJT64.73.Q5.T2 7.954.AT4.AQJ964 9852.QT86.86.K53 3.AKJ2.KJ9732.87"),
]


def test_number_of_deals_is_52_choose_13_39_choose_13_26_choose_13():
    assert DEAL_COUNT == 53_644_737_765_488_792_839_237_440_000
    assert DEAL_COUNT.bit_length() == 96


@pytest.mark.parametrize("index, pbn", VECTORS)
def test_big_deal_vectors_index_to_deal(index, pbn):
    assert deal_from_index(index).to_pbn() == pbn


@pytest.mark.parametrize("index, pbn", VECTORS)
def test_big_deal_vectors_deal_to_index(index, pbn):
    assert deal_index(Deal.from_pbn(pbn)) == index


@pytest.mark.parametrize("index", [-1, DEAL_COUNT])
def test_index_outside_the_range_is_refused(index):
    with pytest.raises(DealError, match="board 4: deal index"):
        deal_from_index(index, board=4)


@settings(max_examples=50, deadline=None)
@given(st.integers(min_value=0, max_value=DEAL_COUNT - 1))
def test_index_to_deal_to_index_is_the_identity(index):
    deal = deal_from_index(index)
    assert deal_index(deal) == index
    assert deal_index(Deal.from_pbn(deal.to_pbn("W"))) == index


@settings(max_examples=30, deadline=None)
@given(st.integers(min_value=0, max_value=deal_count(EUCHRE_PACK) - 1))
def test_short_euchre_pack_deals_number_the_same_way(index):
    deal = deal_from_index(index, EUCHRE_PACK)
    assert [len(h) for h in deal.hands] == [5, 5, 5, 5] and len(deal.rest) == 12
    assert deal_index(deal) == index
