"""The print pack of a real 13-table, 26-board Mitchell in the database, as the Celery tasks make
it: inline (one process, the chord run part after part), with 2 and 4 worker processes (a real
``celery worker --pool=prefork``), and again after one new result (only the parts whose text
changed are laid out again). Each beside the WeasyPrint floor measured in the same run: the
same text of every kind of the pack as plain table pages (one plain table a kind, no stylesheet
but the paper), laid out and written in one process, with Python's collector as a print has it
(``layout_gc``), before the pack and again just after the first pool's (``floor_after``: the
pack's CPU is set beside the two floors' mean: on this machine the same floor measured a minute
apart differed by up to 10 %); the same floor at Python's default thresholds is reported beside it. Wall seconds and CPU seconds (the CPU of
every process of the worker pool, or of this process inline): on a shared machine the CPU
seconds are the per-process cost, the wall seconds what the director waits.

With BENCH_QUICK=1 (``make bench``) the inline renders are left out (and bench/prints.py asks for
the largest pool only): the pack's CPU seconds on the workers stand for the per-process figure.

Used by bench/prints.py (``--workers 2,4``); needs Redis for the workers (REDIS_URL, db 15 by
default) and a migrated database (DATABASE_URL; bench/summary.py passes a fresh SQLite file).
"""
from __future__ import annotations

import datetime
import html as html_lib
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from html.parser import HTMLParser
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


class _Text(HTMLParser):
    """The text runs of a page, without head, style and script."""

    def __init__(self):
        super().__init__()
        self.runs, self._skip = [], 0

    def handle_starttag(self, tag, attrs):
        self._skip += tag in ("head", "style", "script")

    def handle_endtag(self, tag):
        self._skip -= tag in ("head", "style", "script")

    def handle_data(self, data):
        if not self._skip and data.strip():
            self.runs.append(data.strip())


def plain_page(page_html: str, cells: int = 8) -> str:
    """The same text as one plain table (``cells`` runs a row), no stylesheet but the paper."""
    parser = _Text()
    parser.feed(page_html)
    runs = [html_lib.escape(r) for r in parser.runs]
    rows = "".join("<tr>" + "".join(f"<td>{r}</td>" for r in runs[i:i + cells]) + "</tr>"
                   for i in range(0, len(runs), cells))
    return ("<!doctype html><html><head><style>@page { size: A4 portrait; } td { border: 1px solid #000; "
            f"font: 9pt sans-serif; }}</style></head><body><table>{rows}</table></body></html>")


def floor_seconds(pages: list[str], layout_gc: bool = True) -> tuple[float, int, float]:
    """WeasyPrint on plain table pages of the same text: (seconds, pages, CPU seconds) in this
    process; with ``layout_gc`` (the default), with Python's collector as a print has it
    (tournaments.prints.render.layout_gc), else at Python's defaults."""
    from contextlib import nullcontext

    from weasyprint import HTML

    from tournaments.prints.render import layout_gc as collector

    HTML(string=plain_page("<p>warm up</p>")).render().write_pdf()
    started, cpu = time.perf_counter(), time.process_time()
    count = 0
    with collector() if layout_gc else nullcontext():
        for page in pages:
            document = HTML(string=plain_page(page)).render()
            document.write_pdf()
            count += len(document.pages)
    return time.perf_counter() - started, count, time.process_time() - cpu


def session_cpu(session: int) -> float:
    """CPU seconds (user + system) of every live process of a session (a worker and its pool)."""
    tick, total = os.sysconf("SC_CLK_TCK"), 0
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as handle:
                fields = handle.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[3]) == session:  # field 6: the session id
            total += int(fields[11]) + int(fields[12])  # fields 14, 15: utime, stime
    return total / tick


def kind_html(sheet, kind: str, paper: str) -> str:
    """A whole kind of the pack as one document's HTML (what the floor lays out as plain text)."""
    from tournaments.prints.kinds import KINDS
    from tournaments.prints.render import render_html

    spec = KINDS[kind]
    return render_html(spec.template, spec.build(sheet), paper=paper, title=f"{spec.title} · {sheet.title}")


