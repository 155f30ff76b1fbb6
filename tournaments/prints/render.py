"""The print machinery: one Django template gives both the HTML page and, through WeasyPrint,
the PDF. WeasyPrint's URL fetcher serves only our own static files: a print never reaches out
to the network, whatever a template or a stored name happens to contain.
"""
from __future__ import annotations

import atexit
import gc
import logging
import mimetypes
import os
import threading
from contextlib import contextmanager
from urllib.parse import unquote, urlsplit

from django.conf import settings
from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import staticfiles_storage
from django.http import HttpResponse
from django.template.loader import render_to_string
from django.utils.text import slugify

PAPERS = {"A4": "A4", "Letter": "letter"}  # our choice -> CSS @page size keyword
PAPER_SIZES_MM = {"A4": (210.0, 297.0), "Letter": (215.9, 279.4)}
# The base URL the print is rendered under; its host is not a real one (RFC 2606 .invalid),
# so nothing is ever fetched from it except by our own fetcher below.
BASE_URL = "https://cardroom-print.invalid/"
# The prints' stylesheet: the HTML page links it; a PDF is laid out with it parsed once (``lay_out``).
STYLESHEET = "print/print.css"
# WeasyPrint reports every layout step at INFO; a pack would flood the worker's log.
logging.getLogger("weasyprint.progress").setLevel(logging.WARNING)


class PrintError(ValueError):
    """A print cannot be made as asked; ``field`` names the parameter at fault."""

    def __init__(self, message: str, field: str = "non_field_errors"):
        super().__init__(message)
        self.message = message
        self.field = field


class ResourceRefused(ValueError):
    """The fetcher was asked for something that is not one of our static files."""


def paper_for(club=None, override: str | None = None) -> str:
    """"A4" or "Letter": the override when given (case-insensitive), else the club's setting."""
    if override:
        for name in PAPERS:
            if override.strip().lower() == name.lower():
                return name
        raise PrintError(f"paper {override!r} is not one of {', '.join(PAPERS)}", "paper")
    value = getattr(club, "paper_size", None) or "A4"
    return value if value in PAPERS else "A4"


def static_path_for(url: str):
    """The file behind one of our static URLs, or ResourceRefused for anything else."""
    parts = urlsplit(url)
    base = urlsplit(BASE_URL)
    if parts.scheme != base.scheme or parts.netloc != base.netloc:
        raise ResourceRefused(f"prints fetch only Cardroom's static files, not {url!r}")
    prefix = "/" + settings.STATIC_URL.strip("/") + "/"
    path = unquote(parts.path)
    if not path.startswith(prefix) or ".." in path.split("/"):
        raise ResourceRefused(f"prints fetch only Cardroom's static files, not {url!r}")
    name = path[len(prefix):]
    found = finders.find(name)
    if not found and staticfiles_storage.exists(name):  # collected (hashed) names in production
        found = staticfiles_storage.path(name)
    if not found:
        raise ResourceRefused(f"no static file {path!r}")
    return found


def _fetcher():
    from weasyprint.urls import URLFetcher, URLFetcherResponse

    class StaticOnlyFetcher(URLFetcher):
        """Serves our static files; refuses every other URL (http, file, data, ftp...)."""

        def __init__(self):
            super().__init__(allowed_protocols=(), allow_redirects=False, fail_on_errors=False)

        def fetch(self, url, headers=None):
            path = static_path_for(url)
            with open(path, "rb") as handle:
                body = handle.read()
            mime = mimetypes.guess_type(path)[0] or "application/octet-stream"
            return URLFetcherResponse(url, body, {"Content-Type": mime})

    return StaticOnlyFetcher()


def print_context(context: dict, *, paper: str, title: str) -> dict:
    """The context every print template gets: the paper (name and CSS keyword) and title."""
    if paper not in PAPERS:
        raise PrintError(f"paper {paper!r} is not one of {', '.join(PAPERS)}", "paper")
    return {**context, "paper": paper, "paper_css": PAPERS[paper], "print_title": title}


def render_html(template_name: str, context: dict, *, paper: str, title: str, request=None,
                pdf: bool = False) -> str:
    """The print as an HTML page (what a browser shows and prints); with ``pdf``, the HTML that
    ``lay_out`` lays out (the same, without the stylesheet's link: it brings the stylesheet)."""
    context = print_context(context, paper=paper, title=title)
    if pdf:
        context["pdf_layout"] = True
    return render_to_string(template_name, context, request=request)


_STYLE = threading.local()  # this thread's (stamp, FontConfiguration, CSS): WeasyPrint and Pango are per thread


