"""Sections: one movement of an event, with its own pair numbers and its own standings."""
from __future__ import annotations

import threading
from collections import OrderedDict

from django.db import models
from django.db.models import TextField
from django.db.models.functions import MD5, Cast

from tournaments.movements.model import Movement

#: Parsed movements kept per process, keyed by (section id, MD5 of the stored JSON): a table's
#: requests read the fingerprint instead of the JSON (``Section.with_movement_key``) and
#: reuse the parse; any change to the stored movement is a new key (issue 18).
SCHEDULES: OrderedDict[tuple[int, str], Movement] = OrderedDict()
SCHEDULES_KEPT = 64
_schedules_lock = threading.Lock()


def movement_key():
    """The stored movement's fingerprint, computed by the database (no JSON sent or decoded)."""
    return MD5(Cast("movement", TextField()))


class Section(models.Model):
    """A section plays one movement; an event has one or more (A, B, ...)."""

    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="sections")
    name = models.CharField(max_length=8, default="A")
    movement = models.JSONField(default=dict, blank=True)
    position = models.PositiveSmallIntegerField(default=1)

    class Meta:
        ordering = ["event", "position", "name"]
        constraints = [models.UniqueConstraint(fields=["event", "name"], name="unique_section_name_per_event")]

    def __str__(self) -> str:
        return f"{self.event} section {self.name}"

    @property
    def schedule(self) -> Movement:
        """The movement as played, typed: who sits where each round and which boards they play.

        Parsed once per stored value: the parse is kept with the JSON it was read from, so
        assigning ``movement`` (a service storing a new one, ``refresh_from_db``) gives a fresh
        schedule on the next read. Change the movement by assigning it, never in place. A
        section read with its movement deferred and ``movement_key`` annotated (a table's
        request) takes the process's parse of that stored value, reading the JSON only once.
        """
        if "movement" not in self.__dict__ and getattr(self, "movement_key", None):
            return self._kept_schedule()
        stored = self.movement
        parsed = self.__dict__.get("_parsed_movement")
        if parsed is None or parsed[0] is not stored:
            parsed = (stored, Movement.from_stored(stored))
            self.__dict__["_parsed_movement"] = parsed
        return parsed[1]

    def _kept_schedule(self) -> Movement:
        key = (self.pk, self.movement_key)
        with _schedules_lock:
            found = SCHEDULES.get(key)
            if found is not None:
                SCHEDULES.move_to_end(key)
                return found
        stored = type(self).objects.filter(pk=self.pk).annotate(key=movement_key()).values_list(
            "movement", "key").first()
        if stored is None:
            return Movement.from_stored({})
        found = Movement.from_stored(stored[0])
        with _schedules_lock:
            SCHEDULES[(self.pk, stored[1])] = found  # the key of what was read, should it have changed since
            while len(SCHEDULES) > SCHEDULES_KEPT:
                SCHEDULES.popitem(last=False)
        return found

    def planned_schedule(self) -> Movement:
        """The movement as chosen, before late arrivals and withdrawals turned places into sit-outs."""
        return Movement.from_stored(self.movement, planned=True)
