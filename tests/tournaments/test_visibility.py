"""Who sees what, as each kind of viewer, through the API, the pages and the prints, while play
is on, once finished and once published (issue 11 item 4 and "Who sees what"; issue 17 item 4).

The expected answers are written out here as tables, not computed with the module under test.
"""
import pytest

from clubs import services as club_services
from tests.tournaments.factories_event import create_event, enter_pairs, make_members
from tournaments.models import Event

pytestmark = pytest.mark.django_db

VIEWERS = ("anonymous", "other_club", "member", "player", "scorer", "director")
OK, NO = "ok", "no"  # "no": refused (401/403/404) or, for hands in the API, the deal withheld


@pytest.fixture
def evening(api_as, club, other_club, director, scorer, player, make_user, django_capture_on_commit_callbacks):
    """A 3-table Mitchell with round 1 played; ``player`` plays in pair 1NS."""
    client = api_as(director)
    event = create_event(client, club, movement={"kind": "mitchell", "tables": 3, "boards_per_round": 2})
    members = make_members(club, 12)
    members[0].user = player
    members[0].save()
    labels = enter_pairs(client, club, event["id"], members)
    base = f"/api/clubs/{club.slug}/events/{event['id']}"
    assert client.post(f"{base}/start/").status_code == 200
    movement = client.get(f"{base}/movement/").json()["sections"][0]
    with django_capture_on_commit_callbacks(execute=True):  # the scoring runs: standings to look at
        for t in movement["rounds_detail"][0]["tables"]:
            for b in t["boards"]:
                body = {"board": b, "ns": t["ns"], "ew": t["ew"], "contract": "3NT", "declarer": "N", "tricks": 9}
                assert client.post(f"{base}/results/", body, format="json").status_code == 201
    own = labels[0]
    first = movement["rounds_detail"][0]["tables"]
    played = next(t["boards"] for t in first if own in (t["ns"], t["ew"]))
    unplayed = next(t["boards"] for t in first if own not in (t["ns"], t["ew"]))  # played by others
    member = make_user("carl")
    club_services.role_grant(club=club, user=member, role="player")
    outsider = make_user("oscar")
    club_services.role_grant(club=other_club, user=outsider, role="player")
    users = {"anonymous": None, "other_club": outsider, "member": member, "player": player, "scorer": scorer,
             "director": director}
    other = next(label for label in labels if label != own)
    return {"id": event["id"], "base": base, "page": f"/clubs/{club.slug}/events/{event['id']}", "own": own,
            "other": other, "played": played[0], "unplayed": unplayed[0], "users": users}


@pytest.fixture
def client_factory():
    from django.test import Client

    return Client


def clients(user, api_as, client_factory):
    from rest_framework.test import APIClient

    api = APIClient() if user is None else api_as(user)
    page = client_factory()
    if user is not None:
        page.force_login(user)
    return api, page


def verdict(response) -> str:
    if response.status_code == 200:
        return OK
    assert response.status_code in (401, 403, 404), (response.status_code, response.content[:300])
    return NO


# What each viewer gets, by state. Columns follow VIEWERS.
IN_PLAY = {
    "standings":            (NO, NO, OK, OK, OK, OK),
    "traveller played":     (NO, NO, NO, OK, OK, OK),
    "traveller not played": (NO, NO, NO, NO, OK, OK),
    "score card own":       (NO, NO, NO, OK, OK, OK),
    "score card other":     (NO, NO, NO, NO, OK, OK),
    "hands":                (NO, NO, NO, NO, NO, OK),
    "print hands":          (NO, NO, NO, NO, NO, OK),
    "print traveller":      (NO, NO, NO, OK, OK, OK),
    "print all travellers": (NO, NO, NO, NO, OK, OK),
    "print own card":       (NO, NO, NO, OK, OK, OK),
}
FINISHED = {key: (NO, NO, OK, OK, OK, OK) for key in IN_PLAY}
PUBLISHED = {key: (OK,) * 6 for key in IN_PLAY}


def observe(what: str, ev: dict, api, page) -> str:
    """One look at one thing, through the API and the pages; both must agree."""
    base, url = ev["base"], ev["page"]
    detail = None
    if what == "standings":
        seen = {verdict(api.get(f"{base}/standings/")), verdict(page.get(f"{url}/standings.json"))}
    elif what.startswith("traveller"):
        board = ev["played"] if what == "traveller played" else ev["unplayed"]
        seen = {verdict(api.get(f"{base}/results/", {"board": board})), verdict(page.get(f"{url}/travellers/{board}/"))}
        listed = api.get(f"{base}/results/")
        if listed.status_code == 200:
            boards = {t["board"] for t in listed.json()["boards"]}
            seen.add(OK if board in boards else NO)
    elif what.startswith("score card"):
        label = ev["own"] if what.endswith("own") else ev["other"]
        seen = {verdict(api.get(f"{base}/score-cards/{label}/")), verdict(page.get(f"{url}/score-cards/{label}/"))}
    elif what == "hands":
        boards = api.get(f"{base}/boards/")
        rows = boards.json() if boards.status_code == 200 else []
        rows = rows["results"] if isinstance(rows, dict) else rows
        api_seen = OK if rows and rows[0]["deal"] else NO
        detail = [api_seen, verdict(page.get(f"{url}/handrecord/")), verdict(page.get(f"{url}/handrecord/1/"))]
        seen = set(detail)
    elif what == "print hands":
        seen = {verdict(page.get(f"{url}/prints/hand-records/")),
                verdict(page.get(f"{url}/prints/hand-records.pdf", {"board": 1}))}
    elif what == "print traveller":
        seen = {verdict(page.get(f"{url}/prints/travellers/", {"board": ev["played"]}))}
    elif what == "print all travellers":
        seen = {verdict(page.get(f"{url}/prints/travellers/"))}
    elif what == "print own card":
        seen = {verdict(page.get(f"{url}/prints/score-cards/", {"pair": ev["own"]}))}
    else:
        raise AssertionError(what)
    assert len(seen) == 1, f"{what}: the API and the pages disagree ({detail})"
    return seen.pop()


