"""The table endpoints' PIN lock-out is in the OpenAPI schema: a 429 with the Retry-After
header (seconds), described as the lock-out, on every operation a table's device calls."""
import pytest


@pytest.mark.django_db
def test_table_endpoints_document_the_pin_lockout_with_retry_after(api):
    schema = api.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    table_ops = [(path, method, op) for path, ops in schema["paths"].items() if "/tables/{section}/{table}/" in path
                 for method, op in ops.items()]
    assert len(table_ops) >= 5  # GET and POST of the table, confirm/, not-played/, identify/
    for path, method, op in table_ops:
        lockout = op["responses"]["429"]
        assert "Wrong PINs" in lockout["description"], (path, method)
        assert lockout["headers"]["Retry-After"]["schema"]["type"] == "integer", (path, method)
    # every other 429 (throttling) says Retry-After too
    assert all("Retry-After" in op["responses"]["429"].get("headers", {})
               for ops in schema["paths"].values() for op in ops.values() if "429" in op.get("responses", {}))


@pytest.mark.django_db
def test_the_lockout_answer_carries_retry_after_in_seconds(api_as, club, director):
    """What the schema says is what the table answers (after 5 wrong PINs from one device)."""
    from rest_framework.test import APIClient

    from tests.tournaments.factories_event import started_event
    from tournaments.models import Event
    from tournaments.selectors_event import table_pin

    event, _base, _movement = started_event(api_as(director), club, kind="howell", tables=3)
    stored = Event.objects.get(pk=event["id"])
    wrong = "0000" if table_pin(stored, stored.sections.get(), 1) != "0000" else "1111"
    phone = APIClient(REMOTE_ADDR="203.0.113.77")
    url = f"/api/clubs/{club.slug}/events/{event['id']}/tables/A/1/"
    answers = [phone.get(url, HTTP_X_TABLE_PIN=wrong) for _ in range(7)]
    locked = [a for a in answers if a.status_code == 429]
    assert locked and all(int(a["Retry-After"]) >= 0 for a in locked)
