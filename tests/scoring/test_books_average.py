"""The books' plus/minus-the-average method (Standard Hoyle, Duplicate Bridge, L3437-3441):
standings read as the travellers do during the session, and equal the book at its end."""
import random

import pytest

from scoring.engine import above_average, plus_minus_the_average
from tests.tournaments.factories_event import create_event, enter_pairs, make_members, plays

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("commits")]  # code commits, the test rolls back


def test_at_the_end_of_a_mitchell_it_is_the_books_net_less_the_direction_average():
    """Every N-S pair played every board: board by board equals "net less the average"."""
    rng = random.Random(7)
    ns_pairs, ew_pairs, boards = ["1", "2", "3", "4"], ["5", "6", "7", "8"], []
    for b in range(8):
        boards.append([(ns, ew_pairs[(i + b) % 4], float(rng.randrange(-600, 700, 10)))
                       for i, ns in enumerate(ns_pairs)])
    _per_board, totals, compared = plus_minus_the_average(boards)
    net_ns = {ns: sum(s for board in boards for n, _e, s in board if n == ns) for ns in ns_pairs}
    net_ew = {ew: -sum(s for board in boards for _n, e, s in board if e == ew) for ew in ew_pairs}
    book = {**above_average(net_ns), **above_average(net_ew)}
    assert totals == pytest.approx(book) and set(compared.values()) == {8}


def test_the_books_worked_example():
    """"Say the average is 250 and No. 4's score was 380 ... No. 5 had 390, No. 5's score would
    be 140 and the top score" (L3441): two boards, three N-S pairs whose nets are 380, 390, -20."""
    boards = [[("4", "a", 380.0), ("5", "b", 390.0), ("6", "c", -20.0)],
              [("4", "b", 0.0), ("5", "c", 0.0), ("6", "a", 0.0)]]
    _per_board, totals, _compared = plus_minus_the_average(boards)
    assert (totals["4"], totals["5"]) == (pytest.approx(130), pytest.approx(140))


def test_whist_standings_mid_session_match_the_travellers(api_as, club, director):
    client = api_as(director)
    event = create_event(client, club, game="duplicate_whist", scoring="average",
                         movement={"kind": "mitchell", "tables": 3, "boards_per_round": 2})
    enter_pairs(client, club, event["id"], make_members(club, 12))
    base = f"/api/clubs/{club.slug}/events/{event['id']}"
    assert client.post(f"{base}/start/").status_code == 200
    movement = client.get(f"{base}/movement/").json()["sections"][0]
    stream = list(plays(movement))
    rounds = {rnd for rnd, *_ in stream}

    def check(expect_compared: bool):
        standings = client.get(f"{base}/standings/").json()["standings"]
        per_pair, boards = {}, {}
        for b in sorted({b for _r, _t, b, _ns, _ew in stream}):
            for row in client.get(f"{base}/results/", {"board": b}).json()["rows"]:
                per_pair[row["ns"]] = per_pair.get(row["ns"], 0) + row["plus_ns"]
                per_pair[row["ew"]] = per_pair.get(row["ew"], 0) + row["plus_ew"]
                if row["plus_ns"] or len(client.get(f"{base}/results/", {"board": b}).json()["rows"]) > 1:
                    boards[row["ns"]] = boards.get(row["ns"], 0) + 1
                    boards[row["ew"]] = boards.get(row["ew"], 0) + 1
        for s in standings:
            assert s["total"] == pytest.approx(per_pair.get(s["label"], 0), abs=1e-3), s
            assert s["boards"] == boards.get(s["label"], 0), s
        assert any(s["total"] for s in standings) == expect_compared

    for i, (rnd, _t, board, ns, ew) in enumerate(stream):
        if rnd == min(rounds):
            assert client.post(f"{base}/results/", {"board": board, "ns": ns, "ew": ew, "tricks_ns": 4 + i % 7},
                               format="json").status_code == 201
    check(expect_compared=False)  # each board played once: nothing compared, every pair at 0
    for i, (rnd, _t, board, ns, ew) in enumerate(stream):
        if rnd == min(rounds) + 1:
            assert client.post(f"{base}/results/", {"board": board, "ns": ns, "ew": ew, "tricks_ns": 9 - i % 5},
                               format="json").status_code == 201
    check(expect_compared=True)


def test_migration_moves_stored_books_values_out_of_the_imp_fields(api_as, club, director):
    """scoring 0003: an event scored by the books before it kept plus/minus in ``imp_*``; the
    migration moves them to ``plus_*`` and leaves other methods' rows as they are."""
    import importlib

    from django.apps import apps
    from django.db.models import F

    from scoring.models import Score

    client = api_as(director)
    ids = {}
    for scoring in ("average", "matchpoints"):
        event = create_event(client, club, game="duplicate_whist", scoring=scoring, name=f"Whist {scoring}",
                             movement={"kind": "mitchell", "tables": 3, "boards_per_round": 2})
        enter_pairs(client, club, event["id"], make_members(club, 12, start=1 + 12 * len(ids)))
        base = f"/api/clubs/{club.slug}/events/{event['id']}"
        assert client.post(f"{base}/start/").status_code == 200
        movement = client.get(f"{base}/movement/").json()["sections"][0]
        for i, (_rnd, _t, board, ns, ew) in enumerate(plays(movement)):
            client.post(f"{base}/results/", {"board": board, "ns": ns, "ew": ew, "tricks_ns": 3 + i % 9},
                        format="json")
        ids[scoring] = event["id"]
    books = Score.objects.filter(event_id=ids["average"])
    now = sorted(books.values_list("pk", "plus_ns", "plus_ew"))
    assert any(plus for _pk, plus, _ew in now) and not books.exclude(imp_ns=None).exists()
    books.update(imp_ns=F("plus_ns"), imp_ew=F("plus_ew"), plus_ns=None, plus_ew=None)  # as stored before
    other = Score.objects.filter(event_id=ids["matchpoints"])
    other_before = sorted(other.values_list("pk", "mp_ns", "mp_ew", "imp_ns", "plus_ns"))

    importlib.import_module("scoring.migrations.0003_score_plus").move(apps, None)

    assert sorted(books.values_list("pk", "plus_ns", "plus_ew")) == now
    assert not books.exclude(imp_ns=None).exists() and not books.exclude(imp_ew=None).exists()
    assert sorted(other.values_list("pk", "mp_ns", "mp_ew", "imp_ns", "plus_ns")) == other_before
    assert any(mp for _pk, mp, *_ in other_before)
