"""A phone's outbox sending one kept round 50 times at once, half to each of two app servers:
it is recorded once, and every copy is answered as recorded, never as a conflict the phone
would then ask its scorer about. On SQLite, and on PostgreSQL when the suite runs on it."""

import os
import re
import subprocess
import sys
import urllib.parse
import uuid
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.page_forms import forms_on
from tests.test_two_servers import GUNICORN, ROOT, Phone, gunicorns, stopped, with_the_demo

# Real servers started: make test and CI run it, make check does not.
pytestmark = [
    pytest.mark.servers,
    pytest.mark.skipif(not GUNICORN.exists(), reason="gunicorn runs on Unix only"),
]
ENTRY = "0123456789abcdef0123456789abcdef"
OUTBOX = {"Accept": "application/json"}  # as outbox.js asks


def databases(tmp_path) -> list[str]:
    urls = [f"sqlite:///{tmp_path / 'db.sqlite3'}"]
    if os.environ.get("DATABASE_URL", "").startswith("postgres"):
        urls.append(os.environ["DATABASE_URL"])
    return urls


def throwaway(url: str):
    """A database of its own on the same server (PostgreSQL), or the SQLite file; a way to
    drop it afterwards."""
    if not url.startswith("postgres"):
        return url, lambda: None
    import psycopg

    name = f"repeats_{uuid.uuid4().hex[:8]}"
    parts = urllib.parse.urlsplit(url)
    with psycopg.connect(url, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')

    def drop():
        with psycopg.connect(url, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    return urllib.parse.urlunsplit(parts._replace(path=f"/{name}")), drop


def two_servers(database: str) -> tuple[list, list[str], dict]:
    env = {**os.environ, "DATABASE_URL": database, "DJANGO_DEBUG": "1"}
    env.pop("REDIS_URL", None)
    with_the_demo(env)
    return *gunicorns(env, 2, workers=2), env


def kept_sweep(phone) -> tuple:
    """The demo session's next round, swept by its first player on the sheet, as the outbox
    sends it: the sheet's form, and its fields."""
    page = phone.get("/groups/1/sessions/1/")
    forms = forms_on(page)
    sheet = next(form for form in forms if "reached" in form.fields)
    token = re.search(r'"X-CSRFToken": "([^"]+)"', page.content.decode())[1]
    entering = next(form for form in forms if "/round/" in form.action).fields
    taps = ["u7H", "c-", "t0", "t0", "t0", "t0"]
    fields = {"number": entering["number"], "draft_version": entering["draft_version"]}
    fields |= {"reached": "", "taps": " ".join(taps), "tap": "save", "once": ENTRY}
    fields["csrfmiddlewaretoken"] = token  # the outbox sends it as a header
    return sheet, fields


@pytest.mark.parametrize("which", ["sqlite", "postgresql"])
def test_fifty_copies_of_a_round_across_two_servers_are_one_round_and_no_conflict(tmp_path, which):
    found = [url for url in databases(tmp_path) if url.startswith(which[:6])]
    if not found:
        pytest.skip("the suite runs on SQLite here")
    database, drop = throwaway(found[0])
    servers, urls, env = two_servers(database)
    try:
        phones = [Phone(url) for url in urls]
        for phone in phones:
            phone.log_in("demo", "cards-on-the-table")
        kept = [kept_sweep(phone) for phone in phones]  # each with its own CSRF token

        def send(copy: int):
            sheet, fields = kept[copy % 2]
            return phones[copy % 2].post(sheet, headers=OUTBOX, **fields)

        with ThreadPoolExecutor(max_workers=50) as pool:
            answers = list(pool.map(send, range(50)))
        assert sorted({answer.status for answer in answers}) == [200]
        said = [answer.content.decode() for answer in answers]
        assert sum("saved" in text for text in said) == 1
        assert changes_with_the_entry(env) == 1
    finally:
        stopped(servers)
        drop()


def changes_with_the_entry(env) -> int:
    count = (
        f"from core.models import Change; print(Change.objects.filter(idempotency_key='{ENTRY}'))"
    )
    done = subprocess.run([sys.executable, "manage.py", "shell", "-c", count], cwd=ROOT, env=env,
                          capture_output=True, text=True, check=True)  # fmt: skip
    return done.stdout.count("<Change:")
