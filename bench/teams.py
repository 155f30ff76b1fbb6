"""Teams benchmark (issue 12). Part one: drawing a Swiss of 100 teams for round 8 (target < 1 s),
beside a floor measured in the same run (sorting the standings and pairing them greedily top-down
with no backtracking, which may leave rematches), and the previous plain backtracking on a field
built to defeat it (the eight lowest teams all met), stopped after a time budget.

Part two (PostgreSQL and Redis): a 40-team Swiss round of 8-board matches (20 matches, 320 room
results) scored in process and through a Celery worker, and the latency from a table's result to
standings that include it; each beside a floor measured in the same run (reading the results and
comparing the rooms in the engine; a do-nothing task's round trip through the same worker). It
makes its own database (``cardroom_bench_teams``, a copy of BENCH_PG_TEMPLATE when given, dropped
after the run; BENCH_DB_PREFIX replaces ``cardroom_bench``) and uses Redis database 14 so its worker
takes no one else's tasks (BENCH_PG and BENCH_REDIS override them).

Run: .venv/bin/python bench/teams.py [--draw-only]
Prints a table and writes bench/results/teams.json: {"python", "machine", "rows": [...]}, one row a
measure ({"task", "teams", "round", "seconds", "floor_seconds", "target_seconds", "note"}); more
measures (scoring a round from PostgreSQL, result-to-standings latency) append rows.
"""
from __future__ import annotations

import json
import os
import platform
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tournaments.movements import TeamsError, round_robin, swiss_pairing  # noqa: E402

SEED = 2013  # the WBF continuous VP scale's year
TEAMS, ROUND = 100, 8
BACKTRACK_BUDGET = 5.0  # seconds the previous algorithm is given before it is stopped


def timed(fn, *args, repeat: int = 5) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn(*args)
        best = min(best, time.perf_counter() - start)
    return best


def swiss_field(rng: random.Random, teams: int, rounds: int, played=None, score=None):
    """``rounds`` Swiss rounds drawn by ``swiss_pairing`` with random 20-VP results."""
    played = list(played or [])
    score = dict(score or {t: 0.0 for t in range(1, teams + 1)})
    for _ in range(rounds):
        for home, away in swiss_pairing(standings(score), played):
            played.append((home, away))
            if not away:
                score[home] += 12
                continue
            vp = round(rng.uniform(0, 20), 2)
            score[home] += vp
            score[away] += 20 - vp
    return score, played


def standings(score: dict) -> list[int]:
    return sorted(score, key=lambda t: (-score[t], t))


def greedy_floor(score: dict, played: list) -> list:
    """Sort the standings, pair top-down taking the first team not met, no going back."""
    met = {frozenset(p) for p in played}
    left = standings(score)
    pairs = []
    while len(left) > 1:
        top = left.pop(0)
        k = next((i for i, t in enumerate(left) if frozenset((top, t)) not in met), 0)
        pairs.append((top, left.pop(k)))
    return pairs


def backtracking(order, met, deadline):
    """The previous draw: plain recursive backtracking (exponential in the worst case)."""
    if time.perf_counter() > deadline:
        raise TimeoutError
    if not order:
        return []
    top, rest = order[0], order[1:]
    for i, other in enumerate(rest):
        if frozenset((top, other)) in met:
            continue
        tail = backtracking(rest[:i] + rest[i + 1:], met, deadline)
        if tail is not None:
            return [(top, other)] + tail
    return None


