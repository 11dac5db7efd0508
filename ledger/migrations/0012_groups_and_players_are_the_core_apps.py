"""The ledger's accounts, transactions and payment details point at the core app's groups and
players: the same tables, so nothing changes in the database."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('core', '0001_shared_rows_moved_from_tracker'),
        ('ledger', '0011_transaction_kinds_come_from_the_games'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name='account',
                    name='group',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='accounts', to='core.group'),
                ),
                migrations.AlterField(
                    model_name='account',
                    name='player',
                    field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='accounts', to='core.player'),
                ),
                migrations.AlterField(
                    model_name='paymentdetails',
                    name='group',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='core.group'),
                ),
                migrations.AlterField(
                    model_name='paymentdetails',
                    name='player',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='payment_details', to='core.player'),
                ),
                migrations.AlterField(
                    model_name='transaction',
                    name='group',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='transactions', to='core.group'),
                ),
            ],
        ),
    ]
