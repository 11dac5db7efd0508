from django.db import migrations


class Migration(migrations.Migration):
    """The Cắt Tê session takes its game's name, apart from Django's own sessions; its rows and
    every key to them stay as they are (the table is renamed with them)."""

    dependencies = [
        ("tracker", "0018_a_backup_is_restored_in_steps"),
        # Its data migration finds the sessions by their old name: it runs before the rename.
        ("ledger", "0004_side_pot_shares_by_player"),
    ]

    operations = [
        migrations.RenameModel("Session", "CatteSession"),
    ]
