"""Cắt Tê's sessions, seats and rounds move from the tracker app to an app of their own. They
keep their tables, so only Django's idea of where the models live changes: no row is copied, no
column altered. The content types follow them, so permissions and the admin's log keep pointing
at them."""

import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models


MODELS = ["cattesession", "round", "sessionseat"]


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
                    name='CatteSession',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('name', models.CharField(blank=True, max_length=80)),
                        ('number', models.PositiveIntegerField()),
                        ('rules', models.JSONField(default=dict)),
                        ('created_at', models.DateTimeField(default=django.utils.timezone.now)),
                        ('version', models.PositiveIntegerField(default=0)),
                        ('state', models.JSONField(blank=True, null=True)),
                        ('state_version', models.PositiveIntegerField(blank=True, null=True)),
                        ('side_pot_in', models.JSONField(blank=True, default=dict)),
                        ('closed_at', models.DateTimeField(blank=True, null=True)),
                        ('round_count', models.PositiveIntegerField(default=0)),
                        ('draft', models.JSONField(blank=True, default=list)),
                        ('draft_version', models.PositiveIntegerField(default=0)),
                        ('draft_words', models.JSONField(blank=True, null=True)),
                        ('draft_entry', models.CharField(blank=True, max_length=32)),
                        ('created_by', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                        ('draft_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                        ('group', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='sessions', to='core.group')),
                    ],
                    options={
                        'db_table': 'tracker_cattesession',
                        'ordering': ['-created_at', '-pk'],
                        'abstract': False,
                    },
                ),
                migrations.CreateModel(
                    name='Round',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('number', models.PositiveIntegerField()),
                        ('entry', models.JSONField()),
                        ('result', models.JSONField(blank=True, null=True)),
                        ('entered_at', models.DateTimeField(default=django.utils.timezone.now)),
                        ('entered_by', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                        ('session', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='rounds', to='catte.cattesession')),
                    ],
                    options={
                        'db_table': 'tracker_round',
                        'ordering': ['number'],
                    },
                ),
                migrations.CreateModel(
                    name='SessionSeat',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('seat', models.PositiveSmallIntegerField()),
                        ('joined_after_round', models.PositiveIntegerField(blank=True, null=True)),
                        ('left_after_round', models.PositiveIntegerField(blank=True, null=True)),
                        ('player', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='core.player')),
                        ('session', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='seats', to='catte.cattesession')),
                    ],
                    options={
                        'db_table': 'tracker_sessionseat',
                        'ordering': ['seat'],
                        'abstract': False,
                    },
                ),
                migrations.AddConstraint(
                    model_name='cattesession',
                    constraint=models.UniqueConstraint(fields=('group', 'number'), name='one_session_number_a_group'),
                ),
                migrations.AddConstraint(
                    model_name='round',
                    constraint=models.UniqueConstraint(fields=('session', 'number'), name='one_round_per_number'),
                ),
                migrations.AddConstraint(
                    model_name='sessionseat',
                    constraint=models.UniqueConstraint(fields=('session', 'seat'), name='one_player_per_session_seat'),
                ),
                migrations.AddConstraint(
                    model_name='sessionseat',
                    constraint=models.UniqueConstraint(fields=('session', 'player'), name='one_session_seat_per_player'),
                ),
            ],
        ),
        migrations.RunPython(content_types_follow("tracker", "catte"), content_types_follow("catte", "tracker")),
    ]
