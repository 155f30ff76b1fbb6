"""Prints read the stored scores and standings (the scoring run's rows), never score on their
own: a print shows what the standings page shows, even where the stored rows are not what the
engine would say now."""
import random

import pytest

from scoring.models import Score, Standing
from scoring.services import event_rescore
from tests.tournaments.factories_event import plays, random_result, started_event
from tournaments.models import Event
from tournaments.prints.kinds import PACK_KINDS, build_print
from tournaments.prints.source import event_sheet

pytestmark = pytest.mark.django_db


@pytest.fixture
def scored(api_as, club, director):
    client = api_as(director)
    event, base, movement = started_event(client, club, kind="mitchell", tables=3)
    rng = random.Random(11)
    for _rnd, _table, board, ns, ew in plays(movement):
        body = {"board": board, "ns": ns, "ew": ew, **random_result(rng, "duplicate_bridge")}
        assert client.post(f"{base}/results/", body, format="json").status_code == 201
    event_rescore(event_id=event["id"], force=True)
    return Event.objects.get(pk=event["id"])


def test_results_print_follows_the_stored_standings(scored):
    last = Standing.objects.filter(event=scored).order_by("-position").first()
    Standing.objects.filter(pk=last.pk).update(rank="1", total=999, percentage=87.5)
    rows = [r for f in build_print(event_sheet(scored), "results")[1]["fields"] for r in f["rows"]]
    printed = next(r for r in rows if r["pair"].replace(" ", "").replace("-", "") == last.entry.label)
    assert (printed["rank"], printed["total"], printed["percentage"]) == ("1", "999", "87.50")


def test_traveller_follows_the_stored_score(scored):
    score = Score.objects.filter(event=scored, result__board=1).select_related("result").first()
    Score.objects.filter(pk=score.pk).update(mp_ns=3.5, mp_ew=0.5)
    rows = build_print(event_sheet(scored), "travellers", board=1)[1]["travellers"][0]["rows"]
    row = next(r for r in rows if (r["round"], r["table"]) == (score.result.round, score.result.table))
    assert (row["cmp_ns"], row["cmp_ew"]) == ("3.5", "0.5")


def test_prints_without_a_scoring_run_show_no_scores(scored):
    """Results stored but their scores gone (a run still to come): the print shows none."""
    Score.objects.filter(event=scored).delete()
    Standing.objects.filter(event=scored).delete()
    sheet = event_sheet(scored)
    assert sheet.results and sheet.scored is None
    assert build_print(sheet, "results")[1]["scored"] is False


def test_no_print_calls_the_scoring_engine(scored, monkeypatch):
    import scoring.engine.session as session

    def refuse(*args, **kwargs):
        raise AssertionError("a print scored the results itself")

    for name in ("score_session", "_mp_board", "_imp_board"):
        monkeypatch.setattr(session, name, refuse)
    sheet = event_sheet(scored)
    for kind in PACK_KINDS:
        if kind != "hand-cards":
            build_print(sheet, kind)
