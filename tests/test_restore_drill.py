"""A backup is only as good as its restore: back up a played group with ops/backup.sh, restore
it with ops/restore.sh into a fresh database, and read the same balances and histories there.

PostgreSQL only (the backups are pg_dump's); the CI's PostgreSQL stage runs it.
"""

import io
import os
import shutil
import subprocess
import sys
from pathlib import Path
from urllib.parse import quote

import pytest
from django.core.management import call_command
from django.db import connection

from core import games
from core.models import Group
from tests.factories import pay

ROOT = Path(__file__).resolve().parent.parent
pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql" or not shutil.which("pg_dump"),
        reason="backups are pg_dump's: PostgreSQL and its client tools",
    ),
]


def database_url(name: str) -> str:
    db = connection.settings_dict
    login = quote(db["USER"]) + (f":{quote(db['PASSWORD'])}" if db["PASSWORD"] else "")
    return f"postgres://{login}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{name}"


def run(*command: str, **env: str) -> str:
    environment = {**os.environ, **env}
    environment.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, env=environment)
    assert done.returncode == 0, done.stderr
    return done.stdout


def read_back(url: str) -> tuple[str, str]:
    """Every game, history and ledger row, and the group's balances, as the database holds them."""
    games_apps = dict.fromkeys(kind.model._meta.app_label for kind in games.every_kind())
    apps = ("core", "tracker", *games_apps, "ledger", "auth.user")
    rows = run(sys.executable, "manage.py", "dumpdata", *apps, "--indent", "1", DATABASE_URL=url)
    balances = run(sys.executable, "manage.py", "balances", "--group", "Demo table",
                   DATABASE_URL=url)  # fmt: skip
    return rows, balances


@pytest.fixture
def fresh_database():
    name = f"{connection.settings_dict['NAME']}_restored"
    run("createdb", "--maintenance-db", database_url("postgres"), name)
    yield database_url(name)
    run("dropdb", "--maintenance-db", database_url("postgres"), "--if-exists", name)


def test_a_backup_restores_the_same_balances_and_histories(fresh_database, tmp_path):
    call_command("demo", stdout=io.StringIO())
    group = Group.objects.get(name="Demo table")
    anh, binh = group.players.order_by("name")[:2]
    pay(group, anh, binh, "12.50", group.memberships.get().user)
    backup = run("ops/backup.sh", DATABASE_URL=database_url(connection.settings_dict["NAME"]),
                 BACKUP_DIR=str(tmp_path)).strip()  # fmt: skip
    run("ops/restore.sh", backup, fresh_database)
    rows, balances = read_back(fresh_database)
    assert (rows, balances) == read_back(database_url(connection.settings_dict["NAME"]))
    assert '"model": "cutthroat.hand"' in rows and '"model": "catte.round"' in rows
    # Dũng: -9.00 from the tournament and the session, -6.00 from the Tiến lên sheet
    assert '"kind": "payment"' in rows and '"Dũng": "-15.00"' in balances
