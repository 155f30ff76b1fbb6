"""Club rating benchmark: a club of 400 players over 5 years (about 1,000 matchpointed pair
sessions of 8 to 14 pairs, mostly regular partnerships) rated (a) from scratch and (b)
incrementally after one more published event, each beside its floor measured in the same run:
the pure rule alone (``scoring.engine.rating``, no database) and the bare reads and writes the
service cannot avoid (the standings read; the rows it writes, bulk-inserted). Also: the
competitions' update after that event (a ladder, an average and a masterpoint table).

    DATABASE_URL=postgres://... DEBUG=True python bench/rating.py [--quick]

Prints a table and writes bench/results/rating.json (a quick run, ``--quick`` or BENCH_QUICK=1:
100 players and 120 sessions, written only to BENCH_RESULTS_DIR when that is set).
"""
from __future__ import annotations

import datetime
import json
import os
import platform
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardroom.settings")
os.environ.setdefault("DEBUG", "True")

import django  # noqa: E402

django.setup()

from django.db import connection, transaction  # noqa: E402

from clubs import services as club_services  # noqa: E402
from clubs.models import Club, Member  # noqa: E402
from scoring.engine.rating import rate  # noqa: E402
from scoring.models import RatingChange, Standing  # noqa: E402
from scoring.services_competitions import competition_create, event_feeds_update  # noqa: E402
from scoring.services_rating import RATING_RULES, club_rating_rebuild, event_rate, rated_sessions  # noqa: E402
from tournaments.models import Entry, Event, EventStatus, Section  # noqa: E402

SEED = 2012  # the year the EBU's NGS went live
SLUG = "bench-rating"
TARGET_SCRATCH_S, TARGET_INCREMENT_S = 10.0, 0.5


def drop_club() -> None:
    """The bench's club and everything in it (events first: entries protect their members)."""
    Event.all_objects.filter(club__slug=SLUG).delete()
    Club.all_objects.filter(slug=SLUG).delete()


def fresh_club() -> Club:
    drop_club()
    return club_services.club_create(name="Bench rating", slug=SLUG)


def build(club: Club, *, players: int, sessions: int, rng: random.Random) -> list[Member]:
    """Members, then ``sessions`` published events over five years written in bulk, each with
    8-14 pairs: a regular partnership three times in four, a pick-up partner otherwise; the
    percentages drawn round each pair's hidden strength, summing to 50 on average."""
    members = Member.objects.bulk_create([Member(club=club, membership_number=str(10_000 + i), first_name=f"P{i}",
                                                 last_name=f"Player{i}") for i in range(players)])
    strength = {m.pk: rng.gauss(50, 5) for m in members}
    regular = {}
    shuffled = members[:]
    rng.shuffle(shuffled)
    for a, b in zip(shuffled[::2], shuffled[1::2]):
        regular[a.pk], regular[b.pk] = b, a
    start = datetime.date(2021, 1, 4)
    days = 5 * 365
    events = Event.objects.bulk_create([
        Event(club=club, name=f"Pairs {n}", date=start + datetime.timedelta(days=n * days // sessions),
              status=EventStatus.PUBLISHED, results_version=1) for n in range(sessions)])
    sections = Section.objects.bulk_create([Section(event=e, name="A") for e in events])
    plan = []
    for event, section in zip(events, sections):
        n_pairs = rng.randint(8, 14)
        present = rng.sample(members, 2 * n_pairs)
        taken, pairs = set(), []
        for m in present:
            if m.pk in taken:
                continue
            partner = regular[m.pk] if rng.random() < 0.75 and regular[m.pk].pk not in taken else None
            if partner is None:
                partner = next((p for p in present if p.pk not in taken and p.pk != m.pk), None)
            if partner is None:
                break
            taken |= {m.pk, partner.pk}
            pairs.append((m, partner))
        pairs = pairs[:n_pairs]
        raw = [(strength[a.pk] + strength[b.pk]) / 2 + rng.gauss(0, 6) for a, b in pairs]
        mean = sum(raw) / len(raw)
        pcts = [round(min(80, max(20, 50 + r - mean)), 2) for r in raw]
        plan.append((event, section, pairs, pcts))
    entries = Entry.objects.bulk_create([
        Entry(event=event, section=section, label=str(i + 1), member_a=a, member_b=b, names=f"{a} & {b}")
        for event, section, pairs, _ in plan for i, (a, b) in enumerate(pairs)], batch_size=5000)
    standings, k = [], 0
    for event, section, pairs, pcts in plan:
        order = sorted(range(len(pairs)), key=lambda i: -pcts[i])
        for position, i in enumerate(order, start=1):
            standings.append(Standing(event=event, section=section, entry=entries[k + i], position=position,
                                      rank=str(position), total=pcts[i], top=100, percentage=pcts[i], boards=24))
        k += len(pairs)
    Standing.objects.bulk_create(standings, batch_size=5000)
    return members


def one_more_event(club: Club, members: list[Member], rng: random.Random) -> Event:
    last = Event.objects.filter(club=club).order_by("-date").values_list("date", flat=True).first()
    event = Event.objects.create(club=club, name="Tonight", date=last + datetime.timedelta(days=1),
                                 status=EventStatus.PUBLISHED, results_version=1)
    section = Section.objects.create(event=event, name="A")
    players = rng.sample(members, 24)
    pcts = sorted((round(rng.uniform(35, 65), 2) for _ in range(12)), reverse=True)
    for i, (a, b) in enumerate(zip(players[::2], players[1::2])):
        entry = Entry.objects.create(event=event, section=section, label=str(i + 1), member_a=a, member_b=b)
        Standing.objects.create(event=event, section=section, entry=entry, position=i + 1, rank=str(i + 1),
                                total=pcts[i], top=100, percentage=pcts[i], boards=24)
    return event


def timed(fn, repeat: int = 1) -> float:
    best = float("inf")
    for _ in range(repeat):
        started = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - started)
    return best


