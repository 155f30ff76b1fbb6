"""What play fixes: the game once the event has started, the rules once results are in (409
naming the field); a new scoring method rescores the results in; a value the kind of event never
takes is a 400 naming the field. The status changes only by the lifecycle's actions."""
import pytest
from django.core.exceptions import ValidationError

from tests.tournaments.factories_event import create_event, plays, started_event
from tournaments.models import Event
from tournaments.services.events import event_update

pytestmark = pytest.mark.django_db


@pytest.fixture
def in_play(api_as, club, director, django_capture_on_commit_callbacks):
    """A 2-table Howell in play, every result of round 1 in and scored by matchpoints."""
    client = api_as(director)
    event, base, movement = started_event(client, club, kind="howell", tables=2)
    with django_capture_on_commit_callbacks(execute=True):
        for number, _t, board, ns, ew in plays(movement):
            if number == 1:
                body = {"board": board, "ns": ns, "ew": ew, "contract": "4H", "declarer": "S",
                        "tricks": 10 if board % 2 else 9}
                assert client.post(f"{base}/results/", body, format="json").status_code == 201
    return client, base, Event.objects.get(pk=event["id"]), movement


def _card_values(client, base, label):
    card = client.get(f"{base}/score-cards/{label}/").json()
    return [b["value"] for r in card["rounds"] for b in r["boards"] if b["result"]]


def test_game_and_scoring_together_on_an_event_in_play_is_a_409_naming_the_game(in_play):
    client, base, event, _movement = in_play
    refused = client.patch(f"{base}/", {"scoring": "imps", "game": "duplicate_whist"}, format="json")
    assert refused.status_code == 409, refused.content
    assert refused.json()["field"] == "game" and refused.json()["detail"].startswith("game: the event has started")
    event.refresh_from_db()
    assert (event.game, event.scoring) == ("duplicate_bridge", "matchpoints")  # nothing of the PATCH kept


def test_game_is_fixed_once_started_even_before_a_result(api_as, club, director):
    client = api_as(director)
    event, base, _movement = started_event(client, club, kind="howell", tables=2)
    refused = client.patch(f"{base}/", {"game": "auction_bridge"}, format="json")
    assert refused.status_code == 409 and refused.json()["field"] == "game"
    assert Event.objects.get(pk=event["id"]).game == "duplicate_bridge"


def test_game_changes_freely_in_a_draft(api_as, club, director):
    client = api_as(director)
    event = create_event(client, club, movement={"kind": "howell", "tables": 2, "boards_per_round": 2})
    changed = client.patch(f"/api/clubs/{club.slug}/events/{event['id']}/", {"game": "duplicate_whist"},
                           format="json")
    assert changed.status_code == 200 and changed.json()["game"] == "duplicate_whist"


@pytest.mark.parametrize("field, value", [("game", "progressive_euchre"), ("scoring", "tally")])
def test_a_duplicate_event_never_takes_a_partys_game_or_tally(api_as, club, director, field, value):
    client = api_as(director)
    event = create_event(client, club, movement={"kind": "howell", "tables": 2, "boards_per_round": 2})
    refused = client.patch(f"/api/clubs/{club.slug}/events/{event['id']}/", {field: value}, format="json")
    assert refused.status_code == 400 and field in refused.json(), refused.content
    assert getattr(Event.objects.get(pk=event["id"]), field) != value


def test_rules_are_fixed_once_results_are_in(in_play):
    client, base, event, _movement = in_play
    refused = client.patch(f"{base}/", {"rules": "bridge-club-limit"}, format="json")
    assert refused.status_code == 409 and refused.json()["field"] == "rules", refused.content
    event.refresh_from_db()
    assert event.rules == ""


def test_rules_change_before_the_first_result_and_must_be_a_preset(api_as, club, director):
    client = api_as(director)
    event, base, _movement = started_event(client, club, kind="howell", tables=2)
    assert client.patch(f"{base}/", {"rules": "contract"}, format="json").json()["rules"] == "contract"
    unknown = client.patch(f"{base}/", {"rules": "no-such-rules"}, format="json")
    assert unknown.status_code == 400 and "rules" in unknown.json()
    assert Event.objects.get(pk=event["id"]).rules == "contract"


