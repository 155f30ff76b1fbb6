from django.contrib import admin

from .models import Event


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "date", "game", "scoring", "status"]
    list_filter = ["club", "game", "status"]
    search_fields = ["name"]
    date_hierarchy = "date"
