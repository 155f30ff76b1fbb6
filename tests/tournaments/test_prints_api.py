"""Prints of a real event through the API and the pages: the stored scores on the travellers,
errors naming the field, who may print what, and the pack rendered once into storage."""
import random

import pytest

from tests.tournaments.factories_event import create_event, enter_pairs, make_members, plays, random_result
from tests.tournaments.factories_prints import page_size_mm, pdf_pages
from tournaments.prints import pack as pack_module

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("commits")]  # code commits, the test rolls back


@pytest.fixture
def played(api_as, club, director, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    client = api_as(director)
    event = create_event(client, club, movement={"kind": "mitchell", "tables": 3, "boards_per_round": 2})
    members = make_members(club, 12)
    enter_pairs(client, club, event["id"], members)
    base = f"/api/clubs/{club.slug}/events/{event['id']}"
    assert client.post(f"{base}/start/").status_code == 200
    movement = client.get(f"{base}/movement/").json()["sections"][0]
    rng = random.Random(7)
    for _rnd, _table, board, ns, ew in plays(movement):
        body = {"board": board, "ns": ns, "ew": ew, **random_result(rng, "duplicate_bridge")}
        assert client.post(f"{base}/results/", body, format="json").status_code == 201
    return client, base, event, members


def test_travellers_carry_the_stored_matchpoints(played):
    client, base, _event, _members = played
    response = client.get(f"{base}/prints/travellers.pdf")
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    pages = pdf_pages(response.content)
    assert len(pages) == 6
    traveller = client.get(f"{base}/results/", {"board": 5}).json()
    rows = traveller["rows"] if isinstance(traveller, dict) else traveller
    assert len(rows) == 3
    for row in rows:
        for value in (row["mp_ns"], row["mp_ew"]):
            text = str(int(value)) if value == int(value) else f"{value:.2f}".rstrip("0").rstrip(".")
            assert text in pages[4]


@pytest.mark.parametrize("query, field", [({"board": 99}, "board"), ({"board": "x"}, "board"),
                                          ({"paper": "A3"}, "paper"), ({"pair": "1NS"}, "pair")])
def test_bad_parameters_are_400_naming_the_field(played, query, field):
    client, base, _event, _members = played
    response = client.get(f"{base}/prints/travellers.pdf", query)
    assert response.status_code == 400 and field in response.json(), response.content


def test_unknown_kind_is_404(played):
    client, base, _event, _members = played
    assert client.get(f"{base}/prints/tally-cards.pdf").status_code == 404


def test_letter_paper_on_request_and_one_board(played):
    client, base, _event, _members = played
    response = client.get(f"{base}/prints/hand-records.pdf", {"paper": "Letter", "board": 2})
    assert response.status_code == 200 and page_size_mm(response.content) == (215.9, 279.4)
    assert "Board 2" in pdf_pages(response.content)[0]


def test_player_downloads_their_own_score_card_only(played, api_as, player, club):
    client, base, _event, members = played
    members[0].user = player
    members[0].save()
    own = client.get(f"{base}/entries/").json()
    own = own["results"] if isinstance(own, dict) else own
    label = next(e["label"] for e in own if members[0].full_name in e["names"])
    other = next(e["label"] for e in own if e["label"] != label)
    mine = api_as(player).get(f"{base}/prints/score-cards.pdf", {"pair": label})
    assert mine.status_code == 200 and f"pair {label.replace('NS', ' N-S').replace('EW', ' E-W')}" in pdf_pages(mine.content)[0]
    assert api_as(player).get(f"{base}/prints/score-cards.pdf", {"pair": other}).status_code == 403
    # their pair has played every board, so every traveller is theirs to see (and print)
    assert api_as(player).get(f"{base}/prints/travellers.pdf").status_code == 200


def test_published_results_print_for_visitors(played, client, club):
    api, base, event, _members = played
    assert api.post(f"{base}/finish/").status_code == 200
    assert api.post(f"{base}/publish/").status_code == 200
    page = f"/clubs/{club.slug}/events/{event['id']}/prints/results.pdf"
    response = client.get(page)
    assert response.status_code == 200 and "North-South" in pdf_pages(response.content)[0]
    # a published event is public: travellers and hand records too
    assert client.get(f"/clubs/{club.slug}/events/{event['id']}/prints/travellers.pdf").status_code == 200


def test_pack_is_rendered_once_into_storage(played, client, director, club, monkeypatch):
    _api, _base, event, _members = played
    calls = []
    real = pack_module.render_pack

    def counting(*args, **kwargs):
        calls.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(pack_module, "render_pack", counting)
    client.force_login(director)
    url = f"/clubs/{club.slug}/events/{event['id']}/prints/pack.pdf"
    assert client.get(url, {"paper": "A4"}).status_code == 404
    assert client.post(url, {"paper": "A4"}).status_code == 302
    assert client.post(url, {"paper": "A4"}).status_code == 302
    assert len(calls) == 1
    response = client.get(url, {"paper": "A4"})
    assert response.status_code == 200
    pdf = b"".join(response.streaming_content)
    pages = pdf_pages(pdf)
    # guide cards 3 + chart, 6 travellers, 9 slips, 6 score cards, 6 boards of hand records, results
    from tournaments.prints.score_slips import slips_per_page
    assert len(pages) == 4 + 6 + -(-9 // slips_per_page(2)) + 6 + 1 + 1
    assert "Table 1" in pages[0] and "Board 1" in pages[4] and "Board by board" in pages[-1]


def test_pack_name_is_deterministic_and_follows_the_results(played, club):
    from tournaments.models import Event
    event = Event.objects.get(pk=played[2]["id"])
    first = pack_module.pack_name(event, "A4")
    assert first == pack_module.pack_name(Event.objects.get(pk=event.pk), "A4")
    assert first != pack_module.pack_name(event, "Letter")
    Event.objects.filter(pk=event.pk).update(results_version=event.results_version + 1)
    assert pack_module.pack_name(Event.objects.get(pk=event.pk), "A4") != first


def test_print_pages_show_the_same_template_as_html(played, client, director, club):
    _api, _base, event, _members = played
    client.force_login(director)
    html = client.get(f"/clubs/{club.slug}/events/{event['id']}/prints/guide-cards/").content.decode()
    assert "Table 1" in html and "print/print.css" in html and "Movement wall chart" in html
    menu = client.get(f"/clubs/{club.slug}/events/{event['id']}/prints/").content.decode()
    assert "travellers.pdf?paper=Letter" in menu and "hand-records.pdf?paper=A4" in menu
