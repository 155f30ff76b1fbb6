"""A pack's parts: each (section, kind) of the pack, a long kind cut into parts of a few cards,
travellers or pages (``PrintKind.per_part``), each stored as its own PDF in default storage, named
by a digest of the HTML it prints (with the paper, PRINT_VERSION, WeasyPrint's version and the
print stylesheet), so a part whose text did not change is never laid out again: a new result
re-renders the travellers of its board, the score cards of the pairs whose scores moved, and the
results, and reuses everything else. Parts cut from one kind carry no "page n of m" (each page
names its board, pair or table). The pack joins the stored parts with pypdf. Parts are a cache:
a missing one is rendered again, a stale one is pruned with the event's stale packs."""
from __future__ import annotations

import hashlib
import io
import logging
import re
from dataclasses import dataclass
from functools import lru_cache

from django.contrib.staticfiles import finders
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage

from .kinds import KINDS
from .render import STYLESHEET, PrintError, lay_out, render_html, write_pdf

logger = logging.getLogger(__name__)
# A part file as part_name makes it, or a copy storage renamed on a clash.
PART_FILE = re.compile(r"part-([a-z0-9-]+)-([a-z0-9]+)-([0-9a-f]{16})(_[A-Za-z0-9]+)?\.pdf")


@dataclass(frozen=True)
class Part:
    """One part (``chunk``) of a (section, kind) of a pack: its stored name once its HTML is
    known, and its page count."""

    section: str | None
    kind: str
    name: str = ""
    pages: int = 0
    rendered: bool = False  # laid out by this call (False: reused from storage)
    chunk: int = 0


def parts_folder(folder: str) -> str:
    return f"{folder}/parts"


@lru_cache(maxsize=1)
def _style_digest() -> str:
    """The print stylesheet and WeasyPrint's version: what turns the same HTML into other pages."""
    import weasyprint

    digest = hashlib.sha256(weasyprint.__version__.encode())
    path = finders.find(STYLESHEET)
    if path:
        with open(path, "rb") as handle:
            digest.update(handle.read())
    return digest.hexdigest()


def part_contexts(sheet, kind: str) -> list[dict]:
    """The template contexts of a kind's parts, in order: the kind's ``items`` ``per_part`` at a
    time (its ``tail``, such as the guide cards' wall chart, in the last), or the whole kind."""
    spec = KINDS[kind]
    context = spec.build(sheet)
    items = list(context.get(spec.items) or ()) if spec.items else []
    if not spec.per_part or len(items) <= spec.per_part:
        return [context]
    chunks = [items[i:i + spec.per_part] for i in range(0, len(items), spec.per_part)]
    parts = []
    for n, chunk in enumerate(chunks):
        part = {**context, spec.items: chunk, "page_numbers": False}
        if n < len(chunks) - 1:
            part.update({key: None for key in spec.tail})
        parts.append(part)
    return parts


def part_title(sheet, kind: str) -> str:
    return f"{KINDS[kind].title} · {sheet.title}"


def parts_html(sheet, kind: str, paper: str) -> list[str]:
    """The HTML of each part of one kind of a sheet as the pack prints it."""
    spec, title = KINDS[kind], part_title(sheet, kind)
    return [render_html(spec.template, context, paper=paper, title=title, pdf=True)
            for context in part_contexts(sheet, kind)]


def part_html(sheet, kind: str, paper: str, chunk: int = 0) -> str | None:
    """The HTML of one part of a kind (None: the kind has no such part now)."""
    contexts = part_contexts(sheet, kind)
    if chunk >= len(contexts):
        return None
    return render_html(KINDS[kind].template, contexts[chunk], paper=paper, title=part_title(sheet, kind), pdf=True)


def part_name(folder: str, kind: str, paper: str, html: str) -> str:
    """<folder>/parts/part-<kind>-<paper>-<digest>.pdf: the same text on the same paper, the same name."""
    from .source import PRINT_VERSION

    digest = hashlib.sha256(f"{PRINT_VERSION}\n{_style_digest()}\n{paper}\n".encode())
    digest.update(html.encode())
    return f"{parts_folder(folder)}/part-{kind}-{paper.lower()}-{digest.hexdigest()[:16]}.pdf"


def _page_count(pdf: bytes) -> int:
    from pypdf import PdfReader

    return len(PdfReader(io.BytesIO(pdf)).pages)


def part_ensure(folder: str, sheet, kind: str, paper: str, section: str | None = None, chunk: int = 0) -> Part:
    """The part stored under the digest of what it prints, laid out only when it is not stored
    yet (a part the kind no longer has: an empty Part, nothing stored)."""
    html = part_html(sheet, kind, paper, chunk)
    if html is None:
        return Part(section, kind, "", 0, False, chunk)
    return part_store(folder, kind, paper, html, section, chunk)


def part_store(folder: str, kind: str, paper: str, html: str, section: str | None = None, chunk: int = 0) -> Part:
    """Lay out and store this HTML as a part unless a part of the same text is stored already."""
    name = part_name(folder, kind, paper, html)
    if default_storage.exists(name):
        return Part(section, kind, name, 0, False, chunk)
    document = lay_out(html)
    pdf = write_pdf(document)
    if default_storage.exists(name):  # another worker stored it meanwhile
        return Part(section, kind, name, len(document.pages), False, chunk)
    saved = default_storage.save(name, ContentFile(pdf))
    if saved != name:  # a race produced a second copy: keep the first
        default_storage.delete(saved)
    return Part(section, kind, name, len(document.pages), True, chunk)


def join_parts(names: list[str], title: str = "") -> tuple[bytes, int]:
    """The stored parts as one PDF, pages in order (pypdf: no layout again); (bytes, pages)."""
    from pypdf import PdfWriter

    if not names:
        raise PrintError("nothing to print")
    writer = PdfWriter()
    for name in names:
        with default_storage.open(name, "rb") as handle:
            writer.append(io.BytesIO(handle.read()))
    if title:
        writer.add_metadata({"/Title": title})
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue(), len(writer.pages)


def parts_prune(folder: str, paper: str, keep: set[str]) -> list[str]:
    """Delete the folder's stored parts on this paper that are not in ``keep``; returns their names."""
    parts = parts_folder(folder)
    try:
        _dirs, files = default_storage.listdir(parts)
    except FileNotFoundError:
        return []
    removed = []
    for file in sorted(files):
        name = f"{parts}/{file}"
        match = PART_FILE.fullmatch(file)
        if match is None or match.group(2) != paper.lower() or name in keep:
            continue
        try:
            default_storage.delete(name)
        except FileNotFoundError:
            continue
        removed.append(name)
    if removed:
        logger.info("removed %d stale print part(s) in %s", len(removed), folder)
    return removed
