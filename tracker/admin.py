from importlib import import_module

from django.contrib import admin

from core import games
from core.admin import ShownOnGroupPages
from tracker.models import Season


@admin.register(Season)
class SeasonAdmin(ShownOnGroupPages, admin.ModelAdmin):
    list_display = ["name", "group", "starts_on", "ends_on"]
    search_fields = ["name", "group__name"]
    raw_id_fields = ["group"]


# Each kind of game registers the admin of its own rows (the registry's `admin` module).
for game_kind in games.every_kind():
    import_module(game_kind.admin)