def swiss_rows() -> list[dict]:
    rng = random.Random(SEED)
    rows = []
    score, played = swiss_field(rng, TEAMS, ROUND - 1)
    rows.append({
        "task": f"Swiss draw, round {ROUND} after random results", "teams": TEAMS, "round": ROUND,
        "seconds": round(timed(swiss_pairing, standings(score), played), 4),
        "floor_seconds": round(timed(greedy_floor, score, played), 4), "target_seconds": 1.0,
        "note": "floor: sort + greedy top-down, no backtracking"})

    # the eight lowest teams played a round robin among themselves in rounds 1-7
    bottom = {t: -100.0 for t in range(TEAMS - 7, TEAMS + 1)}
    played = [(TEAMS - 8 + a, TEAMS - 8 + b) for rnd in round_robin(8) for a, b in rnd]
    top, played = swiss_field(rng, TEAMS - 8, ROUND - 1, played,
                              {t: 0.0 for t in range(1, TEAMS - 7)})
    score = top | bottom
    order = standings(score)
    met = {frozenset(p) for p in played}
    start = time.perf_counter()
    try:
        backtracking(order, met, start + BACKTRACK_BUDGET)
        old, note = time.perf_counter() - start, "previous backtracking finished"
    except (TimeoutError, RecursionError):
        old, note = None, f"previous backtracking stopped unfinished after {BACKTRACK_BUDGET:.0f} s"
    rows.append({
        "task": f"Swiss draw, round {ROUND}, the 8 lowest all met", "teams": TEAMS, "round": ROUND,
        "seconds": round(timed(swiss_pairing, order, played), 4),
        "floor_seconds": round(timed(greedy_floor, score, played), 4), "target_seconds": 1.0,
        "note": note, "previous_seconds": None if old is None else round(old, 4)})

    # no draw exists: five teams (an odd group) have met every team but each other, so the
    # other nineteen cannot all be paired; plain backtracking tries every pairing of them first
    played = [(a, b) for a in range(20, 25) for b in range(1, 20)]
    order = list(range(1, 25))
    start = time.perf_counter()
    try:
        backtracking(order, {frozenset(p) for p in played}, start + BACKTRACK_BUDGET)
        old, note = time.perf_counter() - start, "previous backtracking finished"
    except (TimeoutError, RecursionError):
        old, note = None, f"previous backtracking stopped unfinished after {BACKTRACK_BUDGET:.0f} s"
    rows.append({
        "task": "Swiss draw refused: no rematch-free pairing", "teams": 24, "round": 20,
        "seconds": round(timed(refused, order, played), 4),
        "floor_seconds": round(timed(greedy_floor, {t: -t for t in order}, played), 4),
        "target_seconds": 1.0, "note": note, "previous_seconds": None if old is None else round(old, 4)})
    return rows


def refused(order, played) -> None:
    try:
        swiss_pairing(order, played)
    except TeamsError:
        return
    raise AssertionError("a draw was found where none exists")


# Part two: a 40-team round scored from PostgreSQL by a Celery worker, and result-to-standings
# latency. Run in a child process (``--scoring``) whose DATABASE_URL/REDIS_URL point at a database
# and a Redis database of its own, so the worker neither takes nor gives anyone else's tasks.
SCORING_TEAMS, SCORING_BOARDS, LATENCY_RESULTS = 40, 8, 12
BENCH_DB = f"{os.environ.get('BENCH_DB_PREFIX', 'cardroom_bench')}_teams"
BENCH_REDIS = "redis://127.0.0.1:6379/14"


def scoring_rows() -> list[dict]:
    """Create the bench database, migrate it, run the child and read its rows (stdout JSON)."""
    import os
    import subprocess

    pg = os.environ.get("BENCH_PG", "postgres://postgres@127.0.0.1:5432")
    env = {**os.environ, "DATABASE_URL": f"{pg}/{BENCH_DB}", "REDIS_URL": os.environ.get("BENCH_REDIS", BENCH_REDIS),
           "DJANGO_SETTINGS_MODULE": "cardroom.settings", "DEBUG": "True"}
    template = os.environ.get("BENCH_PG_TEMPLATE", "")  # a migrated database to copy (bench/summary.py makes one)
    create = f"CREATE DATABASE {BENCH_DB}" + (f' TEMPLATE "{template}"' if template else "")
    for sql in (f"DROP DATABASE IF EXISTS {BENCH_DB}", create):
        subprocess.run(["psql", f"{pg}/postgres", "-q", "-c", sql], check=True, stdout=subprocess.DEVNULL)
    if not template:
        subprocess.run([sys.executable, "manage.py", "migrate", "--noinput"], cwd=ROOT, env=env, check=True,
                       stdout=subprocess.DEVNULL)
    try:
        done = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--scoring"], cwd=ROOT, env=env,
                              check=True, stdout=subprocess.PIPE, text=True)
    finally:
        subprocess.run(["psql", f"{pg}/postgres", "-q", "-c", f"DROP DATABASE IF EXISTS {BENCH_DB} WITH (FORCE)"],
                       check=False, stdout=subprocess.DEVNULL)
    return json.loads(done.stdout.strip().splitlines()[-1])


