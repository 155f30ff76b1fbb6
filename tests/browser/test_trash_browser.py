"""In Chromium, under the Content-Security-Policy: a director deletes a member from its page
(the confirmation names what goes), finds it in the trash and restores it, and no page visited
breaks the policy."""
import pytest

from clubs import services
from clubs.models import Member


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_director_deletes_and_restores_a_member_without_policy_violations(live_server, browser_page, make_user):
    club = services.club_create(name="Browser Club", slug="browser-club", city="Bath")
    services.role_grant(club=club, user=make_user("dora"), role="director")
    ada = services.member_create(club=club, membership_number="11", first_name="Ada", last_name="Lovelace")
    page = browser_page
    refused = []
    page.on("console", lambda m: refused.append(m.text) if "Content Security Policy" in m.text else None)

    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("input[name=username]", "dora")
    page.fill("input[name=password]", "correct-horse-battery")
    page.get_by_role("button", name="Log in").click()
    page.goto(f"{live_server.url}{ada.get_absolute_url()}")
    page.get_by_role("link", name="Delete").click()
    assert "trash" in page.locator("main").inner_text()
    page.locator("#confirm-delete").click()
    assert not Member.objects.filter(pk=ada.pk).exists()
    page.goto(f"{live_server.url}/clubs/{club.slug}/trash/")
    assert "Ada Lovelace" in page.locator("#trash").inner_text()
    page.get_by_role("button", name="Restore").click()
    assert Member.objects.filter(pk=ada.pk).exists()
    page.goto(f"{live_server.url}/api/docs/")
    page.wait_for_selector(".swagger-ui .info", timeout=15000)
    assert refused == []
