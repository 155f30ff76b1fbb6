"""Who may do what through the party API (``tournaments.api.party``): the party's visibility is
asked before any role, so a party the caller may not see is a 404 (a 403 would say it exists);
then the permission classes of ``cardroom.permissions``: anyone who sees a party reads it,
directors run it, a table reports with its PIN in the ``X-Table-Pin`` header or a scorer's login."""
import pytest
from rest_framework.test import APIClient

from tests.tournaments.factories_party import create_party, register, report, url
from tournaments.models import Event
from tournaments.models.party import Party, PartyPlayer, PartyRound, PartyTableReport
from tournaments.models.pins import PinMiss
from tournaments.services import party as services

pytestmark = pytest.mark.django_db

NAMES = [(f"{sex}{i}", "lady" if sex == "L" else "gentleman") for i in range(1, 5) for sex in "LG"]


@pytest.fixture
def draft(api_as, director, club):
    event = create_party(api_as(director), club, tables=2)
    register(api_as(director), club, event["id"], NAMES)
    return Party.objects.get(event_id=event["id"])


@pytest.fixture
def started(draft, api_as, director, club):
    response = api_as(director).post(url(club, draft.event_id, "start"), {}, format="json")
    assert response.status_code == 200, response.content
    return draft


@pytest.fixture
def outsider(make_user):
    """Signed in, no role in the club."""
    return make_user("otto")


def _callers(api, api_as, player, scorer, outsider):
    return {"visitor": api, "player": api_as(player), "scorer": api_as(scorer), "outsider": api_as(outsider)}


WRITES = [("post", "players", {"guest": "Gate Crasher"}), ("post", "players/L1/leave", {}),
          ("post", "rounds/1/close", {}), ("delete", "rounds/1/close", None), ("post", "party/finish", {})]
READS = ["party", "players", "rounds/1", "prizes", "players/1/tally", "standings"]  # standings: the event's route


def _call(client, club, party, method, path, body=None):
    return getattr(client, method)(url(club, party.event_id, *path.split("/")), body, format="json")


def test_a_draft_party_is_a_404_to_everyone_but_its_staff_whatever_they_ask(draft, club, api, api_as, player,
                                                                             scorer, outsider, director):
    for who in ("visitor", "player", "outsider"):
        client = _callers(api, api_as, player, scorer, outsider)[who]
        for path in READS:
            assert _call(client, club, draft, "get", path).status_code == 404, (who, path)
        for method, path, body in WRITES:
            assert _call(client, club, draft, method, path, body).status_code == 404, (who, method, path)
    # The scorer sees a draft (staff) but may not run it: a 403, as the director gets a 200.
    assert _call(api_as(scorer), club, draft, "get", "party").status_code == 200
    assert _call(api_as(scorer), club, draft, "post", "players", {"guest": "Ann"}).status_code == 403
    assert _call(api_as(director), club, draft, "post", "players", {"guest": "Ann"}).status_code == 201
    assert PartyPlayer.objects.filter(party=draft, name="Ann").count() == 1
    assert not PartyPlayer.objects.filter(name="Gate Crasher").exists()


def test_a_started_party_is_read_by_anyone_and_run_only_by_its_directors(started, club, api, api_as, player,
                                                                         scorer, outsider):
    callers = _callers(api, api_as, player, scorer, outsider)
    for who, client in callers.items():
        for path in READS:
            assert _call(client, club, started, "get", path).status_code == 200, (who, path)
        for method, path, body in WRITES:
            code = _call(client, club, started, method, path, body).status_code
            assert code == 403, (who, method, path, code)
    assert not PartyPlayer.objects.filter(name="Gate Crasher").exists()
    assert not PartyPlayer.objects.filter(party=started, status="left").exists()
    assert Event.objects.get(pk=started.event_id).status == "playing"


def test_only_directors_see_the_table_pins(started, club, api_as, director, scorer):
    assert "pins" in _call(api_as(director), club, started, "get", "party").json()
    assert "pins" not in _call(api_as(scorer), club, started, "get", "party").json()


