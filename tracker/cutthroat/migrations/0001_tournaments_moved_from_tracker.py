"""Cutthroat's tournaments, seats and hands move from the tracker app to an app of their own.
They keep their tables, so only Django's idea of where the models live changes: no row is copied,
no column altered. The content types follow them, so permissions and the admin's log keep
pointing at them."""

import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models


MODELS = ["hand", "tournament", "tournamentseat"]


def content_types_follow(from_app, to_app):
    def move(apps, schema_editor):
        content_types = apps.get_model("contenttypes", "ContentType").objects
        there = content_types.filter(app_label=to_app).values_list("model", flat=True)
        moving = content_types.filter(app_label=from_app, model__in=MODELS)
        moving.exclude(model__in=list(there)).update(app_label=to_app)

    return move


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('contenttypes', '0002_remove_content_type_name'),
        ('core', '0002_a_players_name_is_unique_as_names_are_compared'),
        ('tracker', '0025_the_draft_says_who_changed_it_last'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='Tournament',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('name', models.CharField(blank=True, max_length=80)),
                        ('number', models.PositiveIntegerField()),
                        ('rules', models.JSONField(default=dict)),
                        ('created_at', models.DateTimeField(default=django.utils.timezone.now)),
                        ('version', models.PositiveIntegerField(default=0)),
                        ('state', models.JSONField(blank=True, null=True)),
                        ('state_version', models.PositiveIntegerField(blank=True, null=True)),
                        ('hand_count', models.PositiveIntegerField(default=0)),
                        ('buy_in', models.DecimalField(decimal_places=2, default=0, max_digits=12)),
                        ('game_stake', models.DecimalField(decimal_places=2, default=0, max_digits=12)),
                        ('champion', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='core.player')),
                        ('created_by', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                        ('group', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='tournaments', to='core.group')),
                    ],
                    options={
                        'db_table': 'tracker_tournament',
                        'ordering': ['-created_at', '-pk'],
                        'abstract': False,
                    },
                ),
                migrations.CreateModel(
                    name='Hand',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('number', models.PositiveIntegerField()),
                        ('bids', models.JSONField()),
                        ('tricks', models.JSONField(blank=True, null=True)),
                        ('jacks', models.JSONField(blank=True, null=True)),
                        ('result', models.JSONField(blank=True, null=True)),
                        ('entered_at', models.DateTimeField(default=django.utils.timezone.now)),
                        ('entered_by', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                        ('tournament', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='hands', to='cutthroat.tournament')),
                    ],
                    options={
                        'db_table': 'tracker_hand',
                        'ordering': ['number'],
                    },
                ),
                migrations.CreateModel(
                    name='TournamentSeat',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('seat', models.PositiveSmallIntegerField()),
                        ('player', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='core.player')),
                        ('tournament', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='seats', to='cutthroat.tournament')),
                    ],
                    options={
                        'db_table': 'tracker_tournamentseat',
                        'ordering': ['seat'],
                        'abstract': False,
                    },
                ),
                migrations.AddConstraint(
                    model_name='tournament',
                    constraint=models.UniqueConstraint(fields=('group', 'number'), name='one_tournament_number_a_group'),
                ),
                migrations.AddConstraint(
                    model_name='hand',
                    constraint=models.UniqueConstraint(fields=('tournament', 'number'), name='one_hand_per_number'),
                ),
                migrations.AddConstraint(
                    model_name='tournamentseat',
                    constraint=models.UniqueConstraint(fields=('tournament', 'seat'), name='one_player_per_seat'),
                ),
                migrations.AddConstraint(
                    model_name='tournamentseat',
                    constraint=models.UniqueConstraint(fields=('tournament', 'player'), name='one_seat_per_player'),
                ),
            ],
        ),
        migrations.RunPython(content_types_follow("tracker", "cutthroat"), content_types_follow("cutthroat", "tracker")),
    ]
