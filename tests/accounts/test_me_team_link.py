"""/me/ links a teams event's row to the player's team page (its matches and their score cards)."""
import pytest

from clubs import services as club_services
from tests.accounts.factories_accounts import day
from tournaments.models import Event, Team, TeamPlayer, TeamStanding

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("commits")]


def test_a_teams_row_links_the_players_team_page(client, club, make_user):
    user = make_user("tessa")
    member = club_services.member_create(club=club, membership_number="31", first_name="Tessa", last_name="T",
                                         user=user)
    event = Event.objects.create(club=club, name="Winter teams", date=day(4), format="swiss", status="published",
                                 scoring="imps")
    team = Team.objects.create(event=event, number=3, name="Aces")
    TeamPlayer.objects.create(team=team, member=member, name="Tessa T", captain=True)
    TeamStanding.objects.create(event=event, team=team, position=1, rank="1", total=61.5)
    client.force_login(user)
    html = client.get("/me/").content.decode()
    assert f'href="/clubs/{club.slug}/events/{event.pk}/teams/3/"' in html
    assert "61.50 VP" in html  # a teams total says it is victory points
