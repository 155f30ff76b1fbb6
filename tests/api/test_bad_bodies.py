"""A JSON body that is not an object is a 400 on every write, never a server error
(found by fuzzing the OpenAPI schema with schemathesis)."""
import pytest


@pytest.mark.django_db
@pytest.mark.parametrize("body", ["[null, null]", "3", '"text"', "null", "[{}]"])
@pytest.mark.parametrize("path", ["/api/clubs/", "/api/clubs/{slug}/members/", "/api/clubs/{slug}/events/"])
def test_non_object_json_is_a_400(club, director, api_as, body, path):
    response = api_as(director).generic("POST", path.format(slug=club.slug), body, content_type="application/json")
    assert response.status_code == 400
    assert "JSON object" in response.json()["detail"]


@pytest.mark.django_db
def test_malformed_json_is_a_400(club, director, api_as):
    response = api_as(director).generic("POST", f"/api/clubs/{club.slug}/events/", "{not json",
                                        content_type="application/json")
    assert response.status_code == 400 and "JSON parse error" in response.json()["detail"]