def _scoring_child() -> list[dict]:
    import datetime
    import os
    import statistics
    import subprocess

    import django

    django.setup()
    from django.db import connection, transaction

    from cardroom.celery import app
    from clubs import services as club_services
    from scoring.models import EventScoring
    from scoring.services import event_rescore
    from scoring.tasks import rescore_event
    from tournaments.models import Entry, Event, Match, Result, TeamStanding
    from tournaments.services import results
    from tournaments.services.teams import team_add, teams_event_setup, teams_rescore, teams_start

    assert connection.vendor == "postgresql", connection.vendor
    rng = random.Random(SEED)
    club = club_services.club_create(name="Bench teams", slug="bench-teams")
    event = teams_event_setup(club=club, name="Bench Swiss", date=datetime.date.today(), game="duplicate_bridge",
                              format="swiss", boards_per_match=SCORING_BOARDS, rounds=3, deal_seed="bench-teams")
    for k in range(1, SCORING_TEAMS + 1):
        team_add(event=event, name=f"Team {k}", seed=k,
                 players=[{"guest": f"Player {k}{x}", "captain": x == "A"} for x in "ABCD"])
    event = teams_start(event=event)
    section = event.sections.get()
    entries = {e.label: e for e in Entry.objects.filter(section=section)}
    plan = section.schedule.round(1)
    plays = []
    for t in plan.tables:
        for b in t.boards:
            contract, declarer = rng.choice(["3NT", "4H", "4S", "2H", "3C", "1NT", "5D", "2S", "6NT"]), rng.choice("NESW")
            tricks = rng.randint(6, 12)
            fields = {"adjusted_ns": "", "contract": contract, "declarer": declarer, "tricks": tricks}
            plays.append(Result(event=event, section=section, board=b, round=1, table=t.table, ns=entries[t.ns],
                                ew=entries[t.ew], contract=contract, declarer=declarer, tricks=tricks, confirmed=True,
                                score_ns=results.raw_score(event, b, fields)))
    # the last LATENCY_RESULTS plays come in from the tables one by one while the worker scores
    late, early = plays[-LATENCY_RESULTS:], plays[:-LATENCY_RESULTS]
    Result.objects.bulk_create(early)
    Event.objects.filter(pk=event.pk).update(results_version=1)
    app.control.purge()  # the start's double-dummy analysis: not what is measured

    def in_process():
        with transaction.atomic():
            teams_rescore(event=Event.objects.get(pk=event.pk))

    def full_rescore():
        event_rescore(event_id=event.pk, force=True)

    def floor_read_and_score():
        """What any scoring of the round must do: read its confirmed results from the database and
        compare the rooms in the pure engine (no writes)."""
        from scoring.engine.teams import MatchBoard, match_score

        rows = list(Result.objects.filter(event=event, confirmed=True).values_list("board", "ns__label", "ew__label",
                                                                                   "score_ns"))
        by = {(b, ns, ew): s for b, ns, ew, s in rows}
        for m in Match.objects.filter(event=event, round=1, away__isnull=False).select_related("home", "away"):
            h, a = m.home.number, m.away.number
            match_score([MatchBoard(b, by.get((b, f"{h}NS", f"{a}EW")), by.get((b, f"{a}NS", f"{h}EW")))
                         for b in plan.table(m.table_open).boards], scoring="imps", vp_scale="wbf_continuous",
                        boards_in_match=SCORING_BOARDS)

    rows = []
    rows.append({"task": f"Score a {SCORING_TEAMS}-team round in process (teams_rescore)", "teams": SCORING_TEAMS,
                 "round": 1, "seconds": round(timed(in_process), 4), "floor_seconds": round(timed(floor_read_and_score), 4),
                 "target_seconds": None, "results": len(early),
                 "note": "floor: read the round's results and compare the rooms in the engine, no writes"})
    rows.append({"task": f"Rescore the event in process (event_rescore, force)", "teams": SCORING_TEAMS, "round": 1,
                 "seconds": round(timed(full_rescore), 4), "floor_seconds": rows[0]["floor_seconds"],
                 "target_seconds": None, "results": len(early), "note": "lock, version, teams_rescore, stamp"})

    worker = subprocess.Popen([sys.executable, "-m", "celery", "-A", "cardroom", "worker", "--pool=solo",
                               "--loglevel=WARNING", "--without-gossip", "--without-mingle", "--without-heartbeat"],
                              cwd=ROOT, env=dict(os.environ), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.time() + 60
        while not app.control.ping(timeout=1) and time.time() < deadline:
            pass

        def through_worker() -> float:
            """A new results version (as a confirmed result makes), the rescore task queued, the
            time until the worker has stored standings of that version."""
            version = Event.objects.get(pk=event.pk).results_version + 1
            Event.objects.filter(pk=event.pk).update(results_version=version)
            start = time.perf_counter()
            rescore_event.delay(event.pk)
            while not EventScoring.objects.filter(event=event, version__gte=version).exists():
                time.sleep(0.002)
            return time.perf_counter() - start

        scored = min(through_worker() for _ in range(5))
        # the floor: a task that does nothing (Celery's own celery.accumulate) through the same
        # broker and worker, its answer read back from the result backend
        accumulate = app.tasks["celery.accumulate"]
        noop = []
        for _ in range(5):
            start = time.perf_counter()
            accumulate.delay(1).get(timeout=30)
            noop.append(time.perf_counter() - start)
        rows.append({"task": f"Score a {SCORING_TEAMS}-team round through the Celery worker", "teams": SCORING_TEAMS,
                     "round": 1, "seconds": round(scored, 4), "floor_seconds": round(min(noop), 4),
                     "target_seconds": None, "results": len(early),
                     "note": "enqueue to stored standings; floor: a do-nothing task (celery.accumulate) through the same worker"})
        latencies = []
        for r in late:
            data = {"board": r.board, "ns": r.ns.label, "ew": r.ew.label, "contract": r.contract,
                    "declarer": r.declarer, "tricks": r.tricks}
            results.result_submit(event=event, data=data)  # confirmed, commits, queues the rescore
            committed = time.perf_counter()
            version = Event.objects.get(pk=event.pk).results_version
            while not EventScoring.objects.filter(event=event, version__gte=version).exists():
                time.sleep(0.002)
            latencies.append(time.perf_counter() - committed)
        latencies.sort()
        rows.append({"task": "Result to standings (a table's result, worker)", "teams": SCORING_TEAMS, "round": 1,
                     "seconds": round(statistics.median(latencies), 4), "max_seconds": round(latencies[-1], 4),
                     "floor_seconds": round(min(noop), 4), "target_seconds": None, "results": len(latencies),
                     "note": "median from the result's commit to standings that include it; floor as above"})
        complete = Match.objects.filter(event=event, round=1, away__isnull=False, status="complete").count()
        assert complete == SCORING_TEAMS // 2, complete
        assert TeamStanding.objects.filter(event=event).count() == SCORING_TEAMS
    finally:
        worker.terminate()
        worker.wait(timeout=30)
    return rows


def main() -> dict:
    rows = swiss_rows()
    if "--draw-only" not in sys.argv:
        rows += scoring_rows()
    print(f"{'task':58} {'teams':>5} {'round':>5} {'s':>8} {'floor s':>8} {'target':>6} {'before s':>8}  note")
    for r in rows:
        before = r.get("previous_seconds", "")
        target = r["target_seconds"] if r["target_seconds"] is not None else "-"
        print(f"{r['task']:58} {r['teams']:>5} {r['round']:>5} {r['seconds']:>8} "
              f"{r['floor_seconds']:>8} {target:>6} {before if before is not None else '>budget':>8}"
              f"  {r['note']}")
    report = {"seed": SEED, "python": platform.python_version(), "machine": platform.machine(),
              "cpus": os.cpu_count(), "load_average": [round(x, 1) for x in os.getloadavg()],
              "database": None if "--draw-only" in sys.argv else "postgresql", "rows": rows}
    out = ROOT / "bench" / "results" / "teams.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps(report, indent=1) + "\n")
    return report


if __name__ == "__main__":
    if "--scoring" in sys.argv:
        print(json.dumps(_scoring_child()))
    else:
        main()
