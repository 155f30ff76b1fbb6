"""What a scorer types for a result, read once into typed values: the number of tricks and an
arbitral (adjusted) score. The API's serializer fields and the pages' result forms both call
these; the results service receives ints and ``Adjustment`` values, never text."""
from __future__ import annotations

from .adjustments import Adjustment, parse_adjustment
from .errors import ScoringError

TRICKS = 13  # tricks in a deal: every game here deals 52 cards to four hands
KEEP_TABLE = "table"  # a split score (Law 12C): this side keeps the table's result


def read_tricks(value) -> int | None:
    """A number of tricks, 0 to 13. Blank (None or "") is "not given": a passed-out board or an
    adjusted score takes none, and the service says when a played board needs them."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    if isinstance(value, bool):
        raise ScoringError(f"{value!r} is not a number of tricks (0-{TRICKS}).")
    if isinstance(value, int):
        n = value
    else:
        text = str(value).strip()
        if not (text.isascii() and text.isdigit() and len(text) <= 2):
            raise ScoringError(f"{value!r} is not a number of tricks (0-{TRICKS}).")
        n = int(text)
    if not 0 <= n <= TRICKS:
        raise ScoringError(f"{n} tricks: a side takes 0 to {TRICKS}.")
    return n


def read_adjusted(value) -> Adjustment | str | None:
    """An arbitral score for one side: ``A+``, ``A``, ``A-`` or a percentage such as ``60%``
    (Law 12C2), or ``table`` (``KEEP_TABLE``: this side keeps the table's result, a split
    score). Blank (None or "") is none."""
    if value is None or isinstance(value, Adjustment):
        return value
    text = str(value).strip()
    if not text:
        return None
    if text.upper() in ("T", "TABLE"):
        return KEEP_TABLE
    adjustment = parse_adjustment(text)
    if adjustment is None:
        raise ScoringError(f"{value!r} is not an adjusted score (A+, A, A-, 60%, or table for a split score).")
    return adjustment
