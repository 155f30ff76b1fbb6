"""An event of two sections scored across the field (issue 13): every result of a board compared
with the board's results in both sections, ranked per section and overall; compared with
scoring each section alone, and refused (400 naming the field) where it cannot apply."""
import random

import pytest

from scoring.engine import BoardResults, Method, Result, board_vulnerability, duplicate_score, score_session
from scoring.models import EventScoring, Score
from tests.tournaments.factories_event import make_members, plays, random_result
from tournaments.models import Event

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("commits")]  # code commits, the test rolls back

MITCHELL = {"kind": "mitchell", "tables": 3, "boards_per_round": 2}


def _two_sections(client, club, *, across=True, scoring="matchpoints", b_movement=MITCHELL):
    response = client.post(f"/api/clubs/{club.slug}/events/", {
        "name": "Congress pairs", "date": "2026-11-24", "game": "duplicate_bridge", "scoring": scoring,
        "deal_seed": "test-seed", "across_field": across,
        "sections": [{"name": "A", "movement": MITCHELL}, {"name": "B", "movement": b_movement}]}, format="json")
    return response


def _played_evening(client, club, *, scoring="matchpoints"):
    response = _two_sections(client, club, scoring=scoring)
    assert response.status_code == 201, response.content
    assert response.json()["across_field"] is True
    event_id = response.json()["id"]
    base = f"/api/clubs/{club.slug}/events/{event_id}"
    members = make_members(club, 24)
    for i, (a, b) in enumerate(zip(members[::2], members[1::2])):
        body = {"members": [a.pk, b.pk], "section": "A" if i < 6 else "B"}
        assert client.post(f"{base}/entries/", body, format="json").status_code == 201
    assert client.post(f"{base}/start/").status_code == 200
    sections = {s["section"]: s for s in client.get(f"{base}/movement/").json()["sections"]}
    rng = random.Random(13)
    posted = {"A": [], "B": []}
    for name, movement in sections.items():
        for _rnd, _table, board, ns, ew in plays(movement):
            body = {"section": name, "board": board, "ns": ns, "ew": ew, **random_result(rng, "duplicate_bridge")}
            response = client.post(f"{base}/results/", body, format="json")
            assert response.status_code == 201, response.content
            posted[name].append(body)
    return event_id, base, posted


def _boards(posted, prefix=""):
    boards: dict[int, list[Result]] = {}
    for p in posted:
        score = duplicate_score(p["contract"], p["declarer"], p["tricks"], board_vulnerability(p["board"]))
        boards.setdefault(p["board"], []).append(Result(prefix + p["ns"], prefix + p["ew"], float(score)))
    return boards


def _fields(posted, prefix=""):
    return {prefix + p[side]: d for p in posted for side, d in (("ns", "NS"), ("ew", "EW"))}


@pytest.mark.parametrize("scoring,method", [("matchpoints", "matchpoints"), ("imps", "butler")])
def test_two_sections_across_the_field_compared_with_each_alone(api_as, club, director, scoring, method):
    client = api_as(director)
    event_id, base, posted = _played_evening(client, club, scoring=scoring)
    across = client.get(f"{base}/standings/").json()
    assert across["current"] and across["across_field"] is True

    # Independent computation: both sections as one section, every pair renamed by its section.
    merged: dict[int, list[Result]] = {}
    for name in "AB":
        for b, rs in _boards(posted[name], name).items():
            merged.setdefault(b, []).extend(rs)
    field = score_session([BoardResults(b, tuple(rs)) for b, rs in sorted(merged.items())], Method(method),
                          fields={**_fields(posted["A"], "A"), **_fields(posted["B"], "B")})
    expected = {(s.entrant, s.field): s for s in field.standings}
    rows = across["standings"]
    assert len(rows) == 12
    for row in rows:
        one = expected[(row["section"] + row["label"], row["direction"])]
        assert row["total"] == pytest.approx(one.total, abs=1e-3) and row["overall"] == one.rank
    ns_overall = [r for r in across["overall"] if r["direction"] == "NS"]
    positions = [r["overall_position"] for r in ns_overall]
    assert len(ns_overall) == 6 and positions == sorted(positions) and ns_overall[0]["overall"] in ("1", "1=")
    assert {r["section"] for r in ns_overall} == {"A", "B"}
    if scoring == "matchpoints":
        assert {s.top for s in Score.objects.filter(event_id=event_id)} == {10.0}  # 6 results a board: top 10

    # The same evening with each section scored on its own: the section's own comparison.
    response = client.patch(base + "/", {"across_field": False}, format="json")
    assert response.status_code == 200 and response.json()["across_field"] is False
    alone = client.get(f"{base}/standings/").json()
    assert alone["current"] and alone["overall"] == [] and all("overall" not in r for r in alone["standings"])
    for name in "AB":
        session = score_session([BoardResults(b, tuple(rs)) for b, rs in sorted(_boards(posted[name]).items())],
                                Method(method), fields=_fields(posted[name]))
        got = {(r["label"], r["direction"]): (r["rank"], r["total"]) for r in alone["standings"] if r["section"] == name}
        assert got == {(s.entrant, s.field): (s.rank, pytest.approx(s.total, abs=1e-3)) for s in session.standings}
    if scoring == "matchpoints":
        assert {s.top for s in Score.objects.filter(event_id=event_id)} == {4.0}
    changed = [r for r in rows if (r["rank"], round(r["total"], 2)) !=
               next((x["rank"], round(x["total"], 2)) for x in alone["standings"]
                    if (x["section"], x["label"]) == (r["section"], r["label"]))]
    assert changed  # across the field is not each section alone

    response = client.patch(base + "/", {"across_field": True}, format="json")
    assert response.status_code == 200
    assert client.get(f"{base}/standings/").json()["standings"] == rows


