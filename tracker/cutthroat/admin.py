"""Tournaments in the admin: staff look, never write (core.web.admin)."""

from django.contrib import admin

from core.web.admin import ReadOnlyAdmin
from tracker.cutthroat.models import Hand, Tournament, TournamentSeat


class TournamentSeatInline(ReadOnlyAdmin, admin.TabularInline):
    model = TournamentSeat
    extra = 0
    raw_id_fields = ["player"]


@admin.register(Tournament)
class TournamentAdmin(ReadOnlyAdmin, admin.ModelAdmin):
    list_display = [
        "__str__",
        "group",
        "hand_count",
        "champion",
        "game_stake",
        "buy_in",
        "created_at",
    ]
    search_fields = ["name", "group__name"]
    raw_id_fields = ["group", "created_by", "champion"]
    inlines = [TournamentSeatInline]


@admin.register(Hand)
class HandAdmin(ReadOnlyAdmin, admin.ModelAdmin):
    list_display = ["tournament", "number", "bids", "tricks", "entered_by", "entered_at"]
    search_fields = ["tournament__name", "tournament__group__name"]
    raw_id_fields = ["tournament", "entered_by"]


@admin.register(TournamentSeat)
class TournamentSeatAdmin(ReadOnlyAdmin, admin.ModelAdmin):
    list_display = ["tournament", "seat", "player"]
    search_fields = ["player__name", "tournament__name"]
    raw_id_fields = ["tournament", "player"]
