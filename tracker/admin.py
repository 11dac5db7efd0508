from django.contrib import admin

from tracker.models import Group, Invite, Membership, Player


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
