"""CSV cells that a spreadsheet will not run as formulas (OWASP, "CSV Injection").

A cell starting with ``=``, ``+``, ``-``, ``@``, tab or carriage return is written with a ``'`` in
front, which spreadsheets show as text and hide. So that exporting and importing again gives the
same value, a cell that starts with ``'`` is also given one; reading strips a leading ``'`` only
when one of those follows it, i.e. only where ``cell_out`` added it."""

FORMULA_PREFIXES = ("=", "+", "-", "@", "\t", "\r")


def cell_out(value) -> str:
    text = "" if value is None else str(value)
    return "'" + text if text.startswith(FORMULA_PREFIXES + ("'",)) else text


def cell_in(text: str) -> str:
    if len(text) > 1 and text[0] == "'" and text[1:].startswith(FORMULA_PREFIXES + ("'",)):
        return text[1:]
    return text
