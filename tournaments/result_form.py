"""A result as the pages' forms post it (text), read into the typed values the results service
takes, by the same readers as the API's serializer fields (``scoring.engine.entry``); an
unreadable field is a ValidationError naming it."""
from __future__ import annotations

from collections.abc import Mapping

from django.core.exceptions import ValidationError

from scoring.engine import ScoringError
from scoring.engine.entry import read_adjusted, read_tricks

READERS = {"tricks": read_tricks, "tricks_ns": read_tricks, "adjusted_ns": read_adjusted, "adjusted_ew": read_adjusted}


def result_fields(posted: Mapping, names) -> dict:
    """``names`` from ``posted`` ("" when absent), the typed ones read (tricks as int or None,
    adjusted scores as ``Adjustment``, ``KEEP_TABLE`` or None)."""
    data, errors = {}, {}
    for name in names:
        raw = posted.get(name, "")
        reader = READERS.get(name)
        if reader is None:
            data[name] = raw
            continue
        try:
            data[name] = reader(raw)
        except ScoringError as exc:
            errors[name] = [str(exc)]
    if errors:
        raise ValidationError(errors)
    return data
