from django.db import migrations, models


def number_within_each_group(apps, schema_editor):
    """Every group's sessions, and its tournaments, counted from 1 in the order they were
    started (their keys' order, the order a new one is numbered in)."""
    Group = apps.get_model("tracker", "Group")
    for model_name in ["CatteSession", "Tournament"]:
        model = apps.get_model("tracker", model_name)
        for group_id in Group.objects.values_list("pk", flat=True).iterator():
            games = list(model.objects.filter(group_id=group_id).order_by("pk").only("pk"))
            for number, game in enumerate(games, start=1):
                game.number = number
            model.objects.bulk_update(games, ["number"], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [
        ("tracker", "0021_a_restore_holds_its_group_until_done_or_cancelled"),
    ]

    operations = [
        migrations.AddField(
            model_name="cattesession",
            name="number",
            field=models.PositiveIntegerField(null=True),
        ),
        migrations.AddField(
            model_name="tournament",
            name="number",
            field=models.PositiveIntegerField(null=True),
        ),
        migrations.RunPython(number_within_each_group, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="cattesession",
            name="number",
            field=models.PositiveIntegerField(),
        ),
        migrations.AlterField(
            model_name="tournament",
            name="number",
            field=models.PositiveIntegerField(),
        ),
        migrations.AddConstraint(
            model_name="cattesession",
            constraint=models.UniqueConstraint(
                fields=("group", "number"), name="one_session_number_a_group"
            ),
        ),
        migrations.AddConstraint(
            model_name="tournament",
            constraint=models.UniqueConstraint(
                fields=("group", "number"), name="one_tournament_number_a_group"
            ),
        ),
    ]
