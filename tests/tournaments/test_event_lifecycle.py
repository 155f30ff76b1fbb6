"""One lifecycle: allowed transitions only, compare-and-set, an audit trail; Finish asks for
confirmation with results missing; reopen and unpublish; the correction period after publishing
with the same rule for pages and API."""
import datetime

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from tests.commits import one_commit
from tests.conftest import PASSWORD
from tests.tournaments.factories_event import plays, started_event
from tournaments.models import Event, EventChange, Result
from tournaments.services.lifecycle import event_transition

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("commits")]  # code commits, the test rolls back


@pytest.fixture
def evening(api_as, club, director):
    """A 2-table Howell in play with only the first board of round 1 at table 1 entered."""
    client = api_as(director)
    event, base, movement = started_event(client, club, kind="howell", tables=2)
    first = movement["rounds_detail"][0]["tables"][0]
    body = {"board": first["boards"][0], "ns": first["ns"], "ew": first["ew"], "contract": "4H",
            "declarer": "S", "tricks": 10}
    assert client.post(f"{base}/results/", body, format="json").status_code == 201
    return client, base, Event.objects.get(pk=event["id"]), movement


def play_all(client, base, movement):
    with one_commit():  # one rescore after the last result
        for _r, _t, board, ns, ew in plays(movement):
            body = {"board": board, "ns": ns, "ew": ew, "contract": "4H", "declarer": "S", "tricks": 10}
            assert client.post(f"{base}/results/", body, format="json").status_code in (200, 201)


def test_finish_with_results_missing_is_refused_without_confirm(evening):
    client, base, event, movement = evening
    refused = client.post(f"{base}/finish/", {}, format="json")
    assert refused.status_code == 400, refused.content
    body = refused.json()
    assert "confirm" in body and body["missing"]
    first = movement["rounds_detail"][0]["tables"][0]
    assert body["missing"][0] == (f"Round 1, table 1 ({first['ns']} v {first['ew']}): "
                                  f"board {first['boards'][1]} missing")
    event.refresh_from_db()
    assert event.status == "playing"
    done = client.post(f"{base}/finish/", {"confirm": True, "reason": "two tables left early"}, format="json")
    assert done.status_code == 200 and done.json()["status"] == "finished"
    change = EventChange.objects.get(event=event, to_status="finished")
    assert change.from_status == "playing" and change.reason == "two tables left early" and change.by is not None


def test_finish_with_every_result_in_needs_no_confirm(evening):
    client, base, _event, movement = evening
    play_all(client, base, movement)
    assert client.post(f"{base}/finish/").json()["status"] == "finished"


def test_an_unconfirmed_table_result_is_listed_as_not_confirmed(evening):
    from tournaments.selectors_lifecycle import results_missing
    from tournaments.services import results

    client, base, event, movement = evening
    second = movement["rounds_detail"][0]["tables"][1]
    results.result_submit(event=event, data={"board": second["boards"][0], "ns": second["ns"], "ew": second["ew"],
                                             "contract": "2S", "declarer": "E", "tricks": 8},
                          source="table", table=2, confirmed=False)
    row = next(m for m in results_missing(event) if m["table"] == 2 and m["round"] == 1)
    assert row["unconfirmed"] == [second["boards"][0]] and row["missing"] == [second["boards"][1]]


def test_boards_reported_not_played_are_listed_until_the_director_decides(evening, director):
    from tournaments.selectors_lifecycle import results_missing
    from tournaments.services.tables import board_not_played_decide, table_board_not_played

    client, base, event, movement = evening
    second = movement["rounds_detail"][0]["tables"][1]
    report = table_board_not_played(event=event, section=event.sections.get(), table=2,
                                    board=second["boards"][0], reason="out of time")
    row = next(m for m in results_missing(event) if m["table"] == 2 and m["round"] == 1)
    assert row["not_played"] == [second["boards"][0]] and row["missing"] == [second["boards"][1]]
    refused = client.post(f"{base}/finish/", {}, format="json").json()
    assert any("reported not played, awaiting the director" in line for line in refused["missing"])
    board_not_played_decide(report=report, user=director, decision="cancel")
    row = next(m for m in results_missing(event) if m["table"] == 2 and m["round"] == 1)
    assert row["not_played"] == [] and row["missing"] == [second["boards"][1]]