def _print_style():
    """(FontConfiguration, CSS) of the print stylesheet, parsed once per thread while its file
    stays the same: each PDF used to parse it and load its four @font-face fonts again (WeasyPrint
    keeps a stylesheet parsed only as a ``CSS`` object with its ``FontConfiguration``)."""
    from weasyprint import CSS
    from weasyprint.text.fonts import FontConfiguration

    url = BASE_URL + settings.STATIC_URL.strip("/") + "/" + STYLESHEET
    path = static_path_for(url)
    info = os.stat(path)
    stamp = (path, info.st_mtime_ns, info.st_size)
    kept = getattr(_STYLE, "kept", None)
    if kept is None or kept[0] != stamp:
        fonts = FontConfiguration()
        kept = _STYLE.kept = (stamp, fonts, CSS(url=url, url_fetcher=_fetcher(), font_config=fonts))
    return kept[1], kept[2]


@atexit.register
def forget_print_style() -> None:
    """Drop this thread's parsed stylesheet: its FontConfiguration removes the temporary folder
    of its fonts. At exit (atexit here; a Celery pool process, which leaves by ``os._exit``,
    through ``worker_process_shutdown`` in cardroom/celery.py)."""
    if _STYLE.__dict__.pop("kept", None) is not None:
        gc.collect()  # the document's cycles may still hold the FontConfiguration


# WeasyPrint makes several objects an element (boxes, styles, text runs), most of them kept until
# the page is written: at Python's default threshold (700 new objects) the cyclic collector runs
# thousands of times a print and went over all of them each time, a quarter of a print's CPU
# (bench/prints.py). While a print is laid out and written it runs every LAYOUT_GC_THRESHOLD new
# objects instead: 24 % less CPU for the 13-table pack, and no higher peak memory for a whole
# 26-page kind (measured: +0 MB; a threshold of 50,000 saved 4 % more but took +55 MB).
LAYOUT_GC_THRESHOLD = 10_000
_GC_LOCK = threading.Lock()
_gc_state = {"depth": 0, "saved": None}  # prints laid out now in this process, the thresholds before


@contextmanager
def layout_gc():
    """Python's cyclic collector at LAYOUT_GC_THRESHOLD while the block runs (the process's own
    thresholds again when the last print of the process's threads is done; a collector switched
    off, threshold 0, stays off)."""
    with _GC_LOCK:
        if _gc_state["depth"] == 0:
            saved = _gc_state["saved"] = gc.get_threshold()
            if saved[0]:
                gc.set_threshold(max(saved[0], LAYOUT_GC_THRESHOLD), *saved[1:])
        _gc_state["depth"] += 1
    try:
        yield
    finally:
        with _GC_LOCK:
            _gc_state["depth"] -= 1
            if _gc_state["depth"] == 0:
                gc.set_threshold(*_gc_state["saved"])


def lay_out(html: str):
    """The laid-out WeasyPrint document of a print's HTML (``render_html(..., pdf=True)``), with
    the print stylesheet as this thread parsed it. The stylesheet comes in as a user stylesheet
    (WeasyPrint's ``stylesheets``), so a template's own <style> wins over it whatever the selectors;
    each template's <style> sets only what print.css does not (every print compared page by page)."""
    from weasyprint import HTML

    fonts, css = _print_style()
    with layout_gc():
        return HTML(string=html, base_url=BASE_URL, url_fetcher=_fetcher()).render(font_config=fonts,
                                                                                     stylesheets=[css])


def write_pdf(document) -> bytes:
    """A laid-out document's PDF bytes (with the collector as ``lay_out`` has it)."""
    with layout_gc():
        return document.write_pdf()


def render_document(template_name: str, context: dict, *, paper: str, title: str):
    """The laid-out WeasyPrint document (pages can be counted or joined into a pack)."""
    return lay_out(render_html(template_name, context, paper=paper, title=title, pdf=True))


def render_print(template_name: str, context: dict, *, paper: str, title: str) -> bytes:
    """The print as PDF bytes, from the same template as ``render_html``."""
    return write_pdf(render_document(template_name, context, paper=paper, title=title))


def join_documents(documents) -> bytes:
    """Several rendered documents as one PDF (a pack), pages in order."""
    documents = list(documents)
    if not documents:
        raise PrintError("nothing to print")
    pages = [page for doc in documents for page in doc.pages]
    return write_pdf(documents[0].copy(pages))


def print_filename(*parts: str, ext: str = "pdf") -> str:
    """A safe file name from its parts: ("Monday Pairs", "travellers", "A4") -> monday-pairs-travellers-a4.pdf."""
    return "-".join(slugify(str(p)) for p in parts if str(p)) + f".{ext}"


def print_response(template_name: str, context: dict, *, paper: str, title: str, filename: str,
                   as_html: bool = False, request=None, inline: bool = True) -> HttpResponse:
    """An HTTP response with the print: PDF (default) or the HTML page from the same template."""
    if as_html:
        return HttpResponse(render_html(template_name, context, paper=paper, title=title, request=request))
    pdf = render_print(template_name, context, paper=paper, title=title)
    response = HttpResponse(pdf, content_type="application/pdf")
    disposition = "inline" if inline else "attachment"
    response["Content-Disposition"] = f'{disposition}; filename="{filename}"'
    return response
