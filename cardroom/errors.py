"""Domain errors every layer shares. A service raises them; the API's one exception handler
(``cardroom.api.exception_handler``) and the pages map them to HTTP, so no view catches them
one by one.

- ``Conflict``: the request clashes with what is stored (409): a result already there, a round
  already closed, an action on an event in the wrong state. Subclasses may carry ``extra`` data
  for the response body.
- Bad input stays Django's ``ValidationError`` (400, by field).

A message never repeats a long bad value in full: ``shorten_echoes`` cuts it to
``limits.ECHO_MAX`` characters and an ellipsis, applied where errors leave (the API's exception
handler, the pages' messages and the forms' error lists), not field by field."""
from __future__ import annotations

import re
from collections.abc import Iterable

from cardroom import limits

_LONG_RUN = re.compile(r"[^\s'\"]{%d,}" % (limits.ECHO_MAX + 1))


class Conflict(Exception):
    """The request clashes with the stored state (HTTP 409). ``extra`` is merged into the
    response body beside ``detail``."""

    def __init__(self, detail: str, **extra):
        super().__init__(detail)
        self.detail = detail
        self.extra = extra


def shorten_echoes(text: str, values: Iterable[str] = ()) -> str:
    """``text`` with each of ``values`` (what the request sent) longer than ECHO_MAX, and any
    other unbroken run longer than that, cut to ECHO_MAX characters and "…"."""
    for value in sorted((v for v in values if len(v) > limits.ECHO_MAX), key=len, reverse=True):
        if value in text:
            text = text.replace(value, value[:limits.ECHO_MAX] + "…")
    return _LONG_RUN.sub(lambda m: m.group()[:limits.ECHO_MAX] + "…", text)


def sent_values(*sources) -> list[str]:
    """The long strings of a request's bodies and query strings (dicts, lists, QueryDicts)."""
    out = []

    def walk(value):
        if isinstance(value, str):
            if len(value) > limits.ECHO_MAX:
                out.append(value)
        elif hasattr(value, "lists"):
            for _key, items in value.lists():
                walk(items)
        elif isinstance(value, dict):
            for item in value.values():
                walk(item)
        elif isinstance(value, (list, tuple)):
            for item in value:
                walk(item)

    for source in sources:
        walk(source)
    return out
