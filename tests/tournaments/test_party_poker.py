"""Progressive poker through the services (Standard Hoyle): the draw, the banker's stake and
loans, the bell at the head table's jack-pot, the tables' counts checked, the change of tables,
latecomers at the booby table, the stored standings and prizes."""
import datetime

import pytest
from django.core.exceptions import ValidationError

from tournaments.models import EventStatus, Game
from tournaments.models.party import Party, PartyRound, PlayerStatus
from tournaments.models.poker import PokerLedger
from tournaments.movements import party_poker
from tournaments.services import party as services

pytestmark = pytest.mark.django_db
STAKE = party_poker.stake({})


def poker_party(club, players=19, options=None):
    party = services.party_create(club=club, name="Poker night", date=datetime.date(2026, 11, 27),
                                  game=Game.PROGRESSIVE_POKER, options=options, deal_seed="poker-seed")
    for i in range(1, players + 1):
        services.party_player_add(party=party, guest=f"Player {i}", category="lady" if i % 2 else "gentleman")
    return party


def tables(party, number):
    return [list(t[0]) for t in PartyRound.objects.get(party=party, number=number).seating]


def play(party, number, shift=40, jackpot=None):
    """Ring the bell and report every table: the first player of each table took ``shift``
    chips from the second (chips conserved), the first two won the last two pots."""
    seating = tables(party, number)
    services.poker_bell(party=party, round_number=number, jackpot=jackpot or seating[0][0])
    held = services.chips_held(party, number)
    for t, players in enumerate(seating, start=1):
        counts = {p: held[p] for p in players}
        counts[players[0]] += shift
        counts[players[1]] -= shift
        services.poker_report(party=party, round_number=number, table=t, chips=counts,
                              pots=[] if t == 1 else [players[1], players[0]])
    return seating


def test_the_draw_seats_five_four_four_six_and_the_banker_issues_the_stake(club):
    party = poker_party(club)
    services.party_start(party=party)
    assert [len(t) for t in tables(party, 1)] == [5, 4, 4, 6]
    assert PokerLedger.objects.filter(party=party, kind="issued", chips=STAKE).count() == 19
    assert set(services.chips_held(party, 1).values()) == {STAKE}


def test_too_few_players_is_a_400_naming_players(club):
    party = poker_party(club, players=18)
    with pytest.raises(ValidationError) as err:
        services.party_start(party=party)
    assert "players" in err.value.message_dict


def test_tables_report_only_after_the_bell(club):
    party = poker_party(club)
    services.party_start(party=party)
    players = tables(party, 1)[1]
    with pytest.raises(services.PartyConflict):
        services.poker_report(party=party, round_number=1, table=2, chips={p: STAKE for p in players},
                              pots=players[:2])


def test_the_jackpot_is_won_at_the_head_table(club):
    party = poker_party(club)
    services.party_start(party=party)
    with pytest.raises(ValidationError) as err:
        services.poker_bell(party=party, round_number=1, jackpot=tables(party, 1)[1][0])
    assert "jackpot" in err.value.message_dict


def test_chips_made_at_a_table_are_a_400_naming_the_table(club):
    party = poker_party(club)
    services.party_start(party=party)
    seating = tables(party, 1)
    services.poker_bell(party=party, round_number=1, jackpot=seating[0][0])
    counts = {p: STAKE for p in seating[2]}
    counts[seating[2][0]] += 1
    with pytest.raises(ValidationError) as err:
        services.poker_report(party=party, round_number=1, table=3, chips=counts, pots=seating[2][:2])
    assert "table 3" in err.value.message_dict["chips"][0]
    assert not party.rounds.get(number=1).reports.exists()


def test_chips_may_be_counted_by_colour(club):
    party = poker_party(club)
    services.party_start(party=party)
    seating = tables(party, 1)
    services.poker_bell(party=party, round_number=1, jackpot=seating[0][0])
    stake = party_poker.OPTION_DEFAULTS["stake"]
    result = services.poker_report(party=party, round_number=1, table=2, pots=seating[1][:2],
                                   chips={p: dict(stake) for p in seating[1]})
    assert result.points == [STAKE] * 4


def test_no_borrowing_at_the_head_table_and_a_loan_elsewhere_is_charged(club):
    party = poker_party(club)
    services.party_start(party=party)
    seating = tables(party, 1)
    with pytest.raises(ValidationError) as err:
        services.poker_ledger_add(party=party, player=seating[0][0], kind="borrowed", chips=25)
    assert "player" in err.value.message_dict and "head table" in err.value.message_dict["player"][0]
    borrower = seating[3][0]
    services.poker_ledger_add(party=party, player=borrower, kind="borrowed", chips=100)
    assert services.chips_held(party, 1)[borrower] == STAKE + 100
    play(party, 1)
    standing = {s.player.label: s for s in Party.objects.get(pk=party.pk).standings.select_related("player")}
    assert standing[borrower].points == 40  # won 40, the 100 borrowed is charged against him


