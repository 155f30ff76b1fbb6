"""Every teams URL (pages, API, prints, USEBIO/PBN export) for every kind of viewer of a round robin
of five teams under way: anonymous, a visitor logged in, a player of the club, a captain (a member
of a team, logged in), a scorer, a director of another club, the club's director. Then wrong ids
(another event's match, a pairs event's id on teams URLs, a teams event on pairs-only prints),
wrong methods and bad bodies. Never a 500; a hidden event is a 404; writes are the staff's."""
import datetime
import random

import pytest
from django.test import Client

from clubs import services as club_services
from clubs.models import Member
from tests.tournaments.factories_event import make_members
from tests.tournaments.factories_teams import play_round, teams_event
from tournaments.models import Event, Match, Team
from tournaments.services import actions
from tournaments.services.teams import teams_round_draw

ROLES = ("anonymous", "visitor", "player", "captain", "scorer", "stranger", "director")
HIDDEN_FROM = ("anonymous", "visitor", "stranger")


@pytest.fixture
def room(club, other_club, director, scorer, player, make_user, commits):
    event = actions.event_start(event=teams_event(club, format="round_robin", teams=5, rounds=2))
    play_round(Event.objects.get(pk=event.pk), random.Random(5))
    teams_round_draw(event=Event.objects.get(pk=event.pk), round_number=2)
    event = Event.objects.get(pk=event.pk)
    captain = make_user("cate")
    team1 = Team.objects.get(event=event, number=1)
    Member.objects.filter(pk=team1.players.get(captain=True).member_id).update(user=captain)
    stranger = make_user("olga")
    club_services.role_grant(club=other_club, user=stranger, role="director")
    # Another teams event (its matches' ids), a draft teams event (hidden), a pairs event.
    other = actions.event_start(event=teams_event(club, format="swiss", teams=4, rounds=2, start_member=100))
    draft = teams_event(club, format="swiss", teams=4, rounds=2, start_member=200)
    from tournaments.services.events import event_create

    pairs = event_create(club=club, name="Pairs", date=datetime.date(2026, 11, 24), game="duplicate_bridge",
                         scoring="matchpoints")
    users = {"anonymous": None, "visitor": make_user("vic"), "player": player, "captain": captain,
             "scorer": scorer, "stranger": stranger, "director": director}
    mine_done = Match.objects.get(event=event, round=1, home=team1) if Match.objects.filter(
        event=event, round=1, home=team1).exists() else Match.objects.get(event=event, round=1, away=team1)
    others_done = Match.objects.filter(event=event, round=1, away__isnull=False).exclude(pk=mine_done.pk).first()
    mine_open = Match.objects.filter(event=event, round=2, away__isnull=False).filter(
        home=team1).first() or Match.objects.filter(event=event, round=2, away=team1).first()
    return {"event": event, "other": other, "draft": draft, "pairs": pairs, "users": users, "club": club,
            "mine_done": mine_done, "others_done": others_done, "mine_open": mine_open, "team1": team1,
            "other_match": Match.objects.filter(event=other, away__isnull=False).first()}


def client_for(user):
    c = Client()
    if user is not None:
        c.force_login(user)
    return c


def urls(club, event_id, *, match, team=1, api_team=None):
    page = f"/clubs/{club.slug}/events/{event_id}"
    api = f"/api/clubs/{club.slug}/events/{event_id}"
    return {
        "teams-home": f"{page}/teams/", "teams-team": f"{page}/teams/{team}/",
        "teams-edit": f"{page}/teams/{team}/edit/", "teams-rounds": f"{page}/teams/rounds/",
        "teams-waiting": f"{page}/teams/waiting/", "teams-standings": f"{page}/teams/standings/",
        "teams-match": f"{page}/teams/matches/{match}/", "event": f"{page}/",
        "prints": f"{page}/prints/", "draw-print": f"{page}/prints/draw/",
        "cards-print": f"{page}/prints/team-score-cards/", "slips-print": f"{page}/prints/match-slips/",
        "results-print": f"{page}/prints/team-results/", "hands-print": f"{page}/prints/hand-records/",
        "table-cards-print": f"{page}/prints/table-cards/",
        "usebio": f"{page}/usebio.xml", "pbn": f"{page}/results.pbn",
        "api-teams": f"{api}/teams/", "api-team": f"{api}/teams/{api_team}/",
        "api-draw": f"{api}/rounds/1/draw/", "api-matches": f"{api}/matches/",
        "api-match": f"{api}/matches/{match}/", "api-standings": f"{api}/standings/",
        "api-usebio": f"{api}/usebio/", "api-draw-pdf": f"{api}/prints/draw.pdf",
    }