def make_event(tables: int, name: str, spare: int = 1):
    """A started Mitchell with every result but ``spare`` (in one transaction: one scoring run)."""
    from django.contrib.auth import get_user_model
    from django.db import transaction

    from clubs import services as club_services
    from clubs.models import Club
    from tournaments.models import Event
    from tournaments.services import entries, events
    from tournaments.services.actions import event_start
    from tournaments.services.results import result_submit

    slug = f"bench-prints-{name}"
    Club.objects.filter(slug=slug).delete()
    club = club_services.club_create(name=f"Bench prints {name}", slug=slug)
    user, _ = get_user_model().objects.get_or_create(username="bench-prints")
    club_services.role_grant(club=club, user=user, role="director")
    event = events.event_setup(club=club, name=f"Bench pack {name}", date=datetime.date.today(),
                               game="duplicate_bridge", scoring="matchpoints",
                               movement={"kind": "mitchell", "tables": tables, "boards_per_round": 2})
    for i in range(2 * tables):
        entries.entry_add(event=event, guests=[f"North{i}", f"South{i}"])
    event_start(event=Event.objects.get(pk=event.pk), user=user)
    plays = _plays(Event.objects.get(pk=event.pk))
    rng = random.Random(7)
    with transaction.atomic():
        for board, ns, ew in plays[:-spare]:
            result_submit(event=Event.objects.get(pk=event.pk), user=user,
                          data={"board": board, "ns": ns, "ew": ew, **_random_result(rng)})
    return Event.objects.select_related("club").get(pk=event.pk), user, plays[-spare:]


def _plays(event) -> list[tuple[int, str, str]]:
    from tournaments.selectors_event import event_sections

    section = event_sections(event)[0]
    return [(b, " & ".join(t.sides[0]), " & ".join(t.sides[1])) for plan in section.schedule
            for t in plan.tables for b in t.boards]


def _random_result(rng) -> dict:
    return {"contract": rng.choice(["3NT", "4S", "2H", "1NT", "5D", "3C"]), "declarer": rng.choice("NESW"),
            "tricks": rng.randint(7, 11)}


def one_more_result(event, user, play) -> None:
    from tournaments.models import Event
    from tournaments.services.results import result_submit

    board, ns, ew = play
    result_submit(event=Event.objects.get(pk=event.pk), user=user,
                  data={"board": board, "ns": ns, "ew": ew, "contract": "3NT", "declarer": "N", "tricks": 10})


def wait_analysed(event, limit: float = 300) -> None:
    from tournaments.models import Board

    started = time.perf_counter()
    while Board.objects.filter(board_set__event=event, analysed_at__isnull=True).exists():
        if time.perf_counter() - started > limit:
            return
        time.sleep(0.2)


def forget(event, paper: str = "A4") -> None:
    """Delete the event's stored pack and parts: the next render lays every kind out."""
    from django.core.files.storage import default_storage

    from tournaments.prints.pack import pack_folder

    for where in (pack_folder(event), f"{pack_folder(event)}/parts"):
        try:
            files = default_storage.listdir(where)[1]
        except FileNotFoundError:
            continue
        for f in files:
            if f.endswith(".pdf"):
                default_storage.delete(f"{where}/{f}")


def fresh(event):
    from tournaments.models import Event

    return Event.objects.select_related("club").get(pk=event.pk)


class PartTimes:
    """The CPU seconds and pages of each part laid out in this process (inline), while in use."""

    def __init__(self):
        self.parts: list[dict] = []

    def __enter__(self):
        from tournaments.prints import pack, parts

        self.real = parts.part_store

        def timed(folder, kind, paper, html, section=None, chunk=0):
            started = time.process_time()
            part = self.real(folder, kind, paper, html, section, chunk)
            if part.rendered:
                self.parts.append({"kind": kind, "part": chunk, "pages": part.pages,
                                   "cpu_s": round(time.process_time() - started, 3)})
            return part

        parts.part_store = pack.part_store = timed
        return self

    def __exit__(self, *exc):
        from tournaments.prints import pack, parts

        parts.part_store = pack.part_store = self.real


def render_inline(event, paper: str = "A4") -> tuple[float, float]:
    """The pack with tasks inline: the planner runs the chord in this process; (s, CPU s)."""
    from cardroom.celery import app
    from tournaments.prints.tasks import render_event_pack

    app.conf.task_always_eager = True
    started, cpu = time.perf_counter(), time.process_time()
    render_event_pack.apply(args=(event.pk, paper))
    return time.perf_counter() - started, time.process_time() - cpu


def render_on_workers(event, queue: str, paper: str = "A4", limit: float = 600) -> float:
    """The pack asked of the workers; seconds until it is stored (the planner runs there too)."""
    from cardroom.celery import app
    from tournaments.prints.pack import pack_ready
    from tournaments.prints.tasks import render_event_pack

    app.conf.task_always_eager = False
    started = time.perf_counter()
    render_event_pack.apply_async(args=(event.pk, paper), queue=queue)
    while pack_ready(fresh(event), paper) is None:
        if time.perf_counter() - started > limit:
            raise RuntimeError("the workers did not store the pack in time")
        time.sleep(0.05)
    return time.perf_counter() - started


