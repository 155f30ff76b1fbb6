from django.contrib import admin

from .models import Invitation, LinkRequest, ResultsMail


@admin.register(Invitation)
class InvitationAdmin(admin.ModelAdmin):
    list_display = ["member", "email", "user", "invited_by", "created_at", "claimed_at"]
    search_fields = ["email", "member__last_name", "user__username"]
    raw_id_fields = ["member", "user", "invited_by"]


@admin.register(LinkRequest)
class LinkRequestAdmin(admin.ModelAdmin):
    list_display = ["user", "club", "membership_number", "status", "member", "created_at", "decided_at"]
    list_filter = ["status"]
    raw_id_fields = ["user", "club", "member", "decided_by"]


@admin.register(ResultsMail)
class ResultsMailAdmin(admin.ModelAdmin):
    list_display = ["event", "member", "email", "status", "attempts", "sent_at"]
    list_filter = ["status"]
    search_fields = ["email", "member__last_name"]
    raw_id_fields = ["event", "member"]
