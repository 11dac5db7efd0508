from django.contrib import admin

from tracker.models import (
    Change,
    Group,
    Hand,
    Invite,
    Membership,
    Player,
    Preferences,
    Round,
    Session,
    SessionSeat,
    ThrottledPost,
    Tournament,
    TournamentSeat,
)


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0
    raw_id_fields = ["user"]


@admin.register(Group)
class GroupAdmin(admin.ModelAdmin):
    list_display = ["name", "currency", "created_at"]
    list_filter = ["currency"]
    search_fields = ["name"]
    inlines = [MembershipInline]


@admin.register(Membership)
class MembershipAdmin(admin.ModelAdmin):
    list_display = ["user", "group", "role", "joined_at"]
    list_filter = ["role"]
    search_fields = ["user__username", "group__name"]
    raw_id_fields = ["user", "group"]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "group", "user", "created_at"]
    search_fields = ["name", "group__name", "user__username"]
    raw_id_fields = ["group", "user"]


@admin.register(Invite)
class InviteAdmin(admin.ModelAdmin):
    list_display = ["group", "role", "status", "uses", "created_by", "created_at", "expires_at"]
    list_filter = ["role"]
    search_fields = ["group__name", "token"]
    raw_id_fields = ["group", "created_by"]


class TournamentSeatInline(admin.TabularInline):
    model = TournamentSeat
    extra = 0
    raw_id_fields = ["player"]


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
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
class HandAdmin(admin.ModelAdmin):
    list_display = ["tournament", "number", "bids", "tricks", "entered_by", "entered_at"]
    search_fields = ["tournament__name", "tournament__group__name"]
    raw_id_fields = ["tournament", "entered_by"]


class SessionSeatInline(admin.TabularInline):
    model = SessionSeat
    extra = 0
    raw_id_fields = ["player"]


@admin.register(Session)
class SessionAdmin(admin.ModelAdmin):
    list_display = ["__str__", "group", "round_count", "created_at", "closed_at"]
    search_fields = ["name", "group__name"]
    raw_id_fields = ["group", "created_by"]
    inlines = [SessionSeatInline]


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["session", "number", "entered_by", "entered_at"]
    search_fields = ["session__name", "session__group__name"]
    raw_id_fields = ["session", "entered_by"]


@admin.register(Change)
class ChangeAdmin(admin.ModelAdmin):
    list_display = ["summary", "action", "tournament", "session", "number", "user", "at"]
    list_filter = ["action"]
    search_fields = ["summary", "user__username"]
    raw_id_fields = ["tournament", "session", "user"]


@admin.register(TournamentSeat)
class TournamentSeatAdmin(admin.ModelAdmin):
    list_display = ["tournament", "seat", "player"]
    search_fields = ["player__name", "tournament__name"]
    raw_id_fields = ["tournament", "player"]


@admin.register(SessionSeat)
class SessionSeatAdmin(admin.ModelAdmin):
    list_display = ["session", "seat", "player"]
    search_fields = ["player__name", "session__name"]
    raw_id_fields = ["session", "player"]


@admin.register(Preferences)
class PreferencesAdmin(admin.ModelAdmin):
    list_display = ["user", "language"]
    list_filter = ["language"]
    search_fields = ["user__username"]


@admin.register(ThrottledPost)
class ThrottledPostAdmin(admin.ModelAdmin):
    list_display = ["what", "address", "at"]
    list_filter = ["what"]
    search_fields = ["address"]
    date_hierarchy = "at"
