from django.contrib import admin

from .models import Board, BoardSet, Event, EventChange


class EventChangeInline(admin.TabularInline):
    """The lifecycle's trail, read only: status changes go through the pages or the API."""

    model = EventChange
    extra = 0
    can_delete = False
    fields = readonly_fields = ["at", "from_status", "to_status", "by", "reason"]

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "date", "game", "scoring", "status"]
    list_filter = ["club", "game", "status"]
    search_fields = ["name"]
    date_hierarchy = "date"
    readonly_fields = ["status", "published_at"]
    inlines = [EventChangeInline]


class BoardInline(admin.TabularInline):
    model = Board
    fields = ["number", "dealer", "vulnerability", "turn_up", "deal", "analysed_at"]
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(BoardSet)
class BoardSetAdmin(admin.ModelAdmin):
    """Read-mostly: boards are dealt, imported and copied through the services (pages, API, CLI)."""

    list_display = ["__str__", "club", "event", "game", "source", "copied_from", "created_at"]
    list_filter = ["club", "game", "source", ("event", admin.EmptyFieldListFilter)]
    search_fields = ["name", "event__name"]
    readonly_fields = ["club", "event", "game", "source", "seed", "algorithm", "copied_from", "created_at",
                       "updated_at"]
    inlines = [BoardInline]