STAFF_ONLY = {"teams-rounds", "teams-waiting", "cards-print", "slips-print", "results-print", "api-match",
              "teams-match"}  # the card of a match not the viewer's, while play is on
DIRECTORS_ONLY = {"teams-home", "teams-edit", "hands-print", "table-cards-print", "usebio", "pbn", "api-usebio"}
EXPORTS = {"usebio", "pbn"}  # the director's downloads: refused by role before the event is looked up


def expected(name, role):
    if role in HIDDEN_FROM:
        if name in EXPORTS:
            return 302 if role == "anonymous" else 403
        return 404
    if role == "director":
        return 400 if name in EXPORTS | {"api-usebio"} else 200  # exported once the event is finished
    if name in DIRECTORS_ONLY or (role != "scorer" and name in STAFF_ONLY):
        return 404 if name == "teams-match" else 403
    return 200


def status_of(client, method, url, body=None):
    if body is None:
        return getattr(client, method)(url).status_code
    if url.startswith("/clubs/"):
        return client.post(url, body).status_code
    return getattr(client, method)(url, body, content_type="application/json").status_code


def writes(room):
    """(name, method, url, body) of every write, pages and API, aimed at the event under way."""
    club, event = room["club"], room["event"]
    page = f"/clubs/{club.slug}/events/{event.pk}/teams"
    api = f"/api/clubs/{club.slug}/events/{event.pk}"
    match, team = room["mine_open"].pk, room["team1"].pk
    players = [{"guest": f"Late {k}", "captain": k == 0} for k in range(4)]
    result = {"room": "open", "board": 3, "contract": "3NT", "declarer": "N", "tricks": 9}
    return [
        ("page-add", "post", f"{page}/add/", {"name": "Late", "player_1": "Ann Late", "captain": "1"}),
        ("page-edit", "post", f"{page}/1/edit/", {"name": "Renamed"}),
        ("page-withdraw", "post", f"{page}/5/withdraw/", {}),
        ("page-draw", "post", f"{page}/rounds/3/draw/", {}),
        ("page-swap", "post", f"{page}/rounds/2/swap/", {"first": "1", "second": "2"}),
        ("page-result", "post", f"{page}/matches/{match}/results/", {k: str(v) for k, v in result.items()}),
        ("page-carry", "post", f"{page}/matches/{match}/carry-over/", {"carry_over_home": "1",
                                                                       "carry_over_away": "0"}),
        ("api-add", "post", f"{api}/teams/", {"name": "Late", "players": players}),
        ("api-patch-team", "patch", f"{api}/teams/{team}/", {"name": "Renamed"}),
        ("api-withdraw", "delete", f"{api}/teams/{team}/", None),
        ("api-draw", "post", f"{api}/rounds/3/draw/", None),
        ("api-swap", "patch", f"{api}/rounds/2/draw/", {"teams": [1, 2]}),
        ("api-carry", "patch", f"{api}/matches/{match}/", {"carry_over_home": 1, "carry_over_away": 0}),
        ("api-result", "post", f"{api}/matches/{match}/results/", result),
    ]


@pytest.mark.django_db
def test_every_teams_url_for_every_viewer(room):
    """Reads by everyone, then every write by everyone but the director: hidden is 404, the
    staff's pages 403, a match's card only its teams' once complete; a scorer enters a result."""
    club, event = room["club"], room["event"]
    got, want = {}, {}
    for name, url in urls(club, event.pk, match=room["others_done"].pk, api_team=room["team1"].pk).items():
        for role in ROLES:
            got[(name, role)] = status_of(client_for(room["users"][role]), "get", url)
            want[(name, role)] = expected(name, role)
    assert got == want
    captain = client_for(room["users"]["captain"])
    page = f"/clubs/{club.slug}/events/{event.pk}/teams/matches"
    api = f"/api/clubs/{club.slug}/events/{event.pk}/matches"
    assert captain.get(f"{page}/{room['mine_done'].pk}/").status_code == 200  # their match, complete
    assert captain.get(f"{api}/{room['mine_done'].pk}/").status_code == 200
    assert captain.get(f"{page}/{room['mine_open'].pk}/").status_code == 404  # their match, not complete
    assert captain.get(f"{api}/{room['mine_open'].pk}/").status_code == 403
    draft = f"/api/clubs/{club.slug}/events/{room['draft'].pk}"
    for role in ("player", "captain", "visitor", "anonymous"):
        assert client_for(room["users"][role]).get(f"{draft}/teams/").status_code == 404
    assert client_for(room["users"]["director"]).get(f"{draft}/teams/").status_code == 200

    refused = {}
    for role in ROLES[:-1]:
        for name, method, url, body in writes(room):
            refused[(name, role)] = status_of(client_for(room["users"][role]), method, url, body)
    for (name, role), code in refused.items():
        if role in HIDDEN_FROM:
            assert code == 404, (name, role, code)
        elif role == "scorer" and name in ("page-result", "api-result"):
            assert code in (200, 201, 302), (name, code)
        else:
            assert code == 403, (name, role, code)


