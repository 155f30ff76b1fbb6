"""The whole pack for an event: guide cards, travellers, score slips, score cards, hand cards
and hand records of every section in one PDF, kept in default storage under a name made from
a digest of what it prints, so asking twice for the same event renders once."""
from __future__ import annotations

from django.core.files.base import ContentFile
from django.core.files.storage import default_storage

from tournaments.models import Event
from tournaments.selectors_event import event_sections

from .kinds import KINDS, PACK_KINDS
from .render import join_documents, render_document
from .source import event_fingerprint, event_sheet


def pack_name(event: Event, paper: str) -> str:
    """prints/<club>/event-<id>/pack-<paper>-<digest>.pdf: the same event data gives the same name."""
    digest = event_fingerprint(event)[:16]
    return f"prints/{event.club.slug}/event-{event.pk}/pack-{paper.lower()}-{digest}.pdf"


def pack_kinds(sheet) -> tuple[str, ...]:
    """The kinds worth printing for this sheet: hand cards only for whist, no empty prints."""
    kinds = [k for k in PACK_KINDS if k != "hand-cards" or sheet.is_whist]
    if not sheet.boards:
        kinds = [k for k in kinds if k not in ("hand-cards", "hand-records")]
    return tuple(kinds)


def render_pack(event: Event, paper: str) -> tuple[bytes, int]:
    """(PDF bytes, page count) of the whole pack."""
    documents = []
    for section in event_sections(event) or [None]:
        sheet = event_sheet(event, section.name if section else None)
        for kind in pack_kinds(sheet):
            spec = KINDS[kind]
            context = spec.build(sheet)
            documents.append(render_document(spec.template, context, paper=paper,
                                             title=f"{spec.title} · {sheet.title}"))
    pages = sum(len(d.pages) for d in documents)
    return join_documents(documents), pages


def pack_ready(event: Event, paper: str) -> str | None:
    """The stored pack's name when it is up to date, else None."""
    name = pack_name(event, paper)
    return name if default_storage.exists(name) else None


def pack_ensure(*, event: Event, paper: str) -> tuple[str, bool]:
    """Render and store the pack unless an up-to-date one is stored; (name, rendered now)."""
    name = pack_name(event, paper)
    if default_storage.exists(name):
        return name, False
    pdf, _pages = render_pack(event, paper)
    if default_storage.exists(name):  # another worker finished first
        return name, False
    saved = default_storage.save(name, ContentFile(pdf))
    if saved != name:  # a race produced a second copy: keep the first
        default_storage.delete(saved)
    return name, True
