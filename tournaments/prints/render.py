"""The print machinery: one Django template gives both the HTML page and, through WeasyPrint,
the PDF. WeasyPrint's URL fetcher serves only our own static files: a print never reaches out
to the network, whatever a template or a stored name happens to contain.
"""
from __future__ import annotations

import logging
import mimetypes
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


def render_html(template_name: str, context: dict, *, paper: str, title: str, request=None) -> str:
    """The print as an HTML page (what a browser shows and prints)."""
    return render_to_string(template_name, print_context(context, paper=paper, title=title), request=request)


def render_document(template_name: str, context: dict, *, paper: str, title: str):
    """The laid-out WeasyPrint document (pages can be counted or joined into a pack)."""
    from weasyprint import HTML
    from weasyprint.text.fonts import FontConfiguration

    html = render_html(template_name, context, paper=paper, title=title)
    fonts = FontConfiguration()
    return HTML(string=html, base_url=BASE_URL, url_fetcher=_fetcher()).render(font_config=fonts)


def render_print(template_name: str, context: dict, *, paper: str, title: str) -> bytes:
    """The print as PDF bytes, from the same template as ``render_html``."""
    return render_document(template_name, context, paper=paper, title=title).write_pdf()


def join_documents(documents) -> bytes:
    """Several rendered documents as one PDF (a pack), pages in order."""
    documents = list(documents)
    if not documents:
        raise PrintError("nothing to print")
    pages = [page for doc in documents for page in doc.pages]
    return documents[0].copy(pages).write_pdf()


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
