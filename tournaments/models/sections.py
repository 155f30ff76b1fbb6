"""Sections: one movement of an event, with its own pair numbers and its own standings."""
from __future__ import annotations

import threading
from collections import OrderedDict

from django.db import models
from django.db.models import F, TextField
from django.db.models.functions import MD5, Cast

from tournaments.movements.model import Movement

#: Parsed movements kept per process, keyed by (section id, MD5 of the stored JSON): a table's
#: requests read the fingerprint (``Section.movement_hash``, kept by the database) instead of
#: the JSON and reuse the parse; any change to the stored movement is a new key (issue 18).
SCHEDULES: OrderedDict[tuple[int, str], Movement] = OrderedDict()
SCHEDULES_KEPT = 64
_schedules_lock = threading.Lock()


def movement_key():
    """The stored movement's fingerprint (no JSON sent or decoded): the column the database
    computes when the movement is written, so reading it costs no hashing per request."""
    return F("movement_hash")


class Section(models.Model):
    """A section plays one movement; an event has one or more (A, B, ...)."""

    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="sections")
    name = models.CharField(max_length=8, default="A")
    movement = models.JSONField(default=dict, blank=True)
    position = models.PositiveSmallIntegerField(default=1)
    #: MD5 of the stored movement, computed by the database on every write of it (whoever
    #: writes: a save, a queryset update): the key of the per-process parse (``SCHEDULES``).
    movement_hash = models.GeneratedField(expression=MD5(Cast("movement", TextField())),
                                          output_field=models.CharField(max_length=32), db_persist=True)

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
        if "movement" not in self.__dict__ and self._movement_key():
            return self._kept_schedule()
        stored = self.movement
        parsed = self.__dict__.get("_parsed_movement")
        if parsed is None or parsed[0] is not stored:
            parsed = (stored, Movement.from_stored(stored))
            self.__dict__["_parsed_movement"] = parsed
        return parsed[1]

    def _movement_key(self) -> str | None:
        """The fingerprint read with the row (the column, or a ``movement_key`` annotation),
        without a query for it."""
        return self.__dict__.get("movement_key") or self.__dict__.get("movement_hash")

    def _kept_schedule(self) -> Movement:
        key = (self.pk, self._movement_key())
        with _schedules_lock:
            found = SCHEDULES.get(key)
            if found is not None:
                SCHEDULES.move_to_end(key)
                return found
        stored = type(self).objects.filter(pk=self.pk).values_list("movement", "movement_hash").first()
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
