"""The demo party loads once and shows a closed first round with its stars."""
import pytest

from tournaments.demo_party import load_demo_hearts, load_demo_party
from tournaments.models.party import Party, PartyStar
from tournaments.selectors_party import party_standings

pytestmark = pytest.mark.django_db


def test_demo_party_is_idempotent_and_seated_for_round_two(demo_club):
    club = demo_club
    first = load_demo_party(club)
    again = load_demo_party(club)
    assert first.pk == again.pk and Party.objects.filter(progression="hoyle").count() == 1
    assert first.current_round == 2
    assert PartyStar.objects.filter(star="gold").count() == 2
    rows = party_standings(party=first)
    assert {r.category for r in rows} == {"lady", "gentleman"} and len(rows) == 12
    assert all(not r.name.startswith("Guest") for r in rows)


def test_demo_hearts_party_has_retired_four_and_seats_eight(demo_club):
    club = demo_club
    first = load_demo_hearts(club)
    assert load_demo_hearts(club).pk == first.pk and Party.objects.filter(progression="hearts").count() == 1
    assert first.event.game == "progressive_hearts" and first.current_round == 2
    seating = first.rounds.get(number=2).seating
    assert len(seating) == 2 and sum(len(side) for table in seating for side in table) == 8


def test_demo_poker_party_has_a_banker_a_latecomer_and_round_two_seated(demo_club):
    from tournaments.demo_poker import load_demo_poker
    from tournaments.selectors_party import party_prizes
    from tournaments.selectors_poker import poker_summary

    club = demo_club
    first = load_demo_poker(club)
    assert load_demo_poker(club).pk == first.pk and Party.objects.filter(progression="poker").count() == 1
    assert first.event.game == "progressive_poker" and first.current_round == 2
    assert [len(t[0]) for t in first.rounds.get(number=2).seating] == [5, 4, 4, 7]  # the latecomer at the booby
    book = poker_summary(first)["book"]
    assert book["borrowed"] == 25 and book["balances"]
    assert book["held"] == book["out"] == 20 * book["players"][0]["issued"] + 25
    rows = party_standings(party=first)
    assert sum(r.points for r in rows) == 0 and {r.category for r in rows} == {"lady", "gentleman"}
    assert {p["prize"] for p in party_prizes(party=first)} >= {"first", "second", "booby"}
