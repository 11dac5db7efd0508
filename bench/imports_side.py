"""``python -m bench.imports_side``: the import benchmark's database.

Run in the environment the server gets (settings module and DATABASE_URL): migrates, collects
the static files, makes a group to import into (its players those of the benchmark's logs) and
another group to pay in. Prints one JSON document: the owner's session cookie, the addresses,
the players who pay, and how many entries one import of each game takes.
"""

import json
import sys

import django


def main() -> dict:
    django.setup()
    from django.core.management import call_command
    from django.test import Client
    from django.urls import reverse

    from bench.history import benchmark_user, make_group
    from core import games

    call_command("migrate", verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)
    owner = benchmark_user()
    imports, _players = make_group("Imports", owner)
    other, (payer, payee, *_rest) = make_group("Other table", owner)
    client = Client()
    client.force_login(owner)
    return {
        "cookie": f"sessionid={client.cookies['sessionid'].value}",
        "import_path": reverse("log_import", args=[imports.pk]),
        "payment_path": reverse("payment_new", args=[other.pk]),
        "payer": payer.pk,
        "payee": payee.pk,
        "most": {kind.game: kind.most_imported for kind in games.every_kind()},
        "kinds": {kind.game: kind.kind for kind in games.every_kind()},
    }


if __name__ == "__main__":
    json.dump(main(), sys.stdout)
