"""Numbers and dates from page forms and query strings: a whole number within its limit, a
date within the years Cardroom takes, or a Django ValidationError naming the field (the page
shows it as a message, the API's exception handler as a 400; never a ValueError 500).
The API's input serializers do the same with ``IntegerField(min_value, max_value)``."""
import datetime

from django.core.exceptions import ValidationError

from cardroom import limits


def whole_number(value, field: str, *, low: int = 1, high: int = limits.MAX_ID, default: int | None = None) -> int:
    """``"12"`` -> 12; blank gives ``default`` (or is refused); ``"abc"``, ``"3.5"``,
    ``"1e9"`` and numbers outside ``low..high`` are refused naming ``field``."""
    text = str(value if value is not None else "").strip()
    if not text and default is not None:
        return default
    if not text.isascii() or not text.isdigit() or len(text) > len(str(high)) or not low <= int(text) <= high:
        raise ValidationError({field: [f"a whole number from {low} to {high} (limit), not {text[:20]!r}."]})
    return int(text)


def is_whole(value, *, signed: bool = False, max_digits: int = 12) -> bool:
    """True when ``int(value)`` is safe and meant: ASCII digits only (a leading ``-`` when
    ``signed``), at most ``max_digits`` of them. ``str.isdigit()`` alone also takes ``"²"`` or
    ``"٣"``, which ``int()`` refuses, and a 5,000-digit string, which ``int()`` refuses too."""
    text = str(value if value is not None else "").strip()
    if signed and text.startswith("-"):
        text = text[1:]
    return text.isascii() and text.isdigit() and len(text) <= max_digits


def date_within(value: datetime.date | datetime.datetime, field: str) -> None:
    """Refuse a date (or a moment's date) outside ``EARLIEST_DATE..LATEST_DATE``, naming ``field``."""
    day = value.date() if isinstance(value, datetime.datetime) else value
    if not limits.EARLIEST_DATE <= day <= limits.LATEST_DATE:
        raise ValidationError({field: [f"a date from {limits.EARLIEST_DATE} to {limits.LATEST_DATE} (limit), "
                                       f"not {day.isoformat()}."]})
