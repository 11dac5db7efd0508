"""A change points at "a game of kind K with id N" of its group, instead of one nullable key per
kind of game: every row keeps its game, and an idempotency key stays unique within its game."""

import django.db.models.deletion
from django.db import migrations, models
from django.db.models import F, OuterRef, Subquery

# The kinds of game the history held before: each with its model and the change's old key.
KINDS = (("session", "CatteSession", "session_id"), ("tournament", "Tournament", "tournament_id"))


def point_at_games(apps, schema_editor):
    Change = apps.get_model("tracker", "Change")
    for kind, model_name, key in KINDS:
        games = apps.get_model("tracker", model_name).objects.filter(pk=OuterRef(key))
        Change.objects.filter(**{f"{key}__isnull": False}).update(
            game_kind=kind, game_id=F(key), group=Subquery(games.values("group_id")[:1])
        )


def point_at_sessions_and_tournaments(apps, schema_editor):
    Change = apps.get_model("tracker", "Change")
    for kind, _model_name, key in KINDS:
        Change.objects.filter(game_kind=kind).update(**{key: F("game_id")})


class Migration(migrations.Migration):
    dependencies = [
        ("tracker", "0022_games_numbered_within_their_group"),
    ]

    operations = [
        migrations.AddField(
            model_name="change",
            name="group",
            field=models.ForeignKey(
                null=True,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="+",
                to="tracker.group",
            ),
        ),
        migrations.AddField(
            model_name="change",
            name="game_kind",
            field=models.CharField(default="", max_length=12),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="change",
            name="game_id",
            field=models.PositiveBigIntegerField(null=True),
        ),
        migrations.RemoveConstraint(model_name="change", name="change_belongs_somewhere"),
        migrations.RemoveConstraint(model_name="change", name="one_change_per_session_key"),
        migrations.RemoveConstraint(model_name="change", name="one_change_per_tournament_key"),
        migrations.RemoveIndex(model_name="change", name="latest_changes_of_session"),
        migrations.RemoveIndex(model_name="change", name="latest_changes_of_tournament"),
        migrations.RunPython(point_at_games, point_at_sessions_and_tournaments),
        migrations.RemoveField(model_name="change", name="session"),
        migrations.RemoveField(model_name="change", name="tournament"),
        migrations.AlterField(
            model_name="change",
            name="group",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="+",
                to="tracker.group",
            ),
        ),
        migrations.AlterField(
            model_name="change",
            name="game_id",
            field=models.PositiveBigIntegerField(),
        ),
        migrations.AddConstraint(
            model_name="change",
            constraint=models.UniqueConstraint(
                fields=("game_kind", "game_id", "idempotency_key"), name="one_change_per_game_key"
            ),
        ),
        migrations.AddIndex(
            model_name="change",
            index=models.Index(
                fields=["game_kind", "game_id", "-at", "-id"], name="latest_changes_of_a_game"
            ),
        ),
    ]
