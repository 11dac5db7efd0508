from django import forms
from django.contrib import admin, messages
from django.db import IntegrityError, transaction
from django.http import HttpResponseRedirect

from core.models import (
    Change,
    Group,
    Invite,
    Membership,
    Player,
    Preferences,
    Restore,
    ThrottledPost,
)
from core.names import name_taken
from core.versioning import changed_fields, touch_group
from core.web.admin import ReadOnlyAdmin


class ShownOnGroupPages(admin.ModelAdmin):
    """For a ModelAdmin of rows the group's pages show: they are cached per Group.version, so a
    save or a delete here bumps it, in the same transaction, as the app's own writes do (the
    operator's hand, even in a group a restore holds). An edit claims the group first and
    writes only the fields its form changed, as the app's own edits do."""

    def save_model(self, request, obj, form, change):
        with transaction.atomic():
            # A row moved to another group leaves the pages of both.
            moved = {obj.group_id, form.initial.get("group") if change else None} - {None}
            for group_id in sorted(moved):
                touch_group(group_id, while_restored=True)
            obj.save(update_fields=self.fields_changed(form) if change else None)

    def fields_changed(self, form) -> list[str]:
        return changed_fields(form)

    def delete_model(self, request, obj):
        with transaction.atomic():
            super().delete_model(request, obj)
            touch_group(obj.group_id, while_restored=True)

    def delete_queryset(self, request, queryset):
        with transaction.atomic():
            group_ids = set(queryset.values_list("group_id", flat=True))
            super().delete_queryset(request, queryset)
            for group_id in group_ids:
                touch_group(group_id, while_restored=True)


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

    def get_readonly_fields(self, request, obj=None):
        # The version is the app's to bump, and the restore holding the group its steps' to set
        # and clear; the amounts are stored in minor units of the currency, so a group's
        # currency is chosen once.
        return ["version", "restoring", "currency"] if obj else ["version", "restoring"]

    def save_model(self, request, obj, form, change):
        with transaction.atomic():
            # The row claimed first, then only what the form changed: the whole row would put
            # back the version and the restore read when the form was opened.
            if change:
                touch_group(obj.pk, while_restored=True)
            obj.save(update_fields=changed_fields(form) if change else None)


@admin.register(Membership)
class MembershipAdmin(ShownOnGroupPages, admin.ModelAdmin):
    list_display = ["user", "group", "role", "joined_at"]
    list_filter = ["role"]
    search_fields = ["user__username", "group__name"]
    raw_id_fields = ["user", "group"]


class NameTaken(Exception):
    """Another player of the group got the name between the form's check and the save."""


class PlayerAdminForm(forms.ModelForm):
    def clean(self):
        """A name no other player of the group has, whatever its case or encoding."""
        cleaned = super().clean()
        assert cleaned is not None
        group, name = cleaned.get("group"), cleaned.get("name")
        if group and name and Player.named(group, name).exclude(pk=self.instance.pk).exists():
            self.add_error("name", name_taken(name, group))
        return cleaned


@admin.register(Player)
class PlayerAdmin(ShownOnGroupPages, admin.ModelAdmin):
    form = PlayerAdminForm
    list_display = ["name", "group", "user", "created_at"]
    search_fields = ["name", "group__name", "user__username"]
    raw_id_fields = ["group", "user"]

    def save_model(self, request, obj, form, change):
        obj.set_name(obj.name)
        try:
            super().save_model(request, obj, form, change)  # in a savepoint of its own
        except IntegrityError:
            raise NameTaken(name_taken(obj.name, obj.group)) from None

    def fields_changed(self, form) -> list[str]:
        changed = changed_fields(form)
        return changed + ["name_key"] if "name" in changed else changed

    def changeform_view(self, request, *args, **kwargs):
        """A name taken by another phone a moment before the save is refused as the form
        refuses it, on the form drawn again; nothing was saved."""
        try:
            return super().changeform_view(request, *args, **kwargs)
        except NameTaken as refusal:
            self.message_user(request, str(refusal), messages.ERROR)
            return HttpResponseRedirect(request.get_full_path())


@admin.register(Invite)
class InviteAdmin(admin.ModelAdmin):
    list_display = ["group", "role", "status", "uses", "created_by", "created_at", "expires_at"]
    list_filter = ["role"]
    search_fields = ["group__name", "token"]
    raw_id_fields = ["group", "created_by"]


# Games and their history change only through the services (core.web.admin).


@admin.register(Change)
class ChangeAdmin(ReadOnlyAdmin, admin.ModelAdmin):
    list_display = ["summary", "action", "game_kind", "game_id", "number", "user", "at"]
    list_filter = ["action", "game_kind"]
    search_fields = ["summary", "user__username"]
    raw_id_fields = ["group", "user"]


@admin.register(Restore)
class RestoreAdmin(ReadOnlyAdmin, admin.ModelAdmin):
    list_display = ["group", "state", "entries_done", "entries_total", "created_at"]
    list_filter = ["state"]
    search_fields = ["group__name"]
    raw_id_fields = ["group", "started_by"]
    exclude = ["backup"]  # the uploaded zip: bytes no one reads here


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


def game_field(model, game) -> str:
    """The name of `model`'s foreign key to its `game` ("session", "tournament", "sheet")."""
    return next(field.name for field in model._meta.fields if field.related_model is game)


def register_game(game, seat, entry, columns: list[str], entry_columns: list[str], **options):
    """The admin's pages of a kind of game, where staff look and never write (core.web.admin):
    its games (`columns`, with their seats inline), its entries (`entry_columns`) and, unless
    `seats_page` is False, its seats. `raw_ids`: the game's other foreign keys."""
    named = game_field(seat, game)
    shown = {"model": seat, "extra": 0, "raw_id_fields": ["player"]}
    inline = type("SeatInline", (ReadOnlyAdmin, admin.TabularInline), shown)
    admin.site.register(
        game,
        type("GameAdmin", (ReadOnlyAdmin, admin.ModelAdmin), {}),
        list_display=columns,
        search_fields=["name", "group__name"],
        raw_id_fields=["group", "created_by", *options.get("raw_ids", [])],
        inlines=[inline],
    )
    played = game_field(entry, game)
    admin.site.register(
        entry,
        type("EntryAdmin", (ReadOnlyAdmin, admin.ModelAdmin), {}),
        list_display=[played, *entry_columns, "entered_by", "entered_at"],
        search_fields=[f"{played}__name", f"{played}__group__name"],
        raw_id_fields=[played, "entered_by"],
    )
    if options.get("seats_page", True):
        admin.site.register(
            seat,
            type("SeatAdmin", (ReadOnlyAdmin, admin.ModelAdmin), {}),
            list_display=[named, "seat", "player"],
            search_fields=["player__name", f"{named}__name"],
            raw_id_fields=[named, "player"],
        )
