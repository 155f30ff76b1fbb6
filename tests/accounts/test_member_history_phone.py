"""A director's member page lists the member's events in columns that fit a 390 px phone: the
partner under the event's name (no With column), the pair number and game hidden on a phone."""
import re

import pytest

from clubs import services as club_services
from tests.accounts.factories_accounts import day, published_event
from tests.tournaments.factories_event import make_members

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("commits")]


def test_member_history_puts_the_partner_under_the_event(client, api_as, club, director, make_user):
    members = make_members(club, 8)
    club_services.member_update(member=members[0], user=make_user("hilda"), email="hilda@example.org")
    published_event(api_as(director), club, members, name="Monday pairs", date=day(1))
    client.force_login(director)
    html = client.get(f"/clubs/{club.slug}/members/{members[0].pk}/").content.decode()
    table = html[html.index('id="member-history"'):]
    table = table[:table.index("</section>")]
    headers = re.findall(r"<th[^>]*>([^<]*)</th>", table)
    assert "With" not in headers
    assert '<th class="wide">No.</th>' in table and '<th class="wide">Game</th>' in table
    assert "with First2 Last2" in table
    assert len(re.findall(r"<th[\s>]", table)) == 7
