"""Writes for tournaments, one module per area; import from the module that owns the function."""
from .events import event_create, event_delete, event_update

__all__ = ["event_create", "event_delete", "event_update"]
