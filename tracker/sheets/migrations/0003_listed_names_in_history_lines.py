"""A score sheet's round in the history of changes lists names ("places An, Bình, Chi"). Before
a listed value was stored as the names joined, the list was kept as one text ("['An', 'Bình']")
and read back so; those lines now keep the names, joined as the phrase joins them."""

import ast

from django.db import migrations

LISTED = {"places %(places)s": "places", "points %(points)s": "points"}


def mended(words):
    """`words` with each list kept as text read back as the names it holds."""
    if isinstance(words, list):
        return [mended(part) for part in words]
    if not isinstance(words, dict):
        return words
    words = {key: mended(value) for key, value in words.items()}
    name, args = LISTED.get(words.get("said")), words.get("args")
    listed = isinstance(args, dict) and args.get(name)
    if isinstance(listed, str) and listed.startswith("["):
        try:
            names = ast.literal_eval(listed)
        except (ValueError, SyntaxError):
            return words
        if isinstance(names, list) and all(isinstance(n, str) for n in names):
            words["args"] = {**args, name: {"joined": ", ", "parts": names}}
    return words


def join_listed_names(apps, schema_editor):
    Change = apps.get_model("core", "Change")
    for change in Change.objects.filter(game_kind="sheet", words__isnull=False).iterator():
        words = mended(change.words)
        if words != change.words:
            Change.objects.filter(pk=change.pk).update(words=words)


class Migration(migrations.Migration):
    dependencies = [
        ("core", "0001_shared_rows_moved_from_tracker"),
        ("sheets", "0002_groups_and_players_are_the_core_apps"),
    ]

    # Going back keeps the joined names: the code before reads them as well.
    operations = [migrations.RunPython(join_listed_names, migrations.RunPython.noop)]
