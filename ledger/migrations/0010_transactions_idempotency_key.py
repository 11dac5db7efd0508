# Renamed from `once`: the key is the idempotency key a form or a phone sends with a change.

from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('ledger', '0009_payment_details'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name='transaction',
            name='one_transaction_per_group_key',
        ),
        migrations.RenameField(
            model_name='transaction',
            old_name='once',
            new_name='idempotency_key',
        ),
        migrations.AddConstraint(
            model_name='transaction',
            constraint=models.UniqueConstraint(fields=('group', 'idempotency_key'), name='one_transaction_per_group_key'),
        ),
    ]
