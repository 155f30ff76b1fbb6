"""Who may open each teams page, as each kind of viewer: the director, a scorer, a player of a
team (signed in as the member they play as), another club player, a visitor, and a table's phone
(signed in to its table with the PIN, no login). Written out as a table, not computed with the
rule under test: while play is on, and once published."""
import random

import pytest
from django.test import Client

from clubs import services as clubs
from tests.tournaments.factories_teams import play_round, teams_event
from tournaments.models import Event, Match, Team, TeamPlayer
from tournaments.selectors_event import table_pin
from tournaments.services import actions

pytestmark = pytest.mark.django_db

VIEWERS = ("director", "scorer", "team_player", "other_player", "visitor", "table")
OK, NO, DENIED, DONE = 200, 404, 403, 302

# GET: what each viewer gets while play is on (round 1 complete, round 2 drawn and not played).
IN_PLAY = {
    "teams":            (OK, DENIED, DENIED, DENIED, NO, NO),
    "team edit":        (OK, DENIED, DENIED, DENIED, NO, NO),
    "rounds":           (OK, OK, DENIED, DENIED, NO, NO),
    "waiting":          (OK, OK, DENIED, DENIED, NO, NO),
    "standings":        (OK, OK, OK, OK, NO, NO),
    "team":             (OK, OK, OK, OK, NO, NO),
    "own match done":   (OK, OK, OK, NO, NO, NO),
    "other match done": (OK, OK, NO, NO, NO, NO),
    "own match on":     (OK, OK, NO, NO, NO, NO),
}
PUBLISHED = {
    "teams":            (OK, DENIED, DENIED, DENIED, DENIED, DENIED),
    "rounds":           (OK, OK, DENIED, DENIED, DENIED, DENIED),
    "standings":        (OK, OK, OK, OK, OK, OK),
    "team":             (OK, OK, OK, OK, OK, OK),
    "own match done":   (OK, OK, OK, OK, OK, OK),
    "other match done": (OK, OK, OK, OK, OK, OK),
}
# POST: the director's writes; everyone else is refused and nothing changes.
WRITES = ("add", "withdraw", "draw", "swap")
WRITE_ANSWER = (DONE, DENIED, DENIED, DENIED, NO, NO)


@pytest.fixture
def evening(club, director, scorer, player, make_user, django_capture_on_commit_callbacks):
    event = teams_event(club, format="swiss", teams=4, rounds=3)
    captain = TeamPlayer.objects.get(team__event=event, team__number=1, captain=True)
    captain.member.user = player
    captain.member.save()
    other = make_user("olga")
    clubs.role_grant(club=club, user=other, role="player")
    actions.event_start(event=event, user=director)
    with django_capture_on_commit_callbacks(execute=True):
        play_round(Event.objects.get(pk=event.pk), random.Random(2))
    from tournaments.services.teams import teams_round_draw

    teams_round_draw(event=Event.objects.get(pk=event.pk), round_number=2)
    team = Team.objects.get(event=event, number=1)
    section = event.sections.get()
    table = Client()
    assert table.post(f"/clubs/{club.slug}/events/{event.pk}/table/A/1/",
                      {"pin": table_pin(event, section, 1)}).status_code == 302
    clients = {"director": director, "scorer": scorer, "team_player": player, "other_player": other,
               "visitor": None}
    out = {}
    for name, user in clients.items():
        out[name] = Client()
        if user is not None:
            out[name].force_login(user)
    out["table"] = table
    own_done = Match.objects.filter(event=event, round=1).filter(home=team).first() or \
        Match.objects.get(event=event, round=1, away=team)
    other_done = Match.objects.filter(event=event, round=1).exclude(pk=own_done.pk).first()
    own_on = Match.objects.filter(event=event, round=2).filter(home=team).first() or \
        Match.objects.get(event=event, round=2, away=team)
    base = f"/clubs/{club.slug}/events/{event.pk}/teams/"
    paths = {"teams": base, "team edit": base + "2/edit/", "rounds": base + "rounds/", "waiting": base + "waiting/",
             "standings": base + "standings/", "team": base + "1/", "own match done": base + f"matches/{own_done.pk}/",
             "other match done": base + f"matches/{other_done.pk}/", "own match on": base + f"matches/{own_on.pk}/"}
    return {"event": event, "clients": out, "paths": paths, "base": base}


def _answers(evening, table):
    got, want = {}, {}
    for page, expected in table.items():
        got[page] = tuple(evening["clients"][v].get(evening["paths"][page]).status_code for v in VIEWERS)
        want[page] = expected
    return got, want


def test_who_sees_each_teams_page_while_play_is_on(evening):
    got, want = _answers(evening, IN_PLAY)
    assert got == want


def test_who_sees_each_teams_page_once_published(evening, director):
    event = Event.objects.get(pk=evening["event"].pk)
    actions.event_finish(event=event, user=director, confirm=True)
    actions.event_publish(event=Event.objects.get(pk=event.pk), user=director)
    got, want = _answers(evening, PUBLISHED)
    assert got == want


def test_only_the_director_writes(evening):
    base = evening["base"]
    posts = {"add": (base + "add/", {"name": "Gate", "player_1": "A", "player_2": "B", "player_3": "C",
                                     "player_4": "D", "captain": "1"}),
             "withdraw": (base + "3/withdraw/", {}), "draw": (base + "rounds/2/draw/", {}),
             "swap": (base + "rounds/2/swap/", {"team_a": "1", "team_b": "2"})}
    def pairing():
        return sorted((m.home_id, m.away_id or 0) for m in Match.objects.filter(event=evening["event"], round=2))

    before = (pairing(), Team.objects.filter(event=evening["event"]).count(),
              Team.objects.get(event=evening["event"], number=3).status)
    for viewer, expected in reversed(list(zip(VIEWERS, WRITE_ANSWER))):  # the director last
        if viewer == "director":
            continue
        for action in WRITES:
            path, body = posts[action]
            assert evening["clients"][viewer].post(path, body).status_code == expected, (viewer, action)
    assert before == (pairing(), Team.objects.filter(event=evening["event"]).count(),
                      Team.objects.get(event=evening["event"], number=3).status)
    director = evening["clients"]["director"]
    for action in WRITES:
        path, body = posts[action]
        assert director.post(path, body).status_code == DONE, action