class Workers:
    """``celery worker --pool=prefork --concurrency=N`` on a queue of its own."""

    def __init__(self, processes: int, env: dict):
        self.queue = f"bench-prints-{uuid.uuid4().hex[:8]}"
        self.log = tempfile.NamedTemporaryFile("w+", prefix="bench-prints-worker-", suffix=".log", delete=False)
        self.process = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "cardroom", "worker", "--pool=prefork",
             f"--concurrency={processes}", "-Q", self.queue, "-n", f"{self.queue}@%h", "--loglevel=WARNING",
             "--without-gossip", "--without-mingle", "--without-heartbeat"],
            cwd=ROOT, env=env, stdout=self.log, stderr=subprocess.STDOUT, start_new_session=True)

    def wait_ready(self, timeout: float = 120) -> None:
        from cardroom.celery import app

        started = time.perf_counter()
        while time.perf_counter() - started < timeout:
            if self.process.poll() is not None:
                raise RuntimeError(Path(self.log.name).read_text()[-3000:])
            replies = app.control.ping(destination=[f"{self.queue}@{os.uname().nodename}"], timeout=1)
            if replies:
                return
        raise RuntimeError("the worker did not answer")

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()


def _say(out: dict, key: str, value: float, cpu: float | None = None) -> None:
    out[key] = round(value, 2)
    if cpu is not None:
        out[key.replace("_s", "_cpu_s")] = round(cpu, 2)
    load = round(os.getloadavg()[0], 2)
    out.setdefault("load", {})[key] = load
    print(f"  {key}: {out[key]:.2f} s" + (f" (CPU {cpu:.2f} s)" if cpu is not None else "") + f", load {load}",
          flush=True)


def bench_pack(tables: int = 13, workers: tuple[int, ...] = (2, 4), paper: str = "A4", inline: bool = True) -> dict:
    """Every figure of the pack beside the floor measured here (each printed as it is measured)."""
    from django.conf import settings

    from tournaments.prints.pack import pack_kinds_plan, pack_plan

    import logging

    from cardroom.celery import app

    logging.getLogger("celery.app.trace").setLevel(logging.WARNING)  # no line a task run inline
    app.conf.task_always_eager = True  # the set-up's tasks (scoring, analysis) run here
    event, user, spare = make_event(tables, "big", spare=1 + len(workers))
    wait_analysed(event)
    small, _u, _s = make_event(3, "warm")
    wait_analysed(small)
    render_inline(small)  # imports, fonts, templates: not counted
    pages_html = [kind_html(sheet, kind, paper) for _s, sheet, kind in pack_kinds_plan(fresh(event))]
    floor, floor_pages, floor_cpu = floor_seconds(pages_html)

    out = {"tables": tables, "kinds": len(pages_html), "parts": len(pack_plan(fresh(event))), "floor_pages": floor_pages}
    _say(out, "floor_s", floor, floor_cpu)
    if inline:
        forget(event)
        with PartTimes() as times:
            _say(out, "inline_s", *render_inline(fresh(event)))
        total = sum(p["cpu_s"] for p in times.parts) or 1
        out["part_sizes"] = times.parts
        out["largest_part_share"] = round(max(p["cpu_s"] for p in times.parts) / total, 3)
        print(f"  {len(times.parts)} parts, the largest {out['largest_part_share']:.0%} of the pack's layout CPU")
    one_more_result(event, user, spare[0])  # inline: the scoring run follows the commit here
    if inline:
        with PartTimes() as times:
            _say(out, "inline_rerender_s", *render_inline(fresh(event)))
        out["rerender_parts"] = [f"{p['kind']}#{p['part']}" for p in times.parts]

    env = {**os.environ, "DATABASE_URL": os.environ.get("DATABASE_URL", ""), "REDIS_URL": settings.REDIS_URL,
           "MEDIA_ROOT": str(settings.MEDIA_ROOT), "DEBUG": "True", "PYTHONUNBUFFERED": "1"}
    for n in workers:
        pool = Workers(n, env)
        try:
            pool.wait_ready()
            forget(small)
            render_on_workers(small, pool.queue)  # each process imports WeasyPrint once: not counted
            forget(event)
            cpu = session_cpu(pool.process.pid)
            seconds = render_on_workers(fresh(event), pool.queue)
            _say(out, f"workers_{n}_s", seconds, session_cpu(pool.process.pid) - cpu)
            if n == workers[0]:  # the floor again, just after: this machine's speed drifts within a minute
                _say(out, "floor_after_s", *floor_seconds(pages_html)[::2])
                # the same floor at Python's default collector thresholds (the prints' before 2026-11-24)
                _say(out, "floor_default_gc_s", *floor_seconds(pages_html, layout_gc=False)[::2])
            app.conf.task_always_eager = True  # the result and its scoring run here, as a web request does
            one_more_result(event, user, spare[1 + workers.index(n)])
            cpu = session_cpu(pool.process.pid)
            seconds = render_on_workers(fresh(event), pool.queue)
            _say(out, f"workers_{n}_rerender_s", seconds, session_cpu(pool.process.pid) - cpu)
        finally:
            pool.stop()
    return out
