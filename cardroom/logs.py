"""Logging filters for the site's own LOGGING setting."""
import logging

from django.core.exceptions import PermissionDenied


class DenialWithoutTrace(logging.Filter):
    """A refused request (403) is an everyday event, not a failure: log its one line
    ("Forbidden (Permission denied): /path") without the stack trace Django attaches."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info and isinstance(record.exc_info[1], PermissionDenied):
            record.exc_info = None
            record.exc_text = None
        return True
