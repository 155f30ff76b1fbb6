"""Renamed addresses answer 301 to the new name with the query string kept: a traveller page was
under boards/ (the API's boards/ is a deal), score cards were "scorecards" beside "score-slips"."""
import pytest

pytestmark = pytest.mark.django_db

PAGE = "/clubs/riverside/events/7"
API = "/api/clubs/riverside/events/7"


@pytest.mark.parametrize(("old", "new"), [
    (f"{PAGE}/boards/3/?section=B", f"{PAGE}/travellers/3/?section=B"),
    (f"{PAGE}/scorecards/1NS/?section=A", f"{PAGE}/score-cards/1NS/?section=A"),
    (f"{PAGE}/prints/scorecards.pdf?pair=2EW&paper=A4", f"{PAGE}/prints/score-cards.pdf?pair=2EW&paper=A4"),
    (f"{PAGE}/prints/scorecards/", f"{PAGE}/prints/score-cards/"),
    (f"{API}/prints/scorecards.pdf?pair=2EW", f"{API}/prints/score-cards.pdf?pair=2EW"),
    (f"{API}/scorecards/1NS/?section=A", f"{API}/score-cards/1NS/?section=A"),
])
def test_an_old_address_moves_permanently_to_the_new_name(client, old, new):
    response = client.get(old)
    assert response.status_code == 301
    assert response["Location"] == new


def test_the_new_traveller_address_is_the_page(client, director, club):
    from django.urls import reverse

    assert reverse("event-traveller", args=[club.slug, 7, 3]) == f"/clubs/{club.slug}/events/7/travellers/3/"
    assert reverse("event-score-card", args=[club.slug, 7, "1NS"]) == f"/clubs/{club.slug}/events/7/score-cards/1NS/"
