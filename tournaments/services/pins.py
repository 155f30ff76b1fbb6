"""Table PINs: a wrong guess counts against the table; after PIN_TRIES wrong ones within
PIN_WINDOW seconds every try fails until the window passes (four digits are quick to guess)."""
import hmac

from django.core.cache import cache

PIN_TRIES = 10
PIN_WINDOW = 600


def pin_locked(scope: str) -> bool:
    return cache.get(f"pin-misses:{scope}", 0) >= PIN_TRIES


def pin_ok(scope: str, expected: str, given) -> bool:
    """True when ``given`` is the table's PIN and the table is not locked out."""
    key = f"pin-misses:{scope}"
    if cache.get(key, 0) >= PIN_TRIES:
        return False
    if hmac.compare_digest(str(given or "").strip(), expected):
        return True
    try:
        cache.incr(key)
    except ValueError:
        cache.set(key, 1, PIN_WINDOW)
    return False


def event_table_pin_ok(event, section, table: int, given) -> bool:
    from tournaments.selectors_event import table_pin

    return pin_ok(f"event:{event.pk}:{section.name}:{table}", table_pin(event, section, table), given)
