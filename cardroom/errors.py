"""Domain errors every layer shares. A service raises them; the API's one exception handler
(``cardroom.api.exception_handler``) and the pages map them to HTTP, so no view catches them
one by one.

- ``Conflict``: the request clashes with what is stored (409): a result already there, a round
  already closed, an action on an event in the wrong state. Subclasses may carry ``extra`` data
  for the response body.
- Bad input stays Django's ``ValidationError`` (400, by field)."""
from __future__ import annotations


class Conflict(Exception):
    """The request clashes with the stored state (HTTP 409). ``extra`` is merged into the
    response body beside ``detail``."""

    def __init__(self, detail: str, **extra):
        super().__init__(detail)
        self.detail = detail
        self.extra = extra