def test_a_new_scoring_method_rescores_the_results_in(in_play, django_capture_on_commit_callbacks):
    client, base, event, movement = in_play
    label = movement["rounds_detail"][0]["tables"][0]["ns"]
    before = _card_values(client, base, label)
    assert before and all(v is not None for v in before)
    version = event.results_version
    with django_capture_on_commit_callbacks(execute=True):
        changed = client.patch(f"{base}/", {"scoring": "imps"}, format="json")
    assert changed.status_code == 200 and changed.json()["scoring"] == "imps"
    event.refresh_from_db()
    assert event.results_version == version + 1
    after = _card_values(client, base, label)
    assert len(after) == len(before) and all(v is not None for v in after)  # IMPs, not matchpoint rows
    assert client.get(f"{base}/standings/").json()["current"] is True


def test_a_new_scoring_method_on_a_published_event_past_its_corrections_is_refused(in_play, club):
    client, base, event, _movement = in_play
    club.correction_hours = 0
    club.save()
    assert client.post(f"{base}/finish/", {"confirm": True}, format="json").status_code == 200
    assert client.post(f"{base}/publish/", {}, format="json").status_code == 200
    refused = client.patch(f"{base}/", {"scoring": "imps"}, format="json")
    assert refused.status_code == 400 and "unpublish it" in str(refused.json()), refused.content
    assert Event.objects.get(pk=event.pk).scoring == "matchpoints"


def test_the_status_is_not_an_editable_field(in_play):
    _client, _base, event, _movement = in_play
    with pytest.raises(ValidationError, match="actions"):
        event_update(event=event, status="finished")
    assert Event.objects.get(pk=event.pk).status == "playing"


def test_the_admin_refuses_a_frozen_field_and_rescores_a_new_scoring(in_play, client, admin_user,
                                                                     django_capture_on_commit_callbacks):
    _api, _base, event, _movement = in_play
    client.force_login(admin_user)
    path = f"/admin/tournaments/event/{event.pk}/change/"
    form = {"club": event.club_id, "name": event.name, "date": event.date.isoformat(), "game": "duplicate_whist",
            "scoring": "matchpoints", "deal_seed": event.deal_seed, "rules": "", "current_round": event.current_round,
            "pin_secret": event.pin_secret, "results_version": event.results_version,
            "changes-TOTAL_FORMS": 0, "changes-INITIAL_FORMS": 0}
    refused = client.post(path, form)
    assert refused.status_code == 200 and "the event has started" in refused.content.decode()
    assert Event.objects.get(pk=event.pk).game == "duplicate_bridge"
    with django_capture_on_commit_callbacks(execute=True):
        saved = client.post(path, form | {"game": "duplicate_bridge", "scoring": "imps"})
    assert saved.status_code == 302, saved.content.decode()[:2000]
    event.refresh_from_db()
    assert event.scoring == "imps" and event.results_version == form["results_version"] + 1


def test_a_new_movement_with_results_in_keeps_them_and_rescores(api_as, club, director,
                                                               django_capture_on_commit_callbacks):
    from tests.tournaments.test_event_late_pairs import play_round, start

    client = api_as(director)
    base = start(client, club, {"kind": "mitchell", "pairs": 10, "boards_per_round": 2}, 10)
    with django_capture_on_commit_callbacks(execute=True):
        play_round(client, base, 1, [])
    event = Event.objects.get(pk=int(base.rstrip("/").split("/")[-1]))
    version = event.results_version
    refused = client.post(f"{base}/movement/", {"kind": "howell", "pairs": 10, "boards_per_round": 3}, format="json")
    assert refused.status_code == 400 and "does not schedule these results" in refused.json()["movement"][0]
    event.refresh_from_db()
    assert event.results_version == version
    with django_capture_on_commit_callbacks(execute=True):
        done = client.post(f"{base}/movement/", {"kind": "skip-mitchell", "pairs": 12, "boards_per_round": 2},
                           format="json")
    assert done.status_code == 200, done.content
    event.refresh_from_db()
    assert event.results_version == version + 1
    standings = client.get(f"{base}/standings/").json()
    assert standings["current"] is True and sum(row["boards"] for row in standings["standings"]) == 20


@pytest.mark.parametrize("field, value", [("game", "whist_drive"), ("scoring", "matchpoints")])
def test_a_partys_game_and_tally_are_chosen_when_it_is_created(api_as, club, director, field, value):
    from tests.tournaments.factories_party import create_party

    client = api_as(director)
    party = create_party(client, club, tables=1)
    refused = client.patch(f"/api/clubs/{club.slug}/events/{party['id']}/", {field: value}, format="json")
    assert refused.status_code == 400 and field in refused.json(), refused.content
    event = Event.objects.get(pk=party["id"])
    assert (event.game, event.scoring) == ("progressive_euchre", "tally")