@pytest.mark.parametrize("state, table", [("playing", IN_PLAY), ("finished", FINISHED), ("published", PUBLISHED)])
def test_who_sees_what(evening, state, table, api_as, client_factory):
    if state != "playing":
        Event.objects.filter(pk=evening["id"]).update(status=state)
    wrong = []
    for index, viewer in enumerate(VIEWERS):
        api, page = clients(evening["users"][viewer], api_as, client_factory)
        for what, expected in table.items():
            got = observe(what, evening, api, page)
            if got != expected[index]:
                wrong.append(f"{viewer} / {what}: expected {expected[index]}, got {got}")
    assert not wrong, "\n".join(wrong)


def test_prints_through_the_api_follow_the_same_rules(evening, api_as):
    """The PDF API: a scorer gets no deals during play (issue 17 item 4); a player prints the
    traveller of a board their pair has played and no other."""
    base, users = evening["base"], evening["users"]
    scorer, player, director = (api_as(users[k]) for k in ("scorer", "player", "director"))
    assert scorer.get(f"{base}/prints/hand-records.pdf").status_code == 403
    assert scorer.get(f"{base}/prints/hand-cards.pdf").status_code == 403
    assert director.get(f"{base}/prints/hand-records.pdf", {"board": 1}).status_code == 200
    assert player.get(f"{base}/prints/travellers.pdf", {"board": evening["played"]}).status_code == 200
    assert player.get(f"{base}/prints/travellers.pdf", {"board": evening["unplayed"]}).status_code == 403
    Event.objects.filter(pk=evening["id"]).update(status="finished")
    assert scorer.get(f"{base}/prints/hand-records.pdf", {"board": 1}).status_code == 200


def test_scorer_pack_waits_for_the_end_because_it_holds_the_hands(evening, client, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    client.force_login(evening["users"]["scorer"])
    url = f"{evening['page']}/prints/pack.pdf"
    assert client.post(url, {"paper": "A4"}).status_code == 403
    menu = client.get(f"{evening['page']}/prints/").content.decode()
    assert "hand-records.pdf" not in menu and "only a director prints it" in menu
    assert "travellers.pdf" in menu


def test_result_detail_hides_an_unplayed_board_from_a_player(evening, api_as):
    from tournaments.models import Result

    base, player = evening["base"], api_as(evening["users"]["player"])
    hidden = Result.objects.filter(event_id=evening["id"], board=evening["unplayed"]).first()
    shown = Result.objects.filter(event_id=evening["id"], board=evening["played"]).first()
    assert player.get(f"{base}/results/{hidden.pk}/").status_code == 403
    assert player.get(f"{base}/results/{shown.pk}/").status_code == 200


def test_event_page_links_only_what_the_viewer_may_open(evening, client):
    client.force_login(evening["users"]["player"])
    body = client.get(evening["page"] + "/").content.decode()
    assert f"/travellers/{evening['played']}/" in body and f"/travellers/{evening['unplayed']}/" not in body
    assert f"/score-cards/{evening['own']}/" in body
    assert f"/score-cards/{evening['other']}/" not in body
    assert "/handrecord/" not in body and "once the event is finished" in body
    assert f'{evening["page"]}/prints/"' in body and "your score card" in body
    Event.objects.filter(pk=evening["id"]).update(status="finished")
    body = client.get(evening["page"] + "/").content.decode()
    assert f"{evening['page']}/handrecord/" in body and f"/travellers/{evening['unplayed']}/" in body
    traveller = client.get(f"{evening['page']}/travellers/{evening['played']}/").content.decode()
    assert f"{evening['page']}/handrecord/{evening['played']}/" in traveller


def test_traveller_of_an_unplayed_board_names_the_rule(evening, api_as):
    response = api_as(evening["users"]["player"]).get(f"{evening['base']}/results/",
                                                      {"board": evening["unplayed"]})
    assert response.status_code == 403 and "once your pair has played it" in response.json()["detail"]


def test_live_refresh_follows_the_same_rules(evening, client, api_as):
    """The standings poll gives a player links to their own score card and to the travellers of
    the boards their pair has played, and picks up a board as soon as they have played it."""
    client.force_login(evening["users"]["player"])
    data = client.get(f"{evening['page']}/standings.json").json()
    cards = {row["label"]: row["score_card_url"] for row in data["standings"]}
    assert cards[evening["own"]] and len(cards) == 6
    assert all(url is None for label, url in cards.items() if label != evening["own"])
    boards = [b["board"] for group in data["travellers"] for b in group["boards"]]
    assert evening["played"] in boards and evening["unplayed"] not in boards
    movement = api_as(evening["users"]["director"]).get(f"{evening['base']}/movement/").json()["sections"][0]
    table = next(t for t in movement["rounds_detail"][1]["tables"] if evening["own"] in (t["ns"], t["ew"]))
    body = {"board": table["boards"][0], "ns": table["ns"], "ew": table["ew"], "contract": "2H", "declarer": "E",
            "tricks": 8}
    assert api_as(evening["users"]["director"]).post(f"{evening['base']}/results/", body,
                                                     format="json").status_code == 201
    data = client.get(f"{evening['page']}/standings.json").json()
    assert table["boards"][0] in [b["board"] for group in data["travellers"] for b in group["boards"]]
