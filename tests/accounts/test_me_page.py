"""/me/: a player's results at every club and game, the chart, partnerships, exports; by role."""
import csv
import io
import json

import pytest

from clubs import services as club_services
from scoring.models import Standing
from tests.accounts.factories_accounts import day, published_event
from tests.tournaments.factories_event import make_members
from tournaments.models import Team, TeamPlayer, TeamStanding
from tournaments.models.party import Party, PartyPlayer, PartyStanding

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("commits")]


@pytest.fixture
def linked(club, make_user):
    user = make_user("wendy")
    members = make_members(club, 8)
    club_services.member_update(member=members[0], user=user, email="wendy@example.org")
    return user, members


def test_me_shows_every_game_at_every_club_with_links_and_a_chart(client, api_as, club, other_club, director,
                                                                   linked, make_user):
    user, members = linked
    api = api_as(director)
    first = published_event(api, club, members, name="Monday pairs", date=day(1))
    second = published_event(api, club, [members[0], members[2], members[1], members[3], *members[4:]],
                             name="Thursday pairs", date=day(2), seed=5)
    # the same login at another club: a euchre party and a teams event there
    elsewhere = club_services.member_create(club=other_club, membership_number="77", first_name="Wendy",
                                            last_name="W", user=user)
    from tournaments.models import Event
    party_event = Event.objects.create(club=other_club, name="Euchre night", date=day(3), game="progressive_euchre",
                                       status="published")
    party = Party.objects.create(event=party_event)
    player = PartyPlayer.objects.create(party=party, label="7", name="Wendy W", member=elsewhere)
    PartyStanding.objects.create(party=party, player=player, position=1, rank=2, points=41)
    teams_event = Event.objects.create(club=other_club, name="Winter teams", date=day(4), format="swiss",
                                       status="finished")
    team = Team.objects.create(event=teams_event, number=1, name="Aces")
    TeamPlayer.objects.create(team=team, member=elsewhere, name="Wendy W", captain=True)
    TeamPlayer.objects.create(team=team, name="Tom Mate", position=2)
    TeamStanding.objects.create(event=teams_event, team=team, position=1, rank="1", total=61.5)
    draft = Event.objects.create(club=club, name="Next week", date=day(5), status="draft")

    client.force_login(user)
    response = client.get("/me/")
    assert response.status_code == 200
    html = response.content.decode()
    for name in ("Monday pairs", "Thursday pairs", "Euchre night", "Winter teams", "Test Club", "Other Club"):
        assert name in html
    assert draft.name not in html
    assert "First2 Last2" in html and "First3 Last3" in html  # the partners of the two pairs events
    assert "Tom Mate" in html and "41" in html and "61.5" in html
    label = first.labels[0]
    assert f"/clubs/{club.slug}/events/{first.pk}/score-cards/{label}/?section=A" in html
    assert f"/clubs/{club.slug}/events/{first.pk}/prints/travellers/?section=A" in html
    assert f"/clubs/{other_club.slug}/events/{party_event.pk}/party/tally/7/" in html
    assert '<svg class="chart"' in html and html.count("<circle") == 2
    mine = Standing.objects.filter(entry__member_a=members[0])
    boards = sum(s.boards for s in mine)
    assert f"<strong>{boards}</strong> boards played" in html
    # the score card it links to opens for this player
    assert client.get(f"/clubs/{club.slug}/events/{first.pk}/score-cards/{label}/?section=A").status_code == 200
    assert second.pk


def test_exports_hold_the_same_rows_as_csv_and_json(client, api_as, club, director, linked):
    user, members = linked
    event = published_event(api_as(director), club, members, name="=HYPERLINK(1)", date=day(1))
    client.force_login(user)
    response = client.get("/me/results.csv")
    assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    assert len(rows) == 1 and rows[0]["event"] == "'=HYPERLINK(1)" and rows[0]["partner"] == "First2 Last2"
    standing = Standing.objects.get(entry__member_a=members[0], event=event)
    assert rows[0]["place"] == standing.rank and float(rows[0]["percentage"]) == round(standing.percentage, 2)
    data = json.loads(client.get("/me/results.json").content)
    assert data["username"] == "wendy" and data["memberships"][0]["club"] == "Test Club"
    assert data["results"][0]["boards"] == standing.boards and data["results"][0]["number"] == event.labels[0]


def test_an_unpublished_event_shows_to_its_player_once_finished_but_not_in_play(client, api_as, club, director,
                                                                               linked):
    user, members = linked
    event = published_event(api_as(director), club, members, name="Friday pairs", publish=False)
    client.force_login(user)
    assert "Friday pairs" in client.get("/me/").content.decode()
    from tournaments.models import Event
    Event.objects.filter(pk=event.pk).update(status="playing")
    assert "Friday pairs" not in client.get("/me/").content.decode()


def test_me_by_role(client, club, player, director, other_club, make_user):
    assert client.get("/me/").status_code == 302
    assert client.get("/me/results.csv").status_code == 302
    assert client.get("/me/results.json").status_code == 302
    client.force_login(player)  # no membership linked: an empty page that says how to link one
    html = client.get("/me/").content.decode()
    assert "not linked to a club membership" in html and "No results yet" in html
    assert client.get("/me/?page=x%00").status_code == 200
    assert client.get("/me/?page=99999999999999999999").status_code == 200
    stranger = make_user("xena")
    club_services.role_grant(club=other_club, user=stranger, role="director")
    client.force_login(stranger)
    assert json.loads(client.get("/me/results.json").content)["results"] == []


def test_the_director_member_page_reuses_the_history(client, api_as, club, director, linked):
    _user, members = linked
    published_event(api_as(director), club, members, name="Monday pairs", date=day(1))
    client.force_login(director)
    html = client.get(f"/clubs/{club.slug}/members/{members[0].pk}/").content.decode()
    assert 'id="member-history"' in html and "Monday pairs" in html and "First2 Last2" in html
