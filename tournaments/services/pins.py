"""Table PINs: wrong guesses count per client and table, with a delay that doubles.

A four-digit PIN is quick to guess, so each client (IP address) gets FREE_MISSES wrong PINs at a
table, then must wait 2, 4, 8 ... seconds (at most MAX_WAIT) between tries. One client's guessing
never locks the table for the others: when all clients together pass TABLE_CEILING wrong PINs in
TABLE_WINDOW seconds, every client is slowed to one try per SLOW_SPACING seconds, and the right
PIN still opens the table. A right PIN clears the client's streak; the director's unlock clears
the table's. The counts are rows (``PinMiss``), so every worker process sees the same ones."""
from dataclasses import dataclass
from datetime import timedelta
import hmac
import logging
import math

from django.db import transaction
from django.db.models import F, Sum
from django.utils import timezone

from tournaments.models import Event, PinMiss
from tournaments.services.lifecycle import event_note

logger = logging.getLogger(__name__)

FREE_MISSES = 5
MAX_WAIT = 900
STREAK_WINDOW = 3600
TABLE_CEILING = 30
TABLE_WINDOW = 600
SLOW_SPACING = 10


@dataclass(frozen=True)
class PinCheck:
    """The answer to one try: ``ok``, or refused with ``wait`` seconds before the next try
    (``tried`` is False when the PIN was not even compared because the client must wait)."""

    ok: bool
    wait: int = 0
    tried: bool = True
    card: str = "the table card"

    @property
    def message(self) -> str:
        if self.ok:
            return ""
        if not self.tried:
            return f"Too many wrong PINs: wait {self.wait} seconds before the next try."
        text = f"Wrong PIN: it is on {self.card}."
        return f"{text} Wait {self.wait} seconds before the next try." if self.wait else text


@dataclass(frozen=True)
class PinSeen:
    """What the table's request already read (``selectors_table.table_section``): the client's
    streak at the table (None: no row) and the table's streaks in the last TABLE_WINDOW seconds."""

    streak: int | None
    table_streaks: int


def streak_wait(streak: int) -> int:
    """Seconds a client waits after ``streak`` wrong PINs in a row: none for the first
    FREE_MISSES (typos), then 2, 4, 8 ... up to MAX_WAIT."""
    if streak < FREE_MISSES:
        return 0
    return min(2 ** (streak - FREE_MISSES + 1), MAX_WAIT)


def _table_streaks(event: Event, table: str, now) -> int:
    recent = PinMiss.objects.filter(event=event, table=table, last_try__gte=now - timedelta(seconds=TABLE_WINDOW))
    return recent.aggregate(n=Sum("streak"))["n"] or 0


def pin_check(*, event: Event, table: str, client: str, expected: str, given,
              card: str = "the table card", seen: PinSeen | None = None) -> PinCheck:
    """Compare ``given`` with the table's PIN for ``client``, counting a wrong one; ``card`` is
    where the PIN is printed (a patience player's is on their own card, not a table's). With
    ``seen``, a right PIN from a client with no streak at a table not slowed is let in without
    another read or a write (what the locked path below would decide)."""
    now = timezone.now()
    right = hmac.compare_digest(str(given or "").strip().encode(), expected.encode())
    if seen is not None and right and not seen.streak and seen.table_streaks < TABLE_CEILING:
        return PinCheck(ok=True)
    with transaction.atomic():
        row = PinMiss.objects.select_for_update().filter(event=event, table=table, client=client).first()
        streak = row.streak if row and (now - row.last_try).total_seconds() <= STREAK_WINDOW else 0
        if streak:
            ready = row.last_try + timedelta(seconds=streak_wait(streak))
            if now < ready:
                return PinCheck(ok=False, wait=math.ceil((ready - now).total_seconds()), tried=False, card=card)
        slowed = _table_streaks(event, table, now) >= TABLE_CEILING
        if slowed and row and now < row.last_try + timedelta(seconds=SLOW_SPACING):
            wait = math.ceil((row.last_try + timedelta(seconds=SLOW_SPACING) - now).total_seconds())
            return PinCheck(ok=False, wait=wait, tried=False, card=card)
        if right and row is None and not slowed:
            return PinCheck(ok=True)
        if row is None:
            # get_or_create: two first tries from one client at once make one row, not an IntegrityError.
            row, _ = PinMiss.objects.get_or_create(event=event, table=table, client=client,
                                                   defaults={"last_try": now})
        if right:
            if row.streak or slowed:
                PinMiss.objects.filter(pk=row.pk).update(streak=0, last_try=now)
            return PinCheck(ok=True)
        streak_now = F("streak") + 1 if streak else 1
        PinMiss.objects.filter(pk=row.pk).update(misses=F("misses") + 1, streak=streak_now, last_try=now)
        row.refresh_from_db()
        slowed = _table_streaks(event, table, now) >= TABLE_CEILING
        return PinCheck(ok=False, wait=max(streak_wait(row.streak), SLOW_SPACING if slowed else 0), card=card)


def event_table_pin_check(event: Event, section, table: int, given, client: str,
                          seen: PinSeen | None = None) -> PinCheck:
    from tournaments.selectors_event import table_pin

    return pin_check(event=event, table=f"{section.name}/{table}", client=client,
                     expected=table_pin(event, section, table), given=given, seen=seen)


def table_unlock(*, event: Event, table: str | None = None) -> int:
    """The director lets a table (or every table of the event) try again at once; the
    counts of wrong PINs stay for the record. Returns how many clients were waiting."""
    rows = PinMiss.objects.filter(event=event, streak__gt=0)
    if table:
        rows = rows.filter(table=table)
    return rows.update(streak=0)


def pin_misses(event: Event) -> list[dict]:
    """Wrong PINs per client and table, most first: what the director's page and API show."""
    now = timezone.now()
    out = []
    for row in PinMiss.objects.filter(event=event, misses__gt=0).order_by("-misses", "table", "client"):
        ready = row.last_try + timedelta(seconds=streak_wait(row.streak))
        out.append({"table": row.table, "client": row.client, "misses": row.misses, "streak": row.streak,
                    "last_try": row.last_try, "wait": max(0, math.ceil((ready - now).total_seconds()))})
    return out


NEW_TABLE_PINS = "new table PINs: the old ones no longer open the tables"


@transaction.atomic
def event_table_pins_regenerate(*, event: Event, user=None) -> Event:
    """New PINs for every table of the event (a party's tables and patience players' phones too):
    a fresh ``pin_secret``, so each old PIN stops
    working at once (a card left in the room or a PIN overheard). Recorded in the event's
    own history (``EventChange``, status unchanged: who and when) and the admin log; the table
    cards must then be printed again."""
    from django.contrib.admin.models import CHANGE, LogEntry

    from tournaments.models.events import new_deal_seed

    event.pin_secret = new_deal_seed()
    Event.objects.filter(pk=event.pk).update(pin_secret=event.pin_secret)
    event_note(event=event, user=user, what=NEW_TABLE_PINS)
    if user is not None and getattr(user, "is_authenticated", False):
        LogEntry.objects.log_actions(user_id=user.pk, queryset=[event], action_flag=CHANGE,
                                     change_message="New table PINs: the old ones no longer open the tables.",
                                     single_object=True)
    logger.info("event %s: new table PINs by %s", event.pk, getattr(user, "username", None) or "the system")
    return event