def floor_rows(changes: int, ratings: int) -> float:
    """Bulk-insert as many rows as a rebuild writes, into a temporary table, and read them back."""
    with connection.cursor() as cursor:
        cursor.execute("CREATE TEMPORARY TABLE bench_floor (a bigint, b bigint, c float, d float, e float, f float)")
        started = time.perf_counter()
        rows = [(i, i, 50.0, 50.0, 50.0, 50.0) for i in range(changes + ratings)]
        for k in range(0, len(rows), 5000):
            cursor.executemany("INSERT INTO bench_floor VALUES (%s, %s, %s, %s, %s, %s)", rows[k:k + 5000])
        seconds = time.perf_counter() - started
        cursor.execute("DROP TABLE bench_floor")
    return seconds


def main(quick: bool = False) -> dict:
    rng = random.Random(SEED)
    players, sessions = (100, 120) if quick else (400, 1000)
    club = fresh_club()
    built = time.perf_counter()
    members = build(club, players=players, sessions=sessions, rng=rng)
    built = time.perf_counter() - built
    event_ids = list(Event.objects.filter(club=club).order_by("date", "pk").values_list("pk", flat=True))
    pairs = Standing.objects.filter(event__club=club).count()
    rows = []

    def record(task, seconds, target=None, floor=None):
        rows.append({"task": task, "seconds": round(seconds, 4), "target_seconds": target,
                     "floor_seconds": None if floor is None else round(floor, 4),
                     "within": None if target is None else seconds < target})

    # (a) from scratch
    read = timed(lambda: rated_sessions(event_ids), repeat=3)
    sessions_by_event = rated_sessions(event_ids)
    ordered = [s for pk in event_ids for s in sessions_by_event.get(pk, [])]
    engine = timed(lambda: rate(ordered, RATING_RULES), repeat=3)
    scratch = timed(lambda: club_rating_rebuild(club=club), repeat=2)
    changes = RatingChange.objects.filter(member__club=club).count()
    with transaction.atomic():
        writes = floor_rows(changes, players)
    record(f"from scratch: club_rating_rebuild ({sessions} sessions, {pairs} pair results)", scratch, TARGET_SCRATCH_S,
           engine + read + writes)
    record("  floor: the pure rule alone (scoring.engine.rating.rate)", engine)
    record("  floor: reading the standings (rated_sessions)", read)
    record(f"  floor: bulk-inserting {changes + players} rows (raw SQL, temporary table)", writes)

    # (b) incrementally, after one more event
    event = one_more_event(club, members, rng)
    started = time.perf_counter()
    outcome = event_rate(event_id=event.pk)
    incremental = time.perf_counter() - started
    assert outcome == "added", outcome
    one_read = timed(lambda: rated_sessions([event.pk]), repeat=3)
    one_session = rated_sessions([event.pk])[event.pk]
    one_engine = timed(lambda: rate(one_session, RATING_RULES), repeat=3)
    record("incremental: event_rate after one more event (12 pairs)", incremental, TARGET_INCREMENT_S,
           one_engine + one_read)
    record("  floor: the pure rule for that event", one_engine)
    record("  floor: reading that event's standings", one_read)

    # the competitions that follow the event
    first = Event.objects.filter(club=club).order_by("date").values_list("date", flat=True).first()
    season = first.replace(year=first.year + 4)
    for kind, extra in (("ladder", {"best": 20}), ("average", {"minimum": 10}), ("masterpoints", {})):
        competition_create(club=club, name=f"Bench {kind}", kind=kind, date_from=season, **extra)
    feeds = timed(lambda: event_feeds_update(event_id=event.pk))
    record("event_feeds_update: rating unchanged + 3 season competitions (a year of events)", feeds)

    report = {"seed": SEED, "players": players, "sessions": sessions, "pair_results": pairs,
              "rating_changes": changes, "setup_s": round(built, 2), "database": connection.vendor,
              "rules": {"memory": RATING_RULES.memory, "half_life_days": RATING_RULES.half_life_days},
              "python": platform.python_version(), "machine": platform.machine(), "rows": rows}
    width = max(len(r["task"]) for r in rows)
    print(f"{players} players, {sessions} sessions, {pairs} pair results ({connection.vendor}; setup {built:.1f} s)")
    print(f"{'task':<{width}}  {'seconds':>8}  {'target':>7}")
    for r in rows:
        target = f"< {r['target_seconds']:g}" if r["target_seconds"] else ""
        print(f"{r['task']:<{width}}  {r['seconds']:>8.4f}  {target:>7}")
    drop_club()
    results = os.environ.get("BENCH_RESULTS_DIR")
    if results or not quick:
        out = Path(results) / "rating.json" if results else ROOT / "bench" / "results" / "rating.json"
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {out}")
    return report


if __name__ == "__main__":
    main(quick="--quick" in sys.argv[1:] or os.environ.get("BENCH_QUICK") == "1")
