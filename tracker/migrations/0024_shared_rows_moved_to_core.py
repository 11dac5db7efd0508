"""The shared models left for the core app (its 0001): the tracker app forgets them and its games
point at the core app's groups and players. Only the migration state changes."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('core', '0001_shared_rows_moved_from_tracker'),
        ('ledger', '0012_groups_and_players_are_the_core_apps'),
        ('sheets', '0002_groups_and_players_are_the_core_apps'),
        ('tracker', '0023_a_change_points_at_a_game_of_any_kind'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.RemoveField(
                    model_name='change',
                    name='group',
                ),
                migrations.RemoveField(
                    model_name='change',
                    name='user',
                ),
                migrations.RemoveField(
                    model_name='group',
                    name='members',
                ),
                migrations.RemoveField(
                    model_name='group',
                    name='restoring',
                ),
                migrations.RemoveField(
                    model_name='invite',
                    name='group',
                ),
                migrations.AlterField(
                    model_name='season',
                    name='group',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='seasons', to='core.group'),
                ),
                migrations.RemoveField(
                    model_name='restore',
                    name='group',
                ),
                migrations.RemoveField(
                    model_name='player',
                    name='group',
                ),
                migrations.AlterField(
                    model_name='tournament',
                    name='group',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='tournaments', to='core.group'),
                ),
                migrations.RemoveField(
                    model_name='membership',
                    name='group',
                ),
                migrations.AlterField(
                    model_name='cattesession',
                    name='group',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='sessions', to='core.group'),
                ),
                migrations.RemoveField(
                    model_name='invite',
                    name='created_by',
                ),
                migrations.RemoveField(
                    model_name='membership',
                    name='user',
                ),
                migrations.RemoveField(
                    model_name='player',
                    name='user',
                ),
                migrations.AlterField(
                    model_name='sessionseat',
                    name='player',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='core.player'),
                ),
                migrations.AlterField(
                    model_name='tournament',
                    name='champion',
                    field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='core.player'),
                ),
                migrations.AlterField(
                    model_name='tournamentseat',
                    name='player',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='core.player'),
                ),
                migrations.RemoveField(
                    model_name='preferences',
                    name='user',
                ),
                migrations.RemoveField(
                    model_name='restore',
                    name='started_by',
                ),
                migrations.DeleteModel(
                    name='ThrottledPost',
                ),
                migrations.DeleteModel(
                    name='Change',
                ),
                migrations.DeleteModel(
                    name='Group',
                ),
                migrations.DeleteModel(
                    name='Invite',
                ),
                migrations.DeleteModel(
                    name='Membership',
                ),
                migrations.DeleteModel(
                    name='Player',
                ),
                migrations.DeleteModel(
                    name='Preferences',
                ),
                migrations.DeleteModel(
                    name='Restore',
                ),
            ],
        ),
    ]