def test_a_transition_twice_is_one_change_and_a_stale_copy_is_a_no_op(evening, director):
    _client, _base, event, _movement = evening
    stale = Event.objects.get(pk=event.pk)
    event_transition(event=event, to="finished", user=director, reason="first")
    again = event_transition(event=stale, to="finished", user=director, reason="second")
    assert again.status == "finished"
    assert list(EventChange.objects.filter(event=event).values_list("to_status", "reason")) == [
        ("playing", ""), ("finished", "first")]


def test_transitions_outside_the_table_are_refused(evening, director):
    client, base, event, _movement = evening
    with pytest.raises(ValidationError) as exc:
        event_transition(event=event, to="published", user=director)
    assert "cannot become published" in str(exc.value)
    assert client.post(f"{base}/unpublish/").status_code == 400
    client.post(f"{base}/finish/", {"confirm": True}, format="json")
    client.post(f"{base}/publish/")
    refused = client.post(f"{base}/reopen/")
    assert refused.status_code == 400 and "unpublish it, then reopen it" in str(refused.json())


def test_reopen_and_unpublish_through_the_api_are_in_the_audit_trail(evening):
    client, base, event, _movement = evening
    client.post(f"{base}/finish/", {"confirm": True}, format="json")
    reopened = client.post(f"{base}/reopen/", {"reason": "board 3 was forgotten"}, format="json")
    assert reopened.status_code == 200 and reopened.json()["status"] == "playing"
    client.post(f"{base}/finish/", {"confirm": True}, format="json")
    published = client.post(f"{base}/publish/").json()
    assert published["status"] == "published" and published["published_at"]
    unpublished = client.post(f"{base}/unpublish/", {"reason": "wrong names"}, format="json").json()
    assert unpublished["status"] == "finished" and unpublished["published_at"] is None
    changes = client.get(f"{base}/changes/").json()["changes"]
    assert [(c["what"], c["reason"]) for c in changes] == [
        ("start", ""), ("finish", ""), ("reopen", "board 3 was forgotten"), ("finish", ""), ("publish", ""),
        ("unpublish", "wrong names")]
    assert all(c["by"] for c in changes)


def test_players_cannot_read_the_lifecycle_trail_or_move_it(evening, api_as, player):
    _client, base, _event, _movement = evening
    assert api_as(player).get(f"{base}/changes/").status_code == 403
    assert api_as(player).post(f"{base}/reopen/").status_code == 403


def test_finish_page_lists_the_missing_results_and_asks_first(evening, client, club, director):
    _api, _base, event, movement = evening
    client.login(username=director.username, password=PASSWORD)
    url = f"/clubs/{club.slug}/events/{event.pk}/do/finish/"
    detail = client.get(event.get_absolute_url()).content.decode()
    assert f'href="{url}"' in detail
    page = client.get(url)
    html = page.content.decode()
    first = movement["rounds_detail"][0]["tables"][0]
    assert page.status_code == 200 and 'id="missing-results"' in html and "Finish anyway" in html
    assert f"<td>{first['boards'][1]}</td>" in html
    event.refresh_from_db()
    assert event.status == "playing"
    refused = client.post(url, {"reason": "late"})
    assert refused.status_code == 400 and "missing, not confirmed" in refused.content.decode()
    event.refresh_from_db()
    assert event.status == "playing"
    client.post(url, {"confirm": "1", "reason": "table 2 left"})
    event.refresh_from_db()
    assert event.status == "finished"
    detail = client.get(event.get_absolute_url()).content.decode()
    assert 'id="event-history"' in detail and "table 2 left" in detail and 'id="reopen"' in detail


def test_reopen_and_unpublish_from_the_pages(evening, client, club, director):
    _api, _base, event, _movement = evening
    client.login(username=director.username, password=PASSWORD)
    act = f"/clubs/{club.slug}/events/{event.pk}/do"
    client.post(f"{act}/finish/", {"confirm": "1"})
    assert "Reopening puts the event back in play" in client.get(f"{act}/reopen/").content.decode()
    client.post(f"{act}/reopen/", {"confirm": "1", "reason": "a board was forgotten"})
    event.refresh_from_db()
    assert event.status == "playing"
    client.post(f"{act}/finish/", {"confirm": "1"})
    client.post(f"{act}/publish/")
    detail = client.get(event.get_absolute_url()).content.decode()
    assert 'id="unpublish"' in detail
    client.post(f"{act}/unpublish/", {"confirm": "1", "reason": "a name was wrong"})
    event.refresh_from_db()
    assert event.status == "finished"
    history = client.get(event.get_absolute_url()).content.decode()
    assert "a board was forgotten" in history and "a name was wrong" in history


