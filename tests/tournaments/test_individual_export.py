"""An individual's USEBIO 1.2 and results PBN: one participant per player, traveller lines naming
the four players, and both files read back by `usebio score` / `pbn score` (no options) into the
standings Cardroom stored; the API, the event page's buttons and `manage.py usebio export` serve
them."""
import io
import random

import pytest
from django.core.management import call_command

from scoring.engine import pbntool, usebiotool
from scoring.services import event_rescore
from tests.tournaments.factories_event import make_members, random_result
from tests.tournaments.test_individual_evening import enter_players, individual_event
from tournaments.deals.pbn import decode_pbn, read_pbn
from tournaments.deals.usebio import read_usebio
from tournaments.models import Event
from tournaments.services.results_export import event_export_results_pbn, event_export_usebio

pytestmark = pytest.mark.django_db

SEATS = (("n", "north"), ("s", "south"), ("e", "east"), ("w", "west"))


def played_individual(client, club, *, scoring="matchpoints", players=8, rounds=7, seed=3, adjusted=()):
    """An individual played with random results (the plays at ``adjusted`` given A+/A-), scored, finished."""
    created = individual_event(client, club, players=players, rounds=rounds, boards_per_round=2)
    if scoring != "matchpoints":
        Event.objects.filter(pk=created["id"]).update(scoring=scoring)
    enter_players(client, club, created["id"], make_members(club, players))
    base = f"/api/clubs/{club.slug}/events/{created['id']}"
    assert client.post(f"{base}/start/").status_code == 200
    movement = client.get(f"{base}/movement/").json()["sections"][0]
    rng = random.Random(seed)
    i = 0
    for plan in movement["rounds_detail"]:
        for t in plan["tables"]:
            for board in t["boards"]:
                body = {"adjusted_ns": "A+", "adjusted_ew": "A-"} if i in adjusted else \
                    random_result(rng, "duplicate_bridge")
                body |= {"board": board} | {word: t[key] for key, word in SEATS}
                response = client.post(f"{base}/results/", body, format="json")
                assert response.status_code == 201, response.content
                i += 1
    event_rescore(event_id=created["id"], force=True)
    assert client.post(f"{base}/finish/").status_code == 200
    return Event.objects.get(pk=created["id"])


def stored(event):
    return {s.entry.label: (s.rank, round(s.total, 2), None if s.percentage is None else round(s.percentage, 2))
            for s in event.standings.select_related("entry")}


def read_back(session):
    return {s.entrant: (s.rank, round(s.total, 2), None if s.percentage is None else round(s.percentage, 2))
            for s in session.standings}


def close(a: dict, b: dict) -> bool:
    """Equal ranks; totals and percentages equal to the printed two decimals."""
    def near(x, y):
        return x == y or (x is not None and y is not None and abs(x - y) <= 0.0101)
    return a.keys() == b.keys() and all(a[k][0] == b[k][0] and near(a[k][1], b[k][1]) and near(a[k][2], b[k][2])
                                         for k in a)


@pytest.mark.parametrize("scoring", ["matchpoints", "imps", "cross_imps"])
def test_usebio_of_an_individual_reads_back_with_identical_standings(api_as, club, director, scoring):
    event = played_individual(api_as(director), club, scoring=scoring, adjusted=(5,))
    data = event_export_usebio(event)
    pure = read_usebio(data)
    assert pure.event_type == "INDIVIDUAL" and pure.individual and len(pure.pairs) == 8
    assert all(len(p.players) == 1 and p.players[0].national_id for p in pure.pairs)
    line = pure.boards[0].lines[0]
    assert len({line.ns, line.south, line.ew, line.west}) == 4
    assert b"<NORTH_PLAYER_NUMBER>" in data and b"<WEST_PLAYER_NUMBER>" in data and b"<PAIR>" not in data
    _ev, _boards, session, two = usebiotool.score_usebio(data)
    assert not two and close(read_back(session), stored(event))
    assert usebiotool.printed(pure, session)["matching"] == 8


