"""Sections: one movement of an event, with its own pair numbers and its own standings."""
from django.db import models


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
