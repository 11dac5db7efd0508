"""``python -m bench.restore_side FOLDER LOGS ROUNDS``: the restore benchmark's database.

Run in the environment the server gets (settings module and DATABASE_URL): migrates, collects
the static files, plays LOGS Cắt Tê sessions of ROUNDS rounds in a group and writes its backup
to FOLDER; makes the empty group it is restored into and another group to pay in. Prints one
JSON document: the owner's session cookie, the addresses and the players who pay.
"""

import json
import sys
from pathlib import Path

import django

EVENING = Path(__file__).resolve().parent.parent / "examples" / "catte-evening.json"


def main(folder: str, logs: int, rounds: int) -> dict:
    django.setup()
    from django.core.management import call_command
    from django.test import Client
    from django.urls import reverse

    from bench.history import benchmark_user, make_group
    from core.models import Group, Membership, Role
    from tracker.gamelogs import backup, registry

    call_command("migrate", verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)
    owner = benchmark_user()
    played, _players = make_group("Played", owner)
    log = json.loads(EVENING.read_text())
    log["rounds"] = (log["rounds"] * (rounds // len(log["rounds"]) + 1))[:rounds]
    for _ in range(logs):
        registry.import_log(played, log, owner, create_missing=True)
    zip_path = Path(folder) / "backup.zip"
    zip_path.write_bytes(backup.export_zip(played))
    empty = Group.objects.create(name="Restored", currency="EUR")
    Membership.objects.create(group=empty, user=owner, role=Role.OWNER)
    other, (payer, payee, *_rest) = make_group("Other table", owner)
    client = Client()
    client.force_login(owner)
    return {
        "cookie": f"sessionid={client.cookies['sessionid'].value}",
        "zip": str(zip_path),
        "restore_path": reverse("group_restore", args=[empty.pk]),
        "payment_path": reverse("payment_new", args=[other.pk]),
        "payer": payer.pk,
        "payee": payee.pk,
    }


if __name__ == "__main__":
    json.dump(main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3])), sys.stdout)