def test_across_the_field_is_refused_when_sections_play_other_boards(api_as, club, director):
    client = api_as(director)
    other = {"kind": "mitchell", "tables": 5, "boards_per_round": 2}
    response = _two_sections(client, club, b_movement=other)
    assert response.status_code == 400 and "across_field" in response.json()
    assert "same boards" in str(response.json()["across_field"])
    assert not Event.objects.filter(name="Congress pairs").exists()

    response = _two_sections(client, club, across=False, b_movement=other)
    assert response.status_code == 201
    base = f"/api/clubs/{club.slug}/events/{response.json()['id']}"
    response = client.patch(base + "/", {"across_field": True}, format="json")
    assert response.status_code == 400 and "across_field" in response.json()


def test_across_the_field_is_refused_for_the_books_methods(api_as, club, director):
    client = api_as(director)
    response = _two_sections(client, club, scoring="average")
    assert response.status_code == 400 and "across_field" in response.json()
    response = _two_sections(client, club)
    base = f"/api/clubs/{club.slug}/events/{response.json()['id']}"
    response = client.patch(base + "/", {"scoring": "total_tricks"}, format="json")
    assert response.status_code == 400 and "scoring" in response.json()
    assert client.patch(base + "/", {"scoring": "cross_imps"}, format="json").status_code == 200


def test_a_rescore_records_why_when_a_section_changed_its_boards(api_as, club, director):
    client = api_as(director)
    event_id, base, _posted = _played_evening(client, club)
    from tournaments.models import Section

    from tournaments.movements import generate

    section = Section.objects.get(event_id=event_id, name="B")
    section.movement = generate("mitchell", tables=3, boards_per_round=3).to_dict()  # boards 1-9, not 1-6
    section.save()
    from scoring.services import event_rescore_recorded

    assert event_rescore_recorded(event_id=event_id, force=True) is False
    assert "across_field" in EventScoring.objects.get(event_id=event_id).error


def test_one_section_scored_across_the_field_is_its_own_field(api_as, club, director):
    """New event with one section and "Score across the field" ticked (or the option set by a PATCH):
    the section is a field of one, so its overall places are its section places (the event page's
    Overall table and the standings' ``overall`` are not left empty)."""
    client = api_as(director)
    response = client.post(f"/api/clubs/{club.slug}/events/", {
        "name": "One section", "date": "2026-11-24", "game": "duplicate_bridge", "scoring": "matchpoints",
        "deal_seed": "test-seed", "across_field": True, "sections": [{"name": "A", "movement": MITCHELL}]},
        format="json")
    assert response.status_code == 201, response.content
    base = f"/api/clubs/{club.slug}/events/{response.json()['id']}"
    members = make_members(club, 12)
    for a, b in zip(members[::2], members[1::2]):
        assert client.post(f"{base}/entries/", {"members": [a.pk, b.pk]}, format="json").status_code == 201
    assert client.post(f"{base}/start/").status_code == 200
    movement = client.get(f"{base}/movement/").json()["sections"][0]
    rng = random.Random(7)
    for _rnd, _table, board, ns, ew in plays(movement):
        body = {"section": "A", "board": board, "ns": ns, "ew": ew, **random_result(rng, "duplicate_bridge")}
        assert client.post(f"{base}/results/", body, format="json").status_code == 201
    standings = client.get(f"{base}/standings/").json()
    assert standings["across_field"] is True and len(standings["standings"]) == 6
    assert all(row["overall"] == row["rank"] for row in standings["standings"])
    assert len(standings["overall"]) == 6