FIXED = {"contract": "4H", "declarer": "S", "tricks": 11}


# The correction period ----------------------------------------------------------------------

def publish(client, base):
    client.post(f"{base}/finish/", {"confirm": True}, format="json")
    assert client.post(f"{base}/publish/").status_code == 200


def test_published_results_are_provisional_during_the_correction_period(evening, club, api):
    client, base, event, _movement = evening
    publish(client, base)
    event.refresh_from_db()
    standings = api.get(f"{base}/standings/").json()
    assert standings["provisional_until"]
    until = datetime.datetime.fromisoformat(standings["provisional_until"])
    assert abs(until - (event.published_at + datetime.timedelta(hours=24))) < datetime.timedelta(seconds=1)
    assert api.get(f"{base}/").json()["provisional_until"] == standings["provisional_until"]
    assert "Provisional until" in api.get(f"/clubs/{club.slug}/events/{event.pk}/").content.decode()
    results_print = f"/clubs/{club.slug}/events/{event.pk}/prints/results/"
    assert "Provisional until" in api.get(results_print).content.decode()
    Event.objects.filter(pk=event.pk).update(published_at=timezone.now() - datetime.timedelta(hours=25))
    assert api.get(f"{base}/standings/").json()["provisional_until"] is None
    assert "Provisional until" not in api.get(f"/clubs/{club.slug}/events/{event.pk}/").content.decode()
    assert "Provisional until" not in api.get(results_print).content.decode()


def test_a_director_corrects_a_published_result_within_the_period_through_the_api(evening):
    client, base, event, _movement = evening
    publish(client, base)
    result = Result.objects.get(event=event)
    fixed = client.put(f"{base}/results/{result.pk}/", {"contract": "4H", "declarer": "S", "tricks": 11,
                                                          "reason": "an overtrick missed"},
                       format="json")
    assert fixed.status_code == 200, fixed.content
    result.refresh_from_db()
    assert result.tricks == 11 and result.score_ns in (450, 650)


def test_after_the_period_page_and_api_both_refuse_and_say_unpublish(evening, client, club, director):
    api, base, event, _movement = evening
    publish(api, base)
    Event.objects.filter(pk=event.pk).update(published_at=timezone.now() - datetime.timedelta(hours=30))
    result = Result.objects.get(event=event)
    refused = api.put(f"{base}/results/{result.pk}/", FIXED, format="json")
    assert refused.status_code == 400 and "unpublish it to correct results" in refused.json()["event"][0]
    assert "correction period ended" in refused.json()["event"][0]
    client.login(username=director.username, password=PASSWORD)
    trav = f"/clubs/{club.slug}/events/{event.pk}/travellers/{result.board}/?section=A"
    page = client.post(trav, {"result": result.pk, "ns": result.ns.label, "ew": result.ew.label,
                              "contract": "4H", "declarer": "S", "tricks": 11}, follow=True)
    assert "unpublish it to correct results" in page.content.decode()
    gone = client.post(trav, {"result": result.pk, "delete": "1"}, follow=True)
    assert "unpublish it to correct results" in gone.content.decode()
    result.refresh_from_db()
    assert result.tricks == 10
    api.post(f"{base}/unpublish/")
    assert api.put(f"{base}/results/{result.pk}/", FIXED, format="json").status_code == 200


def test_grouping_fouled_board_results_follows_the_same_correction_rule(evening):
    client, base, event, _movement = evening
    publish(client, base)
    result = Result.objects.get(event=event)
    body = {"board": result.board, "groups": {str(result.pk): "B"}, "reason": "fouled"}
    assert client.post(f"{base}/results/groups/", body, format="json").status_code == 200
    Event.objects.filter(pk=event.pk).update(published_at=timezone.now() - datetime.timedelta(hours=30))
    refused = client.post(f"{base}/results/groups/", body | {"groups": {str(result.pk): ""}}, format="json")
    assert refused.status_code == 400 and "unpublish it to correct results" in refused.json()["event"][0]


