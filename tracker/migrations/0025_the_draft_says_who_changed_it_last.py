"""The round being entered keeps what its last change did as words and who made it, not as a
sentence in the language of the phone that made it: a phone whose tap came second is told in its
own language, and told "This phone" when the tap that came first was its own. A sentence kept
before is not carried over: it only said what the last tap did, and the next tap says it anew."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('tracker', '0024_shared_rows_moved_to_core'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RemoveField(
            model_name='cattesession',
            name='draft_note',
        ),
        migrations.AddField(
            model_name='cattesession',
            name='draft_by',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL),
        ),
        migrations.AddField(
            model_name='cattesession',
            name='draft_words',
            field=models.JSONField(blank=True, null=True),
        ),
    ]
