# Renamed from `once`: the key is the idempotency key a form or a phone sends with a change.

from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('tracker', '0019_session_is_a_catte_session'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name='change',
            name='one_change_per_session_key',
        ),
        migrations.RemoveConstraint(
            model_name='change',
            name='one_change_per_tournament_key',
        ),
        migrations.RenameField(
            model_name='change',
            old_name='once',
            new_name='idempotency_key',
        ),
        migrations.AddConstraint(
            model_name='change',
            constraint=models.UniqueConstraint(fields=('session', 'idempotency_key'), name='one_change_per_session_key'),
        ),
        migrations.AddConstraint(
            model_name='change',
            constraint=models.UniqueConstraint(fields=('tournament', 'idempotency_key'), name='one_change_per_tournament_key'),
        ),
    ]
