"""The whole pack for an event: guide cards, travellers, score slips, score cards, hand cards,
hand records and, once there are standings, the results of every section in one PDF (a teams
event's: the draw, the team score cards and match result slips of the round about to be played,
hand records and the results), kept in
default storage under a name made from a digest of what it prints, so asking twice for the
same event renders once. Rendering a new pack removes the event's stale ones.

The pack is joined (pypdf) from its parts, stored PDFs of a few pages of one (section, kind),
each named by what it prints (``parts``): workers render the parts in parallel Celery tasks
(``tasks``), and a new result lays out again only the parts whose text it changes (its board's
travellers, the score cards whose scores moved, the results)."""
from __future__ import annotations

import logging
import re

from django.core.cache import cache
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage

from tournaments.models import Event
from tournaments.selectors_event import event_sections

from .kinds import PACK_KINDS, TEAMS_PACK_KINDS
from .parts import (PART_FILE, Part, join_parts, part_contexts, part_ensure, part_name, part_store, parts_folder,
                    parts_html, parts_prune)
from .render import PAPERS
from .source import event_fingerprint, event_sheet

logger = logging.getLogger(__name__)
# A pack file as pack_name makes it, or a copy storage renamed on a clash ("..._AbC123x.pdf").
PACK_FILE = re.compile(r"pack-[a-z0-9]+-[0-9a-f]{16}(_[A-Za-z0-9]+)?\.pdf")


def pack_folder(event: Event) -> str:
    return f"prints/{event.club.slug}/event-{event.pk}"


def _pack_name(event: Event, paper: str, fingerprint: str) -> str:
    return f"{pack_folder(event)}/pack-{paper.lower()}-{fingerprint[:16]}.pdf"


def pack_name(event: Event, paper: str) -> str:
    """prints/<club>/event-<id>/pack-<paper>-<digest>.pdf: the same event data gives the same name."""
    return _pack_name(event, paper, event_fingerprint(event))


def pack_kinds(sheet) -> tuple[str, ...]:
    """The kinds worth printing for this sheet: hand cards only for whist, the results only
    with standings; no empty prints; a teams event's own kinds for a teams event."""
    if sheet.is_teams:
        kinds = [k for k in TEAMS_PACK_KINDS if k != "team-results" or sheet.teams.standings]
        return tuple(k for k in kinds if k != "hand-records" or sheet.boards)
    kinds = [k for k in PACK_KINDS if k != "hand-cards" or sheet.is_whist]
    if not sheet.boards:
        kinds = [k for k in kinds if k not in ("hand-cards", "hand-records")]
    if sheet.scored is None or not sheet.scored.standings:
        kinds = [k for k in kinds if k != "results"]
    return tuple(kinds)


_SHEETS: dict[tuple, object] = {}  # (event, section, fingerprint) -> sheet: this process's last few
SHEETS_KEPT = 8


def pack_sheet(event: Event, section: str | None):
    """The section's sheet, read once per process while the event's fingerprint (everything a
    pack prints) stays the same: a worker's part tasks of one pack share it."""
    key = (event.pk, section, event_fingerprint(event))
    sheet = _SHEETS.get(key)
    if sheet is None:
        sheet = event_sheet(event, section)
        while len(_SHEETS) >= SHEETS_KEPT:
            _SHEETS.pop(next(iter(_SHEETS)))
        _SHEETS[key] = sheet
    return sheet


def pack_kinds_plan(event: Event) -> list[tuple]:
    """(section name or None, sheet, kind) of every print in the pack, in the pack's order."""
    sections = [section.name if section else None for section in event_sections(event) or [None]]
    sheets = [(name, pack_sheet(event, name)) for name in sections]
    return [(name, sheet, kind) for name, sheet in sheets for kind in pack_kinds(sheet)]