def test_a_club_without_a_correction_period(evening, club):
    client, base, event, _movement = evening
    assert client.patch(f"/api/clubs/{club.slug}/", {"correction_hours": 0}, format="json").json()[
        "correction_hours"] == 0
    publish(client, base)
    assert client.get(f"{base}/standings/").json()["provisional_until"] is None
    result = Result.objects.get(event=event)
    refused = client.delete(f"{base}/results/{result.pk}/")
    assert refused.status_code == 400 and "no correction period" in refused.json()["event"][0]


def test_correction_hours_are_bounded(api_as, club, director):
    response = api_as(director).patch(f"/api/clubs/{club.slug}/", {"correction_hours": 100000}, format="json")
    assert response.status_code == 400 and "correction_hours" in response.json()


# Parties go through the same lifecycle --------------------------------------------------------

def test_a_party_starts_finishes_reopens_and_publishes_through_the_one_lifecycle(api_as, club, director):
    from django.test import Client

    from tests.tournaments.factories_party import close, create_party, get_round, register, report, url

    client = api_as(director)
    event = create_party(client, club, progression="rotation", options={"hands_per_round": 4})
    register(client, club, event["id"], [(f"P{i}", "open") for i in range(1, 9)])
    assert client.post(url(club, event["id"], "start"), {}, format="json").status_code == 200
    for t in get_round(client, club, event["id"], 1)["tables"]:
        assert report(client, club, event["id"], 1, t["table"], [10, 6]).status_code == 201
    assert close(client, club, event["id"], 1).status_code == 200
    assert client.post(url(club, event["id"], "party", "finish"), {}, format="json").status_code == 200
    assert client.post(url(club, event["id"], "publish")).json()["status"] == "published"
    standings = client.get(f"/clubs/{club.slug}/events/{event['id']}/party/standings/").content.decode()
    assert "Provisional until" in standings
    assert client.post(url(club, event["id"], "unpublish")).json()["status"] == "finished"
    refused = client.post(url(club, event["id"], "reopen"))
    assert refused.status_code == 409 and "reopen its last closed round, round 1" in refused.json()["detail"]
    page = Client()
    page.force_login(director)
    home = page.get(f"/clubs/{club.slug}/events/{event['id']}/party/").content.decode()
    assert 'id="event-history"' in home and 'id="publish"' in home and "Unpublish" in home
    changes = client.get(url(club, event["id"], "changes")).json()["changes"]
    assert [(c["what"], c["by"]) for c in changes] == [
        ("start", director.username), ("finish", director.username), ("publish", director.username),
        ("unpublish", director.username)]


def test_the_admin_shows_the_trail_and_cannot_change_the_status(evening, client, admin_user):
    _api, _base, event, _movement = evening
    client.force_login(admin_user)
    page = client.get(f"/admin/tournaments/event/{event.pk}/change/")
    html = page.content.decode()
    assert page.status_code == 200 and 'name="status"' not in html  # read only: the lifecycle moves it
    assert "Event changes" in html and 'name="changes-0-to_status"' not in html


def test_no_seated_status_start_goes_from_draft_to_playing(evening):
    from tournaments.services.lifecycle import TRANSITIONS

    client, base, event, _movement = evening
    assert "seated" not in {s for pair in TRANSITIONS for s in pair}
    assert [(c["from"], c["to"], c["what"]) for c in client.get(f"{base}/changes/").json()["changes"]] == [
        ("draft", "playing", "start")]
    refused = client.get(f"{base.rsplit('/', 1)[0]}/", {"status": "seated"})
    assert refused.status_code == 400 and "status" in refused.json()


def test_the_migration_makes_a_seated_event_playing_and_its_seating_the_start(club):
    import importlib

    from django.apps import apps

    migration = importlib.import_module("tournaments.migrations.0014_no_seated_status")
    event = Event.objects.create(club=club, name="Old evening", date=datetime.date(2025, 1, 6), status="seated")
    EventChange.objects.create(event=event, from_status="draft", to_status="seated")
    playing = Event.objects.create(club=club, name="Older", date=datetime.date(2025, 1, 5), status="playing")
    EventChange.objects.create(event=playing, from_status="draft", to_status="seated")
    EventChange.objects.create(event=playing, from_status="seated", to_status="playing", reason="go")
    migration.seated_to_playing(apps, None)
    assert Event.objects.get(pk=event.pk).status == "playing"
    for e in (event, playing):
        assert list(EventChange.objects.filter(event=e).values_list("from_status", "to_status")) == [
            ("draft", "playing")]
