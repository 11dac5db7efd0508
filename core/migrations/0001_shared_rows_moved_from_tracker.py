"""The groups, players, members, invites, preferences, changes and restores move from the tracker
app to the core app, which the ledger and the games both depend on. They keep their tables, so
only Django's idea of where the models live changes: no row is copied, no column altered. The
content types follow them, so permissions and the admin's log keep pointing at them."""

import core.models.groups
import django.db.models.deletion
import django.db.models.functions.text
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models


MODELS = ["change", "group", "invite", "membership", "player", "preferences", "restore", "throttledpost"]


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
        ('auth', '0012_alter_user_first_name_max_length'),
        ('contenttypes', '0002_remove_content_type_name'),
        ('tracker', '0023_a_change_points_at_a_game_of_any_kind'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='Group',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('name', models.CharField(max_length=80)),
                        ('currency', models.CharField(choices=[('EUR', 'EUR'), ('USD', 'USD'), ('GBP', 'GBP'), ('CHF', 'CHF'), ('AUD', 'AUD'), ('CAD', 'CAD'), ('VND', 'VND'), ('JPY', 'JPY'), ('KRW', 'KRW')], default='EUR', max_length=3)),
                        ('created_at', models.DateTimeField(default=django.utils.timezone.now)),
                        ('version', models.PositiveIntegerField(default=0)),
                    ],
                    options={
                        'db_table': 'tracker_group',
                        'ordering': ['name', 'pk'],
                    },
                ),
                migrations.CreateModel(
                    name='Preferences',
                    fields=[
                        ('user', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, primary_key=True, related_name='+', serialize=False, to=settings.AUTH_USER_MODEL)),
                        ('language', models.CharField(blank=True, max_length=8)),
                    ],
                    options={
                        'db_table': 'tracker_preferences',
                    },
                ),
                migrations.CreateModel(
                    name='Invite',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('role', models.CharField(choices=[('scorer', 'Scorer'), ('viewer', 'Viewer')], max_length=10)),
                        ('token', models.CharField(default=core.models.groups.new_invite_token, max_length=64, unique=True)),
                        ('created_at', models.DateTimeField(default=django.utils.timezone.now)),
                        ('expires_at', models.DateTimeField(default=core.models.groups.invite_expiry)),
                        ('revoked_at', models.DateTimeField(blank=True, null=True)),
                        ('uses', models.PositiveIntegerField(default=0)),
                        ('created_by', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                        ('group', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='invites', to='core.group')),
                    ],
                    options={
                        'db_table': 'tracker_invite',
                        'ordering': ['-created_at', '-pk'],
                    },
                ),
                migrations.CreateModel(
                    name='Membership',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('role', models.CharField(choices=[('viewer', 'Viewer (can look)'), ('scorer', 'Scorer (can enter results)'), ('owner', 'Owner (manages the group)')], default='viewer', max_length=10)),
                        ('joined_at', models.DateTimeField(default=django.utils.timezone.now)),
                        ('group', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='memberships', to='core.group')),
                        ('user', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='memberships', to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        'db_table': 'tracker_membership',
                        'ordering': ['joined_at', 'pk'],
                    },
                ),
                migrations.AddField(
                    model_name='group',
                    name='members',
                    field=models.ManyToManyField(related_name='card_groups', through='core.Membership', to=settings.AUTH_USER_MODEL),
                ),
                migrations.CreateModel(
                    name='Player',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('name', models.CharField(max_length=40)),
                        ('short_name', models.CharField(blank=True, default='', max_length=12)),
                        ('created_at', models.DateTimeField(default=django.utils.timezone.now)),
                        ('group', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='players', to='core.group')),
                        ('user', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='players', to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        'db_table': 'tracker_player',
                        'ordering': ['name', 'pk'],
                    },
                ),
                migrations.CreateModel(
                    name='Restore',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('backup', models.BinaryField()),
                        ('size', models.PositiveIntegerField(default=0)),
                        ('state', models.CharField(choices=[('running', 'Running'), ('done', 'Done'), ('failed', 'Failed'), ('cancelling', 'Cancelling'), ('cancelled', 'Cancelled')], default='running', max_length=10)),
                        ('logs_total', models.PositiveIntegerField()),
                        ('entries_total', models.PositiveIntegerField()),
                        ('log_index', models.PositiveIntegerField(default=0)),
                        ('entries_done', models.PositiveIntegerField(default=0)),
                        ('log_entries_done', models.PositiveIntegerField(default=0)),
                        ('game_pk', models.PositiveBigIntegerField(blank=True, null=True)),
                        ('payments_total', models.PositiveIntegerField(default=0)),
                        ('logs_checked', models.PositiveIntegerField(default=0)),
                        ('players', models.JSONField(blank=True, default=dict)),
                        ('created', models.JSONField(blank=True, default=dict)),
                        ('rows_removed', models.PositiveIntegerField(default=0)),
                        ('failure', models.TextField(blank=True)),
                        ('version', models.PositiveIntegerField(default=0)),
                        ('created_at', models.DateTimeField(default=django.utils.timezone.now)),
                        ('touched_at', models.DateTimeField(default=django.utils.timezone.now)),
                        ('finished_at', models.DateTimeField(blank=True, null=True)),
                        ('group', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='restores', to='core.group')),
                        ('started_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        'db_table': 'tracker_restore',
                    },
                ),
                migrations.AddField(
                    model_name='group',
                    name='restoring',
                    field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to='core.restore'),
                ),
                migrations.CreateModel(
                    name='ThrottledPost',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('what', models.CharField(max_length=100)),
                        ('address', models.CharField(max_length=45)),
                        ('at', models.DateTimeField(default=django.utils.timezone.now)),
                    ],
                    options={
                        'db_table': 'tracker_throttledpost',
                        'indexes': [models.Index(fields=['what', 'address', 'at'], name='tracker_thr_what_985fdf_idx'), models.Index(fields=['at'], name='tracker_thr_at_4eb786_idx')],
                    },
                ),
                migrations.CreateModel(
                    name='Change',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('game_kind', models.CharField(max_length=12)),
                        ('game_id', models.PositiveBigIntegerField()),
                        ('number', models.PositiveIntegerField(blank=True, null=True)),
                        ('action', models.CharField(choices=[('bids', 'Bids entered'), ('played', 'Hand entered'), ('round', 'Round entered'), ('correction', 'Correction'), ('undo', 'Undo'), ('close', 'Session closed'), ('reopen', 'Session reopened'), ('import', 'Imported'), ('join', 'Player joined'), ('leave', 'Player left'), ('back', 'Player back')], max_length=12)),
                        ('before', models.JSONField(blank=True, null=True)),
                        ('after', models.JSONField(blank=True, null=True)),
                        ('summary', models.CharField(blank=True, max_length=200)),
                        ('words', models.JSONField(blank=True, null=True)),
                        ('idempotency_key', models.CharField(blank=True, max_length=32, null=True)),
                        ('at', models.DateTimeField(default=django.utils.timezone.now)),
                        ('user', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                        ('group', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='core.group')),
                    ],
                    options={
                        'db_table': 'tracker_change',
                        'ordering': ['-at', '-pk'],
                        'indexes': [models.Index(fields=['game_kind', 'game_id', '-at', '-id'], name='latest_changes_of_a_game')],
                        'constraints': [models.UniqueConstraint(fields=('game_kind', 'game_id', 'idempotency_key'), name='one_change_per_game_key')],
                    },
                ),
                migrations.AddConstraint(
                    model_name='membership',
                    constraint=models.UniqueConstraint(fields=('group', 'user'), name='one_membership_per_user'),
                ),
                migrations.AddConstraint(
                    model_name='player',
                    constraint=models.UniqueConstraint(models.F('group'), django.db.models.functions.text.Lower('name'), name='unique_player_name_in_group'),
                ),
                migrations.AddConstraint(
                    model_name='player',
                    constraint=models.UniqueConstraint(models.F('group'), django.db.models.functions.text.Lower('short_name'), condition=models.Q(('short_name', ''), _negated=True), name='unique_player_short_name_in_group'),
                ),
                migrations.AddConstraint(
                    model_name='restore',
                    constraint=models.UniqueConstraint(models.F('group'), condition=models.Q(('state__in', ['running', 'cancelling'])), name='one_restore_under_way_per_group'),
                ),
            ],
        ),
        migrations.RunPython(content_types_follow("tracker", "core"), content_types_follow("core", "tracker")),
    ]
