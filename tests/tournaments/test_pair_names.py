"""Pair entry by typed names: a member's name links the member, several matches ask which one,
no match enters a guest and says so -- on the event page and in the API alike."""
import pytest

from clubs import services as club_services
from clubs.selectors import player_match
from tests.conftest import PASSWORD
from tests.tournaments.factories_event import create_event
from tournaments.models import Entry

pytestmark = pytest.mark.django_db


@pytest.fixture
def people(club):
    make = club_services.member_create
    return {
        "ann": make(club=club, membership_number="101", first_name="Ann", last_name="Smith"),
        "bob": make(club=club, membership_number="102", first_name="Bob", last_name="Jones"),
        "mary": make(club=club, membership_number="103", first_name="Mary Ann", last_name="Jones"),
        "old": make(club=club, membership_number="104", first_name="Cyril", last_name="Old", active=False),
        "pat1": make(club=club, membership_number="105", first_name="Pat", last_name="Brown"),
        "pat2": make(club=club, membership_number="106", first_name="Pat", last_name="Brown"),
    }


@pytest.mark.parametrize("text, who", [
    ("Ann Smith", "ann"), ("ann smith", "ann"), ("Smith, Ann", "ann"), ("  SMITH ,  ann ", "ann"),
    ("Smith, Ann (101)", "ann"), ("101", "ann"), ("Mary Ann Jones", "mary"), ("Jones, Mary Ann", "mary"),
])
def test_a_typed_name_of_one_active_member_is_that_member(club, people, text, who):
    assert player_match(club=club, text=text).member == people[who]


def test_several_members_of_that_name_are_choices_and_others_are_guests(club, people):
    both = player_match(club=club, text="Pat Brown")
    assert both.member is None and set(both.choices) == {people["pat1"], people["pat2"]}
    assert player_match(club=club, text="Cyril Old").guest == "Cyril Old"  # not an active member
    assert player_match(club=club, text="Zoe Visitor").guest == "Zoe Visitor"
    assert player_match(club=club, text="guest:Ann Smith").guest == "Ann Smith"
    assert player_match(club=club, text="Ann").guest == "Ann"


@pytest.fixture
def event_url(api_as, club, director):
    event = create_event(api_as(director), club, movement={"kind": "howell", "tables": 2, "boards_per_round": 2})
    return event["id"], f"/clubs/{club.slug}/events/{event['id']}"


def test_the_page_links_a_typed_member_and_says_when_a_guest_is_entered(client, club, director, people, event_url):
    event_id, url = event_url
    client.login(username=director.username, password=PASSWORD)
    page = client.post(f"{url}/do/enter/", {"player_a": "Ann Smith", "player_b": "Zoe Visitor"}, follow=True)
    entry = Entry.objects.get(event_id=event_id)
    assert entry.member_a == people["ann"] and entry.guest_a.name == "Zoe Visitor"
    assert "Zoe Visitor: no active member of that name, entered as a guest." in page.content.decode()


def test_the_page_asks_which_member_keeping_the_input(client, club, director, people, event_url):
    event_id, url = event_url
    client.login(username=director.username, password=PASSWORD)
    page = client.post(f"{url}/do/enter/", {"player_a": "Pat Brown", "player_b": "Bob Jones"})
    html = page.content.decode()
    assert page.status_code == 400 and not Entry.objects.filter(event_id=event_id).exists()
    assert 'id="choose-player_a"' in html and "number 105" in html and "number 106" in html
    assert 'value="Pat Brown"' in html and 'value="Bob Jones"' in html
    client.post(f"{url}/do/enter/", {"player_a": "Pat Brown", "player_a_choice": "Brown, Pat (106)",
                                     "player_b": "Bob Jones"})
    entry = Entry.objects.get(event_id=event_id)
    assert {entry.member_a, entry.member_b} == {people["pat2"], people["bob"]}


def test_the_api_resolves_typed_names_the_same_way(api_as, club, director, people, event_url):
    event_id, _url = event_url
    client = api_as(director)
    base = f"/api/clubs/{club.slug}/events/{event_id}/entries/"
    linked = client.post(base, {"guests": ["smith, ann", "Zoe Visitor"]}, format="json")
    assert linked.status_code == 201, linked.content
    body = linked.json()
    assert body["members"] == [people["ann"].pk] and body["members_linked"] == ["Ann Smith"]
    assert body["guests_entered"] == ["Zoe Visitor"] and "entered as a guest" in body["notes"][0]
    ambiguous = client.post(base, {"guests": ["Pat Brown", "Bob Jones"]}, format="json")
    assert ambiguous.status_code == 400
    message = ambiguous.json()["guests"][0]
    assert f"id {people['pat1'].pk}" in message and f"id {people['pat2'].pk}" in message
    assert Entry.objects.filter(event_id=event_id).count() == 1
    chosen = client.post(base, {"members": [people["pat1"].pk], "guests": ["guest:Pat Brown"]}, format="json")
    assert chosen.status_code == 201 and chosen.json()["guests_entered"] == ["Pat Brown"]
