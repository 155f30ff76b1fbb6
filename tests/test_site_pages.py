"""Site-wide page details: a favicon on every page, a styled 403 logged once without a stack
trace, and error messages marked as errors (not in the success style)."""
import logging

import pytest
from django.contrib.staticfiles import finders


@pytest.mark.django_db
def test_every_page_links_a_favicon_that_is_served(client, club):
    page = client.get("/", follow=True).content.decode()
    assert 'rel="icon" href="/static/favicon.svg"' in page
    assert finders.find("favicon.svg")
    response = client.get("/favicon.ico")
    assert response.status_code == 301 and response["Location"] == "/static/favicon.svg"


@pytest.mark.django_db
def test_a_403_is_a_page_in_the_site_style_logged_once_without_a_trace(client, club, player, caplog):
    client.force_login(player)
    with caplog.at_level(logging.INFO):
        response = client.get(f"/clubs/{club.slug}/events/new/")
    assert response.status_code == 403
    html = response.content.decode()
    assert 'class="site-header"' in html and "Not allowed" in html and "cardroom.css" in html
    denials = [r for r in caplog.records if r.name == "django.request" and r.status_code == 403]
    assert len(denials) == 1
    assert denials[0].exc_info is None and "Traceback" not in caplog.text


def test_django_lines_reach_one_handler():
    """Django's own console handler is off: each django.* record prints once, through the root."""
    assert logging.getLogger("django").handlers == []
    assert logging.getLogger("django").propagate and logging.getLogger("django.request").propagate


@pytest.mark.django_db
def test_error_messages_are_marked_as_errors(client, club, director):
    client.force_login(director)
    response = client.post(f"/clubs/{club.slug}/events/new/", {"name": "", "date": "", "movement": "x"})
    html = response.content.decode()
    assert '<li class="error" role="alert">' in html


@pytest.mark.django_db
def test_a_404_is_a_page_in_the_site_style_that_fits_a_phone(client, club):
    """Django's bare "Not Found" has no viewport and no way back; a visitor who follows a link to
    an event still in play lands here (the event is not public yet)."""
    response = client.get(f"/clubs/{club.slug}/events/999999/")
    assert response.status_code == 404
    html = response.content.decode()
    assert 'class="site-header"' in html and "Not found" in html and 'name="viewport"' in html
    assert "not public yet" in html and "/accounts/login/?next=" in html


@pytest.mark.django_db
def test_teams_pages_are_site_pages_and_a_missing_team_is_the_site_404(client, club, director):
    """Every teams page (tournaments/urls_teams.py) has the site's header, viewport and icon."""
    from tests.tournaments.factories_teams import teams_event
    from tournaments.models import Match
    from tournaments.services import actions

    event = teams_event(club, teams=4, rounds=2)
    actions.event_start(event=event, user=director)
    client.force_login(director)
    base = f"/clubs/{club.slug}/events/{event.pk}/teams/"
    match = Match.objects.filter(event=event).first()
    for path in ("", "1/", "1/edit/", "rounds/", "waiting/", "standings/", f"matches/{match.pk}/"):
        html = client.get(base + path).content.decode()
        assert 'class="site-header"' in html and 'name="viewport"' in html and 'rel="icon"' in html, path
        assert 'id="teams-nav"' in html, path
    missing = client.get(base + "99/")
    assert missing.status_code == 404 and 'class="site-header"' in missing.content.decode()