def test_a_party_table_answers_a_pin_for_a_hidden_party_with_404_and_counts_no_miss(draft, club, api):
    api.credentials(HTTP_X_TABLE_PIN=services.table_pin(draft, 1))
    assert report(api, club, draft.event_id, 1, 1, [5, 2]).status_code == 404
    api.credentials(HTTP_X_TABLE_PIN="0000" if services.table_pin(draft, 1) != "0000" else "1111")
    assert report(api, club, draft.event_id, 1, 1, [5, 2]).status_code == 404
    assert not PinMiss.objects.exists()


def test_a_scorer_reports_any_table_without_a_pin_and_a_visitor_cannot(started, club, api, api_as, scorer, player):
    assert report(api, club, started.event_id, 1, 1, [5, 2]).status_code in (401, 403)
    assert report(api_as(player), club, started.event_id, 1, 1, [5, 2]).status_code == 403
    assert not PartyTableReport.objects.exists()
    assert report(api_as(scorer), club, started.event_id, 1, 1, [5, 2]).status_code == 201
    assert PartyTableReport.objects.get(table=1).entered_by == scorer.username


@pytest.mark.parametrize("table", [0, 3, 61, 10 ** 40])
def test_a_table_the_party_never_had_is_a_404_before_the_pin_is_checked(started, club, api, api_as, director,
                                                                        table):
    api.credentials(HTTP_X_TABLE_PIN="0000")
    assert report(api, club, started.event_id, 1, table, [5, 2]).status_code == 404
    assert report(api_as(director), club, started.event_id, 1, table, [5, 2]).status_code == 404
    assert not PinMiss.objects.exists() and not PartyTableReport.objects.exists()


def test_a_round_the_party_does_not_have_is_a_400_naming_the_round(started, club, api):
    api.credentials(HTTP_X_TABLE_PIN=services.table_pin(started, 1))
    response = report(api, club, started.event_id, 9, 1, [5, 2])
    assert response.status_code == 400 and "round" in response.json()


def test_a_wrong_pin_is_refused_and_counted_a_right_one_writes(started, club, api):
    right = services.table_pin(started, 2)
    api.credentials(HTTP_X_TABLE_PIN="0000" if right != "0000" else "1111")
    assert report(api, club, started.event_id, 1, 2, [5, 2]).status_code == 403
    assert PinMiss.objects.get().table == "2"
    api.credentials(HTTP_X_TABLE_PIN=right)
    assert report(api, club, started.event_id, 1, 2, [2, 5]).status_code == 201
    assert PartyTableReport.objects.get(round__in=PartyRound.objects.filter(party=started)).points == [2, 5]


def test_only_a_director_corrects_a_report_a_phone_or_scorer_asking_is_refused_by_name(started, club, api, api_as,
                                                                                          scorer, director):
    api.credentials(HTTP_X_TABLE_PIN=services.table_pin(started, 1))
    assert report(api, club, started.event_id, 1, 1, [5, 2]).status_code == 201
    for client in (api, api_as(scorer)):
        refused = report(client, club, started.event_id, 1, 1, [2, 5], correct=True)
        assert refused.status_code == 403 and "correct" in refused.json(), refused.content
    assert PartyTableReport.objects.get(table=1).points == [5, 2]
    assert report(api_as(director), club, started.event_id, 1, 1, [2, 5], correct=True).status_code == 201
    assert PartyTableReport.objects.get(table=1).points == [2, 5]


def test_a_party_of_more_tables_than_the_limit_is_a_400_naming_tables(api_as, director, club):
    from tournaments.movements.limits import MAX_PARTY_TABLES

    response = api_as(director).post(url(club), {"name": "Big", "date": "2026-11-27", "game": "progressive_euchre",
                                                 "tables": MAX_PARTY_TABLES + 1}, format="json")
    assert response.status_code == 400 and "tables" in response.json()


def test_a_duplicate_event_is_not_a_party(api_as, director, club):
    from tests.tournaments.factories_event import create_event

    event = create_event(api_as(director), club, movement={"kind": "howell", "tables": 3})
    assert api_as(director).get(url(club, event["id"], "party")).status_code == 404
    phone = APIClient()
    phone.credentials(HTTP_X_TABLE_PIN="0000")
    assert report(phone, club, event["id"], 1, 1, [5, 2]).status_code == 404
