"""A player's name is unique in his group as the app compares names, not as the database lowers
them (SQLite's LOWER knows only ASCII, and neither database joins the two encodings of an
accent): each player gets his name's key, unique in the group. Two players of a group whose
names were already the same name ("Dũng" in both encodings, "Straße" and "STRASSE") keep their
games; the later one is renamed "STRASSE (2)" (then "(3)", …), so that every page can tell them
apart again."""

import unicodedata

from django.db import migrations, models

NAME_MAX = 40


def key_of(name: str) -> str:
    """As basics.names.name_key compares names (copied: a migration keeps its code)."""
    return unicodedata.normalize("NFC", name).casefold()


def numbered(name: str, number: int) -> str:
    """`name` with ` (number)` after it, the name cut to leave room for it."""
    suffix = f" ({number})"
    return name[: NAME_MAX - len(suffix)].rstrip() + suffix


def fill_in_keys(apps, schema_editor):
    """Each player's key; the second and later of one name in a group take the first free
    number after it."""
    Player = apps.get_model("core", "Player")
    players = list(Player.objects.order_by("group_id", "pk"))
    taken = {(player.group_id, key_of(player.name)) for player in players}
    kept = set()
    for player in players:
        key = key_of(player.name)
        if (player.group_id, key) in kept:
            number = 2
            while (player.group_id, key_of(numbered(player.name, number))) in taken:
                number += 1
            player.name = numbered(player.name, number)
            key = key_of(player.name)
            taken.add((player.group_id, key))
        kept.add((player.group_id, key))
        player.name_key = key
        player.save(update_fields=["name", "name_key"])


class Migration(migrations.Migration):
    dependencies = [
        ("core", "0001_shared_rows_moved_from_tracker"),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name="player",
            name="unique_player_name_in_group",
        ),
        migrations.AddField(
            model_name="player",
            name="name_key",
            field=models.CharField(default="", editable=False, max_length=120),
            preserve_default=False,
        ),
        migrations.RunPython(fill_in_keys, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="player",
            constraint=models.UniqueConstraint(
                fields=("group", "name_key"), name="unique_player_name_key_in_group"
            ),
        ),
    ]
