"""The server killed while a phone's outbox sends: nothing is lost and nothing recorded twice.

A real server process (gunicorn, on a database file of its own filled by `manage.py demo`) is
killed with SIGKILL as a round kept on the phone is being sent: once as the request reaches it,
once after it recorded the round but before its answer left. Started again, the next page load
sends the round again, and it is there exactly once."""

import os
import signal
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from tests.browser.test_catte_offline import OPEN_AND_SHOW

pytestmark = pytest.mark.browser  # the server has a database of its own, not the tests'
ROOT = Path(__file__).resolve().parents[2]
SENT_LATER = "**/round/"  # where the outbox sends a kept round, as the page's form does


class Server:
    """gunicorn with one worker on a free port, started and killed as a host would."""

    def __init__(self, database: Path):
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.url, self.database, self.process = f"http://127.0.0.1:{self.port}", database, None
        self.env = {key: value for key, value in os.environ.items() if key != "REDIS_URL"}
        self.env |= {"DATABASE_URL": f"sqlite:///{database}", "DJANGO_DEBUG": "1"}

    def manage(self, *args) -> None:
        command = [sys.executable, "manage.py", *args]
        subprocess.run(command, cwd=ROOT, env=self.env, check=True, capture_output=True)

    def start(self) -> None:
        command = [sys.executable, "-m", "gunicorn", "cardtable.wsgi", "-c", "gunicorn.conf.py"]
        command += ["--bind", f"127.0.0.1:{self.port}", "--workers", "1"]
        self.process = subprocess.Popen(
            command, cwd=ROOT, env=self.env, start_new_session=True, stderr=subprocess.DEVNULL
        )
        for _ in range(100):
            try:
                with urllib.request.urlopen(f"{self.url}/readyz", timeout=1):
                    return
            except OSError:
                time.sleep(0.1)
        raise AssertionError("the server did not start")

    def kill(self) -> None:
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()

    def count(self, query: str, *values) -> int:
        with sqlite3.connect(self.database) as db:
            return db.execute(query, values).fetchone()[0]

    def session_url(self) -> str:
        group, session = (
            sqlite3.connect(self.database)
            .execute("SELECT group_id, id FROM tracker_cattesession WHERE closed_at IS NULL")
            .fetchone()
        )
        return f"{self.url}/groups/{group}/sessions/{session}/"


@pytest.fixture
def server(tmp_path):
    server = Server(tmp_path / "db.sqlite3")
    server.manage("migrate", "--noinput")
    server.manage("demo")
    server.start()
    yield server
    if server.process.poll() is None:
        server.kill()


def keep_a_round_offline(page, server) -> int:
    """Log in as the demo's scorer, tick a sweep on the open session's sheet without a network;
    the number of rounds recorded before it."""
    page.goto(f"{server.url}/accounts/login/")
    page.fill("#id_username", "demo")
    page.fill("#id_password", "cards-on-the-table")
    page.click("button:has-text('Log in')")
    page.goto(server.session_url())
    rounds = server.count("SELECT count(*) FROM tracker_round")
    page.context.set_offline(True)
    trick = page.locator("#round-form button[value^=t]").first
    winner = trick.get_attribute("value")
    trick.click()  # a trick, tapped with no network: the sheet
    page.wait_for_selector("#round-sheet")
    # the upturned card, no one claims it, the same player sweeps, save
    for value in ["u7H", "c-", winner, winner, winner, "save"]:
        button = page.locator(f"#round-sheet button[value='{value}']")
        button.evaluate(OPEN_AND_SHOW)
        button.click()
    page.wait_for_selector("#outbox-kept")
    return rounds


def entry_id(page) -> str:
    return page.evaluate("JSON.parse(localStorage.getItem('cardtable:outbox'))[0].id")


@pytest.mark.parametrize("killed", ["as the round reaches it", "after it recorded the round"])
def test_a_round_sent_while_the_server_is_killed_is_recorded_once(browser, server, killed):
    page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    rounds = keep_a_round_offline(page, server)
    entry = entry_id(page)

    def kill_the_server(route):
        if killed == "after it recorded the round":
            route.fetch()  # the server records it; its answer never reaches the phone
        server.kill()
        route.abort()

    page.context.route(SENT_LATER, kill_the_server)
    page.context.set_offline(False)
    page.wait_for_function("() => document.querySelector('#outbox-badge')")
    page.wait_for_timeout(1000)  # the send fails; the round waits on the phone
    assert page.inner_text("#outbox-badge") == "1 waiting to be sent"
    recorded_before_the_kill = killed == "after it recorded the round"
    assert server.count("SELECT count(*) FROM tracker_round") == rounds + recorded_before_the_kill
    page.context.unroute(SENT_LATER)
    server.start()
    page.reload()  # the next page load sends what waits
    page.wait_for_function("() => !document.querySelector('#outbox-badge')")
    assert server.count("SELECT count(*) FROM tracker_round") == rounds + 1
    assert server.count("SELECT count(*) FROM tracker_change WHERE idempotency_key = ?", entry) == 1
    page.context.close()
