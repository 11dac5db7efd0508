"""Sheets and their seats point at the core app's groups and players: the same tables, so nothing
changes in the database."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('core', '0001_shared_rows_moved_from_tracker'),
        ('sheets', '0001_sheets_seats_and_rounds'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name='sheet',
                    name='group',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='sheets', to='core.group'),
                ),
                migrations.AlterField(
                    model_name='sheetseat',
                    name='player',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='core.player'),
                ),
            ],
        ),
    ]
