"""Read-only admin views of derived scoring rows (rebuilt by every scoring run)."""
from django.contrib import admin

from .models import EventScoring, Score, Standing


class ReadOnly(admin.ModelAdmin):
    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(EventScoring)
class EventScoringAdmin(ReadOnly):
    list_display = ["event", "version", "runs", "results_scored", "computed_at", "duration_ms"]


@admin.register(Standing)
class StandingAdmin(ReadOnly):
    list_display = ["event", "section", "field", "rank", "entry", "total", "percentage", "boards"]
    list_filter = ["event"]


@admin.register(Score)
class ScoreAdmin(ReadOnly):
    list_display = ["event", "result", "top", "mp_ns", "mp_ew", "imp_ns", "imp_ew"]
    list_filter = ["event"]
