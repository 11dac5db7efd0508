"""Score sheets in the admin: staff look, never write (core.web.admin)."""

from django.contrib import admin

from core.web.admin import ReadOnlyAdmin
from tracker.sheets.models import Sheet, SheetRound, SheetSeat


class SheetSeatInline(ReadOnlyAdmin, admin.TabularInline):
    model = SheetSeat
    extra = 0
    raw_id_fields = ["player"]


@admin.register(Sheet)
class SheetAdmin(ReadOnlyAdmin, admin.ModelAdmin):
    list_display = ["__str__", "group", "round_count", "created_at"]
    search_fields = ["name", "group__name"]
    raw_id_fields = ["group", "created_by"]
    inlines = [SheetSeatInline]


@admin.register(SheetRound)
class SheetRoundAdmin(ReadOnlyAdmin, admin.ModelAdmin):
    list_display = ["sheet", "number", "entered_by", "entered_at"]
    search_fields = ["sheet__name", "sheet__group__name"]
    raw_id_fields = ["sheet", "entered_by"]
