"""The games' models left for apps of their own (cutthroat's and catte's 0001): the tracker app
forgets them. Only the migration state changes."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('catte', '0001_sessions_moved_from_tracker'),
        ('cutthroat', '0001_tournaments_moved_from_tracker'),
        ('tracker', '0025_the_draft_says_who_changed_it_last'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.RemoveField(
                    model_name='sessionseat',
                    name='session',
                ),
                migrations.RemoveField(
                    model_name='round',
                    name='session',
                ),
                migrations.RemoveField(
                    model_name='hand',
                    name='entered_by',
                ),
                migrations.RemoveField(
                    model_name='hand',
                    name='tournament',
                ),
                migrations.RemoveField(
                    model_name='round',
                    name='entered_by',
                ),
                migrations.RemoveField(
                    model_name='sessionseat',
                    name='player',
                ),
                migrations.RemoveField(
                    model_name='tournament',
                    name='champion',
                ),
                migrations.RemoveField(
                    model_name='tournament',
                    name='created_by',
                ),
                migrations.RemoveField(
                    model_name='tournament',
                    name='group',
                ),
                migrations.RemoveField(
                    model_name='tournamentseat',
                    name='tournament',
                ),
                migrations.RemoveField(
                    model_name='tournamentseat',
                    name='player',
                ),
                migrations.DeleteModel(
                    name='CatteSession',
                ),
                migrations.DeleteModel(
                    name='Hand',
                ),
                migrations.DeleteModel(
                    name='Round',
                ),
                migrations.DeleteModel(
                    name='SessionSeat',
                ),
                migrations.DeleteModel(
                    name='Tournament',
                ),
                migrations.DeleteModel(
                    name='TournamentSeat',
                ),
            ],
        ),
    ]
