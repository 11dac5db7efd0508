"""Cắt Tê sessions in the admin: staff look, never write (core.web.admin)."""

from django.contrib import admin

from core.web.admin import ReadOnlyAdmin
from tracker.catte.models import CatteSession, Round, SessionSeat


class SessionSeatInline(ReadOnlyAdmin, admin.TabularInline):
    model = SessionSeat
    extra = 0
    raw_id_fields = ["player"]


@admin.register(CatteSession)
class SessionAdmin(ReadOnlyAdmin, admin.ModelAdmin):
    list_display = ["__str__", "group", "round_count", "created_at", "closed_at"]
    search_fields = ["name", "group__name"]
    raw_id_fields = ["group", "created_by"]
    inlines = [SessionSeatInline]


@admin.register(Round)
class RoundAdmin(ReadOnlyAdmin, admin.ModelAdmin):
    list_display = ["session", "number", "entered_by", "entered_at"]
    search_fields = ["session__name", "session__group__name"]
    raw_id_fields = ["session", "entered_by"]


@admin.register(SessionSeat)
class SessionSeatAdmin(ReadOnlyAdmin, admin.ModelAdmin):
    list_display = ["session", "seat", "player"]
    search_fields = ["player__name", "session__name"]
    raw_id_fields = ["session", "player"]