def test_the_close_moves_players_by_the_book(club):
    party = poker_party(club)
    services.party_start(party=party)
    seating = play(party, 1)
    services.party_round_close(party=party, round_number=1)
    nxt = tables(party, 2)
    assert [len(t) for t in nxt] == [5, 4, 4, 6]
    assert seating[0][0] in nxt[0]  # the jack-pot winner keeps the head seat
    assert set(seating[1][:2]) <= set(nxt[0])  # table 2's pot winners go up
    assert set(seating[3][:2]) <= set(nxt[2])  # the booby table's go up to table 3
    assert len(set(seating[0][1:]) & set(nxt[3])) == 2  # two of the head table's four to the booby table


def test_latecomers_wait_then_split_the_booby_table(club):
    party = poker_party(club)
    services.party_start(party=party)
    for i in range(4):
        late = services.party_player_add(party=party, guest=f"Late {i}", category="lady")
        assert late.status == PlayerStatus.WAITING
    play(party, 1)
    services.party_round_close(party=party, round_number=1)
    assert [len(t) for t in tables(party, 2)] == [5, 4, 4, 4, 6]
    held = services.chips_held(party, 2)
    assert held[late.label] == STAKE
    assert sum(held.values()) == 23 * STAKE


def test_finish_gives_prizes_by_category(club):
    party = poker_party(club)
    services.party_start(party=party)
    play(party, 1, shift=60)
    services.party_round_close(party=party, round_number=1)
    services.party_finish(party=party)
    party.refresh_from_db()
    assert party.event.status == EventStatus.FINISHED
    from tournaments import selectors_party
    prizes = selectors_party.party_prizes(party=party)
    kinds = {(p["category"], p["prize"]) for p in prizes}
    assert {("lady", "first"), ("gentleman", "first"), ("lady", "booby"), ("gentleman", "booby")} <= kinds
    rows = selectors_party.party_standings(party=party)
    assert sum(r.points for r in rows) == 0  # chips neither made nor lost
    assert all(p["players"][0].points == max(r.points for r in rows if r.category == p["category"])
               for p in prizes if p["prize"] == "first")


def test_reopen_and_close_again_gives_the_same_tables(club):
    party = poker_party(club)
    services.party_start(party=party)
    services.party_player_add(party=party, guest="Late", category="lady")
    play(party, 1)
    services.party_round_close(party=party, round_number=1)
    first = tables(party, 2)
    issued = PokerLedger.objects.filter(party=party, kind="issued").count()
    services.party_round_reopen(party=party, round_number=1)
    assert not PartyRound.objects.filter(party=party, number=2).exists()
    services.party_round_close(party=party, round_number=1)
    assert tables(party, 2) == first
    assert PokerLedger.objects.filter(party=party, kind="issued").count() == issued == 20  # the stake once each


def test_a_booby_table_of_ten_splits_over_several_rounds(club):
    party = poker_party(club, players=23)
    services.party_start(party=party)
    assert [len(t) for t in tables(party, 1)] == [5, 4, 4, 4, 6]
    sizes = []
    for n in range(1, 4):
        for i in range(2):
            services.party_player_add(party=party, guest=f"Late {n}.{i}", category="gentleman")
        play(party, n, shift=10 * n)
        services.party_round_close(party=party, round_number=n)
        sizes.append([len(t) for t in tables(party, n + 1)])
    # two latecomers a round: the booby table seats 8, then 10 splits into four and a new booby of six, then 8
    assert sizes == [[5, 4, 4, 4, 8], [5, 4, 4, 4, 4, 6], [5, 4, 4, 4, 4, 8]]
    held = services.chips_held(party, 4)
    assert sum(held.values()) == 29 * STAKE


def test_the_rounds_rule_ends_the_party_at_the_close(club):
    party = poker_party(club, options={"rounds": 1, "ties": "cut"})
    services.party_start(party=party)
    play(party, 1, shift=50)
    assert services.party_round_close(party=party, round_number=1) is None
    party.refresh_from_db()
    assert party.event.status == EventStatus.FINISHED
    from tournaments import selectors_party
    prizes = selectors_party.party_prizes(party=party)
    assert all(p["cut"] == (len(p["players"]) > 1) for p in prizes)