def pack_plan(event: Event) -> list[tuple]:
    """(section name or None, sheet, kind, part) of every part of the pack, in the pack's order."""
    return [(name, sheet, kind, chunk) for name, sheet, kind in pack_kinds_plan(event)
            for chunk in range(len(part_contexts(sheet, kind)))]


def render_part(event: Event, paper: str, section: str | None, kind: str, chunk: int = 0) -> Part:
    """One part of the pack, laid out unless what it prints is stored already."""
    return part_ensure(pack_folder(event), pack_sheet(event, section), kind, paper, section, chunk)


def render_pack(event: Event, paper: str, progress=None) -> tuple[bytes, int]:
    """(PDF bytes, page count) of the whole pack, joined from its stored parts (each rendered
    here unless stored); ``progress(done, total)`` after each part."""
    work = [(section, kind, parts_html(sheet, kind, paper)) for section, sheet, kind in pack_kinds_plan(event)]
    total = sum(len(htmls) for _s, _k, htmls in work)

    def stored() -> list[str]:
        names = []
        for section, kind, htmls in work:
            for chunk, html in enumerate(htmls):
                names.append(part_store(pack_folder(event), kind, paper, html, section, chunk).name)
                if progress is not None:
                    progress(len(names), total)
        return names

    title = f"Print pack · {event.name}"
    names = stored()
    try:
        joined = join_parts(names, title=title)
    except FileNotFoundError:  # a newer render pruned a part of this one meanwhile: store it again
        names = stored()
        joined = join_parts(names, title=title)
    while len(_JOINED) >= SHEETS_KEPT:
        _JOINED.pop(next(iter(_JOINED)))
    _JOINED[pack_name(event, paper)] = set(names)
    return joined


_JOINED: dict[str, set[str] | None] = {}  # pack name -> the parts this process just joined into it


def current_parts(event: Event, paper: str) -> set[str]:
    """The names the pack's parts on this paper have now (their HTML, not laid out)."""
    folder = pack_folder(event)
    return {part_name(folder, kind, paper, html) for _s, sheet, kind in pack_kinds_plan(event)
            for html in parts_html(sheet, kind, paper)}


PROGRESS_TTL = 600  # a render that died leaves no progress behind for longer than this


def _progress_key(name: str) -> str:
    return f"pack-progress:{name}"


def _done_key(name: str) -> str:
    return f"pack-progress-done:{name}"


def pack_progress_start(name: str, total: int) -> None:
    """A render of ``total`` prints has started (the parallel parts count themselves done)."""
    cache.set(_progress_key(name), {"done": 0, "total": total}, PROGRESS_TTL)
    cache.set(_done_key(name), 0, PROGRESS_TTL)


def pack_progress_clear(name: str) -> None:
    cache.delete_many([_progress_key(name), _done_key(name)])


def pack_progress_step(name: str) -> None:
    """One more print of the pack is done (atomic across workers: the cache's incr)."""
    try:
        cache.incr(_done_key(name))
    except ValueError:  # the render finished (or expired) meanwhile
        pass


def pack_progress(event: Event, paper: str) -> dict:
    """Where the pack stands: {"ready": bool, "rendering": bool, "done": n, "total": N}; the
    counts are of prints rendered (guide cards, travellers ...), kept in the cache while it renders."""
    name = pack_name(event, paper)
    if default_storage.exists(name):
        return {"ready": True, "rendering": False, "done": 0, "total": 0}
    state = cache.get(_progress_key(name))
    if state is None:
        return {"ready": False, "rendering": False, "done": 0, "total": 0}
    done = max(state["done"], cache.get(_done_key(name)) or 0)
    return {"ready": False, "rendering": True, "done": min(done, state["total"]), "total": state["total"]}


def pack_mark_queued(event: Event, paper: str) -> bool:
    """Note that a render is on its way (True), unless one already is (False): asking twice
    renders once."""
    return cache.add(_progress_key(pack_name(event, paper)), {"done": 0, "total": 0}, PROGRESS_TTL)


