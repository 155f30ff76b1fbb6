from django import forms
from django.contrib import admin
from django.core.exceptions import ValidationError

from .models import Board, BoardSet, Event, EventChange
from .services.events import Frozen, event_change_check, event_rescore_results


class EventChangeInline(admin.TabularInline):
    """The lifecycle's trail, read only: status changes go through the pages or the API."""

    model = EventChange
    extra = 0
    can_delete = False
    fields = readonly_fields = ["at", "from_status", "to_status", "by", "reason"]

    def has_add_permission(self, request, obj=None):
        return False


class EventForm(forms.ModelForm):
    """The admin edits an event by the services' rule: game, scoring and rules only while play
    has not fixed them (``event_change_check``)."""

    class Meta:
        model = Event
        fields = "__all__"

    def clean(self):
        data = super().clean()
        if self.instance.pk:
            stored = Event.objects.get(pk=self.instance.pk)
            changes = {f: data[f] for f in ("game", "scoring", "rules") if f in data and getattr(stored, f) != data[f]}
            try:
                event_change_check(event=stored, changes=changes)
            except Frozen as exc:
                raise ValidationError({exc.extra["field"]: exc.detail}) from None
        return data


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    form = EventForm
    list_display = ["name", "club", "date", "game", "format", "scoring", "status"]
    list_filter = ["club", "game", "format", "status"]
    search_fields = ["name"]
    date_hierarchy = "date"
    # The format is chosen when the event is created (a teams event with its teams settings, from
    # the pages or the API): changing it here would leave a teams event without them.
    readonly_fields = ["status", "format", "published_at"]
    inlines = [EventChangeInline]

    def save_model(self, request, obj, form, change):
        """A new scoring method rescores the results in, as the pages and the API do."""
        super().save_model(request, obj, form, change)
        if change and "scoring" in form.changed_data:
            event_rescore_results(event=obj)


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
