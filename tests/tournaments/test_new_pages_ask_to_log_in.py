"""The director's "new ..." pages ask a logged-out visitor to log in (a redirect with
``?next=``, as every other page that needs an account does); logged in without the
director's role, they stay a 403."""
from urllib.parse import quote

import pytest

pytestmark = pytest.mark.django_db

NEW_PAGES = ["events/new/?pairs=6", "simultaneous/new/", "events/party/new/", "events/patience/new/",
             "championships/new/"]


@pytest.mark.parametrize("page", NEW_PAGES)
def test_a_logged_out_visitor_is_sent_to_log_in_and_back(client, club, page):
    path = f"/clubs/{club.slug}/{page}"
    response = client.get(path)
    assert response.status_code == 302
    assert response["Location"] == f"/accounts/login/?next={quote(path, safe='/')}"


@pytest.mark.parametrize("page", NEW_PAGES)
def test_a_player_without_the_role_is_refused(client, club, player, page):
    client.force_login(player)
    assert client.get(f"/clubs/{club.slug}/{page}").status_code == 403