def pack_ready(event: Event, paper: str) -> str | None:
    """The stored pack's name when it is up to date, else None."""
    name = pack_name(event, paper)
    return name if default_storage.exists(name) else None


def _current_names(event: Event) -> set[str]:
    """The names the event's packs have now, read afresh (the caller's Event may be stale)."""
    fresh = Event.objects.select_related("club").filter(pk=event.pk).first()
    if fresh is None:
        return set()
    current = event_fingerprint(fresh)
    return {_pack_name(fresh, paper, current) for paper in PAPERS}


def pack_prune(event: Event) -> list[str]:
    """Delete the event's stored packs that are no longer current (any paper); returns their names.

    What is current is decided now, from the event as it stands, not from the digest a render
    started with: a render that finishes after the data moved on removes its own stale file
    and never the newer pack. The digest is read again before each deletion, so a pack that
    has just become current again is kept."""
    folder = pack_folder(event)
    try:
        _dirs, files = default_storage.listdir(folder)
    except FileNotFoundError:
        return []
    removed = []
    for file in sorted(files):
        if not PACK_FILE.fullmatch(file):
            continue
        name = f"{folder}/{file}"
        if name in _current_names(event):
            continue
        try:
            default_storage.delete(name)
        except FileNotFoundError:  # another worker pruned it first
            continue
        removed.append(name)
    if removed:
        logger.info("removed %d stale print pack(s) of event %s", len(removed), event.pk)
    return removed


def parts_prune_current(event: Event, paper: str, name: str) -> list[str]:
    """Delete the event's stored parts on this paper that the current pack does not use, when the
    pack just stored (``name``) is still the current one: a render overtaken by newer data
    leaves the parts alone (they are a cache; the newer render prunes)."""
    fresh = Event.objects.select_related("club").filter(pk=event.pk).first()
    if fresh is None or pack_name(fresh, paper) != name:
        return []
    # the same name is the same fingerprint, so the same parts as those just joined
    keep = _JOINED.pop(name, None) or current_parts(fresh, paper)
    return parts_prune(pack_folder(fresh), paper, keep)


def pack_discard(folder: str) -> list[str]:
    """Delete every stored pack and part in a deleted event's folder; returns their names."""
    removed = []
    for where, pattern in ((folder, PACK_FILE), (parts_folder(folder), PART_FILE)):
        try:
            _dirs, files = default_storage.listdir(where)
        except FileNotFoundError:
            continue
        for file in sorted(files):
            if pattern.fullmatch(file):
                try:
                    default_storage.delete(f"{where}/{file}")
                except FileNotFoundError:
                    continue
                removed.append(f"{where}/{file}")
    return removed


def pack_ensure(*, event: Event, paper: str) -> tuple[str, bool]:
    """Render and store the pack unless an up-to-date one is stored, then remove the event's
    stale packs; (name, rendered now)."""
    name = pack_name(event, paper)
    if default_storage.exists(name):
        cache.delete(_progress_key(name))
        return name, False
    key = _progress_key(name)

    def progress(done: int, total: int) -> None:
        cache.set(key, {"done": done, "total": total}, PROGRESS_TTL)

    try:
        pdf, _pages = render_pack(event, paper, progress)
        if default_storage.exists(name):  # another worker finished first
            return name, False
        saved = default_storage.save(name, ContentFile(pdf))
        if saved != name:  # a race produced a second copy: keep the first
            default_storage.delete(saved)
    finally:
        pack_progress_clear(name)
    pack_prune(event)
    parts_prune_current(event, paper, name)
    return name, True


def pack_request(event: Event, paper: str) -> dict:
    """Ask for the pack (rendered once by the Celery job, however often asked); where it stands."""
    from cardroom.tasks import enqueue_once_on_commit

    from .tasks import render_event_pack

    if pack_ready(event, paper) is None and pack_mark_queued(event, paper):
        enqueue_once_on_commit(render_event_pack, event.pk, paper, background=True)
    return pack_progress(event, paper)
