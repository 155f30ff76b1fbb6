"""Sections: one movement of an event, with its own pair numbers and its own standings."""
from django.db import models

from tournaments.movements.model import Movement


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
        schedule on the next read. Change the movement by assigning it, never in place.
        """
        stored = self.movement
        parsed = self.__dict__.get("_parsed_movement")
        if parsed is None or parsed[0] is not stored:
            parsed = (stored, Movement.from_stored(stored))
            self.__dict__["_parsed_movement"] = parsed
        return parsed[1]

    def planned_schedule(self) -> Movement:
        """The movement as chosen, before late arrivals and withdrawals turned places into sit-outs."""
        return Movement.from_stored(self.movement, planned=True)
