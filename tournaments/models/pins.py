"""Wrong table PINs, counted per client and table: what the lock-out reads and the director sees."""
from django.db import models


class PinMiss(models.Model):
    """One client's wrong PINs at one table of an event (a party's table or a section's "A/3").

    ``streak`` drives the client's delay and is cleared by a right PIN or the director's unlock;
    ``misses`` only grows, so the director still sees who kept guessing."""

    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="pin_misses")
    table = models.CharField(max_length=40, help_text='"A/3" for a section\'s table, "3" for a party\'s.')
    client = models.CharField(max_length=64, help_text="The client's IP address.")
    misses = models.PositiveIntegerField(default=0)
    streak = models.PositiveIntegerField(default=0)
    last_try = models.DateTimeField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["event", "table", "client"], name="pin_miss_per_client")]
        indexes = [models.Index(fields=["event", "table", "last_try"])]

    def __str__(self):
        return f"{self.client} at table {self.table}: {self.misses} wrong PINs"