@pytest.mark.parametrize("scoring", ["matchpoints", "imps", "cross_imps"])
def test_results_pbn_of_an_individual_reads_back_with_identical_standings(api_as, club, director, scoring,
                                                                          tmp_path):
    event = played_individual(api_as(director), club, scoring=scoring, adjusted=(5,))
    data = event_export_results_pbn(event)
    games = read_pbn(decode_pbn(data))
    columns = games[0].tag("ScoreTable").columns
    assert list(columns[2:6]) == ["PlayerId_North", "PlayerId_South", "PlayerId_East", "PlayerId_West"]
    points = ["MP_North", "MP_South", "MP_East", "MP_West"] if scoring == "matchpoints" else \
        ["IMP_North", "IMP_South", "IMP_East", "IMP_West"]
    assert all(c in columns for c in points)
    totals = games[0].tag("TotalScoreTable")
    assert len(totals.rows) == 8 and "PlayerId" in totals.columns
    path = tmp_path / "individual.pbn"
    path.write_bytes(data)
    code, text = pbntool.run(["score", str(path)])  # no options: the family from the file's [Scoring]
    assert code == 0, text
    import json

    out = json.loads(text)
    assert out["method"] == {"matchpoints": "matchpoints", "imps": "butler", "cross_imps": "cross-imps"}[scoring]
    assert out["boards"][0]["results"][0]["ns"] and len(out["boards"][0]["results"][0]["ns"]) == 2
    again = {r["player"]: (r["rank"], r["total"], r["percentage"]) for r in out["ranking"]}
    assert close(again, stored(event))
    from endplay.parsers import pbn as endplay_pbn

    with open(path, encoding="latin-1") as f:
        assert len(endplay_pbn.load(f)) == len(games)


def test_api_page_and_command_export_an_individual(api_as, client, club, director, tmp_path):
    event = played_individual(api_as(director), club, rounds=3)
    api = api_as(director)
    xml = api.get(f"/api/clubs/{club.slug}/events/{event.pk}/usebio/")
    assert xml.status_code == 200 and read_usebio(xml.content).individual
    pbn = api.get(f"/api/clubs/{club.slug}/events/{event.pk}/results-pbn/")
    assert pbn.status_code == 200 and b"PlayerId_North" in pbn.content
    client.force_login(director)
    page = client.get(event.get_absolute_url())
    assert b'id="results-export"' in page.content and b"Results PBN" in page.content
    assert client.get(f"/clubs/{club.slug}/events/{event.pk}/usebio.xml").status_code == 200
    assert b"PlayerId_West" in client.get(f"/clubs/{club.slug}/events/{event.pk}/results.pbn").content
    target = tmp_path / "indi.xml"
    call_command("usebio", "export", str(event.pk), "-o", str(target))
    assert read_usebio(target.read_bytes()).event_type == "INDIVIDUAL"
    out = io.StringIO()
    call_command("usebio", "export", str(event.pk), "--format", "pbn", stdout=out)
    assert "PlayerId_North" in out.getvalue() and "[TotalScoreTable" in out.getvalue()


@pytest.mark.parametrize("scoring", ["matchpoints", "cross_imps"])
def test_an_individual_usebio_imports_as_an_individual_event_with_the_same_standings(api_as, club, director,
                                                                                      scoring):
    from tournaments.services.usebio import event_import_usebio

    event = played_individual(api_as(director), club, scoring=scoring, adjusted=(5,))
    imported = event_import_usebio(club=club, data=event_export_usebio(event), name="Old individual")
    assert imported.is_individual and imported.status == "finished" and imported.scoring == scoring
    assert imported.usebio_report["matching"] == imported.usebio_report["players"] == 8
    assert close(stored(imported), stored(event))
    assert not imported.results.filter(south__isnull=True).exists()
    assert {e.member_a_id for e in imported.entries.all()} == {e.member_a_id for e in event.entries.all()}
    # and it exports again as the same individual
    again = read_usebio(event_export_usebio(Event.objects.get(pk=imported.pk)))
    assert again.individual and len(again.pairs) == 8


def test_an_individual_line_seating_a_player_twice_is_refused_naming_the_line(club):
    from tournaments.services.usebio import UsebioImportError, event_import_usebio

    xml = ("<USEBIO><EVENT EVENT_TYPE='INDIVIDUAL'><DATE>01/02/2026</DATE>\n<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>"
           "\n<TRAVELLER_LINE><NORTH_PLAYER_NUMBER>1</NORTH_PLAYER_NUMBER><SOUTH_PLAYER_NUMBER>1</SOUTH_PLAYER_NUMBER>"
           "<EAST_PLAYER_NUMBER>3</EAST_PLAYER_NUMBER><WEST_PLAYER_NUMBER>4</WEST_PLAYER_NUMBER><SCORE>50</SCORE>"
           "</TRAVELLER_LINE></BOARD></EVENT></USEBIO>")
    with pytest.raises(UsebioImportError, match="board 1, line 3: a player sits twice"):
        event_import_usebio(club=club, data=xml.encode())
    assert not Event.objects.filter(club=club).exists()
