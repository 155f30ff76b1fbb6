from django.contrib import admin

from .models import Club, ClubRole, ClubStatistics, Guest, Member


class ClubRoleInline(admin.TabularInline):
    model = ClubRole
    extra = 1
    autocomplete_fields = ["user"]


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "city", "time_zone", "paper_size", "correction_hours"]
    search_fields = ["name", "city", "slug"]
    prepopulated_fields = {"slug": ("name",)}
    inlines = [ClubRoleInline]


@admin.register(Member)
class MemberAdmin(admin.ModelAdmin):
    list_display = ["membership_number", "last_name", "first_name", "club", "email", "active"]
    list_filter = ["club", "active"]
    search_fields = ["membership_number", "federation_number", "first_name", "last_name", "email"]
    autocomplete_fields = ["user"]


@admin.register(Guest)
class GuestAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "home_club", "created_at"]
    list_filter = ["club"]
    search_fields = ["name"]


@admin.register(ClubRole)
class ClubRoleAdmin(admin.ModelAdmin):
    list_display = ["user", "club", "role"]
    list_filter = ["club", "role"]
    autocomplete_fields = ["user"]


@admin.register(ClubStatistics)
class ClubStatisticsAdmin(admin.ModelAdmin):
    list_display = ["club", "members_active", "members_total", "guests_total", "events_total", "refreshed_at"]
    readonly_fields = ["refreshed_at"]