BAD = [[], [1, 2], "text", 10 ** 30, -1, None, {}, {"name": [1]}, {"name": "x" * 500},
       {"players": "four"}, {"players": [{}] * 4}, {"players": [{"member": 10 ** 30}] * 4},
       {"teams": [1]}, {"teams": [1, 10 ** 30]}, {"teams": ["a", "b"]}, {"teams": [1, 1]}, {"teams": [1, 99]},
       {"room": "lounge", "board": 3}, {"room": "open", "board": 10 ** 30, "tricks": 9},
       {"room": "open", "board": 1, "contract": "3NT", "declarer": "N", "tricks": 9},
       {"room": "open", "board": 3, "contract": "9NT", "declarer": "N", "tricks": 9},
       {"room": "open", "board": 3, "contract": "3NT", "declarer": "Q", "tricks": 99},
       {"carry_over_home": "nan", "carry_over_away": "inf"}, {"carry_over_home": 10 ** 30, "carry_over_away": 0},
       {"carry_over_home": 1}]


@pytest.mark.django_db
def test_wrong_ids_methods_and_bad_bodies(room):
    club, event = room["club"], room["event"]
    director = client_for(room["users"]["director"])
    page = f"/clubs/{club.slug}/events/{event.pk}"
    api = f"/api/clubs/{club.slug}/events/{event.pk}"
    other = room["other_match"].pk
    other_team = Team.objects.get(event=room["other"], number=1).pk
    missing = {f"{page}/teams/matches/{other}/": 404, f"{api}/matches/{other}/": 404,
               f"{page}/teams/99/": 404, f"{api}/teams/{other_team}/": 404,
               f"{api}/rounds/0/draw/": 404, f"{api}/rounds/99999/draw/": 404,
               f"{api}/matches/?round=abc": 400, f"{api}/matches/?round={10 ** 30}": 400,
               f"{api}/matches/?round=-1": 400}
    pairs_page, pairs_api = f"/clubs/{club.slug}/events/{room['pairs'].pk}", \
        f"/api/clubs/{club.slug}/events/{room['pairs'].pk}"
    for tail in ("teams/", "teams/standings/", "teams/rounds/", "teams/waiting/", "teams/1/",
                 f"teams/matches/{room['mine_done'].pk}/"):
        missing[f"{pairs_page}/{tail}"] = 404
    for tail in ("teams/", "rounds/1/draw/", "matches/", f"matches/{room['mine_done'].pk}/"):
        missing[f"{pairs_api}/{tail}"] = 404
    for kind in ("travellers", "score-slips", "score-cards", "guide-cards", "hand-cards"):
        missing[f"{page}/prints/{kind}/"] = 400  # a pairs print of a teams event: a 400 naming the kind
    bye = Match.objects.get(event=event, round=1, away__isnull=True).pk
    missing.update({f"{page}/teams/matches/{bye}/": 200, f"{api}/matches/{bye}/": 200})  # a bye's card
    got = {url: director.get(url).status_code for url in missing}
    assert got == missing
    assert director.post(f"{api}/matches/{other}/results/", {"room": "open", "board": 1, "tricks": 9},
                         content_type="application/json").status_code == 404

    methods = [("get", f"{page}/teams/add/"), ("post", f"{page}/teams/standings/"),
               ("post", f"{page}/teams/waiting/"), ("get", f"{page}/teams/rounds/2/draw/"),
               ("put", f"{api}/teams/"), ("delete", f"{api}/matches/{room['mine_done'].pk}/"),
               ("delete", f"{api}/rounds/1/draw/"), ("get", f"{api}/matches/{room['mine_done'].pk}/results/"),
               ("post", f"{api}/matches/")]
    assert {url: status_of(director, m, url) for m, url in methods} == {url: 405 for _m, url in methods}

    seen = {}
    for name, method, url, _body in writes(room):
        for k, body in enumerate(BAD):
            if url.startswith("/clubs/"):
                form = body if isinstance(body, dict) else {"name": str(body)}
                got = director.post(url, {key: str(value) for key, value in form.items()})
            else:
                got = getattr(director, method)(url, body, content_type="application/json")
            seen[(name, k)] = got.status_code
    assert 500 not in seen.values(), [key for key, code in seen.items() if code == 500]
    assert {code for (name, _k), code in seen.items() if name in ("api-add", "api-swap", "api-result")} <= \
        {400, 404, 409}
