"""Table cards: for each table, the address of its scoring page as text and as a QR code, and
its PIN, so a phone at the table opens the page by scanning the card and enters the PIN.
The QR code is drawn by segno as inline SVG (no image files, no network), which WeasyPrint
and browsers both render."""
from __future__ import annotations

import segno

from .render import PrintError
from .sheet import EventSheet, TableLink

TEMPLATE = "print/table_cards.html"


def qr_svg(url: str) -> str:
    """The URL as a QR code (error correction M: a creased or smudged card still scans)."""
    return segno.make(url, error="m", micro=False).svg_inline(scale=4, border=2, omitsize=True,
                                                               svgclass="qr", lineclass="qr-dark")


def card(link: TableLink, sheet: EventSheet) -> dict:
    return {"table": link.table, "url": link.url, "pin": link.pin, "qr": qr_svg(link.url),
            "section": sheet.section}


def build(sheet: EventSheet, *, table: int | None = None) -> dict:
    if not sheet.tables:
        raise PrintError("table cards need the tables' addresses and PINs: print them from the event's print menu")
    links = [t for t in sheet.tables if table is None or t.table == table]
    return {"sheet": sheet, "cards": [card(t, sheet) for t in links]}
