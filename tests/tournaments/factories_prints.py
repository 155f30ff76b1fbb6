"""Helpers for the print tests: read a PDF's pages as text, and the paper size of a page."""
from __future__ import annotations

import io

from pypdf import PdfReader


def pdf_pages(data: bytes) -> list[str]:
    reader = PdfReader(io.BytesIO(data))
    return [page.extract_text() or "" for page in reader.pages]


def page_size_mm(data: bytes, index: int = 0) -> tuple[float, float]:
    box = PdfReader(io.BytesIO(data)).pages[index].mediabox
    return round(float(box.width) * 25.4 / 72, 1), round(float(box.height) * 25.4 / 72, 1)


def embedded_fonts(data: bytes) -> set[str]:
    reader = PdfReader(io.BytesIO(data))
    names = set()
    for page in reader.pages:
        fonts = page.get("/Resources", {}).get("/Font", {})
        for ref in fonts.values():
            font = ref.get_object()
            names.add(str(font.get("/BaseFont")))
    return names
