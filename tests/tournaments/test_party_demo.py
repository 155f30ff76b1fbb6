"""The demo party loads once and shows a closed first round with its stars."""
import pytest

from clubs.demo import load_demo
from tournaments.demo_party import load_demo_party
from tournaments.models.party import Party, PartyStar
from tournaments.selectors_party import party_standings

pytestmark = pytest.mark.django_db


def test_demo_party_is_idempotent_and_seated_for_round_two():
    club = load_demo().club
    first = load_demo_party(club)
    again = load_demo_party(club)
    assert first.pk == again.pk and Party.objects.count() == 1
    assert first.current_round == 2
    assert PartyStar.objects.filter(star="gold").count() == 2
    rows = party_standings(party=first)
    assert {r.category for r in rows} == {"lady", "gentleman"} and len(rows) == 12
    assert all(not r.name.startswith("Guest") for r in rows)
