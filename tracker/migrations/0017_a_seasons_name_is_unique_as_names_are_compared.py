import unicodedata

from django.db import migrations, models


def key_of(name: str) -> str:
    """As basics.names.name_key compares names (copied: a migration keeps its code)."""
    return unicodedata.normalize("NFC", name).casefold()


def fill_in_keys(apps, schema_editor):
    """Each season's key; a name that was already the same name as an earlier season's in
    another encoding keeps its season, its key told apart by its row."""
    Season = apps.get_model("tracker", "Season")
    taken = set()
    for season in Season.objects.order_by("pk"):
        key = key_of(season.name)
        if (season.group_id, key) in taken:
            key = f"{key}#{season.pk}"
        taken.add((season.group_id, key))
        season.name_key = key
        season.save(update_fields=["name_key"])


class Migration(migrations.Migration):
    dependencies = [
        ("tracker", "0016_a_draft_knows_the_round_kept_offline_it_is"),
    ]

    operations = [
        migrations.AddField(
            model_name="season",
            name="name_key",
            field=models.CharField(default="", max_length=80),
            preserve_default=False,
        ),
        migrations.RunPython(fill_in_keys, migrations.RunPython.noop),
        migrations.RemoveConstraint(
            model_name="season",
            name="unique_season_name_in_group",
        ),
        migrations.AddConstraint(
            model_name="season",
            constraint=models.UniqueConstraint(
                models.F("group"), models.F("name_key"), name="unique_season_name_key_in_group"
            ),
        ),
    ]
