"""Two app servers on one database, each with its own memory, as two hosts or two gunicorn
workers are: whichever answers a phone, what is recorded is the same."""

import http.cookiejar
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from types import SimpleNamespace

import pytest

from tests.page_forms import forms_on

ROOT = Path(__file__).resolve().parent.parent
GUNICORN = Path(sys.executable).with_name("gunicorn")

# Real servers started: make test and CI run it, make check does not.
pytestmark = [
    pytest.mark.servers,
    pytest.mark.skipif(
        sys.platform == "win32" or not GUNICORN.exists(), reason="gunicorn runs on Unix only"
    ),
]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Phone:
    """A browser of its own (its own cookies) talking to one server."""

    def __init__(self, server: str):
        self.server, self.cookies = server, http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.cookies), NoRedirects()
        )

    def with_cookies_of(self, other: "Phone") -> "Phone":
        """This phone with a copy of the cookies `other` has now (its login among them)."""
        for cookie in other.cookies:
            self.cookies.set_cookie(cookie)
        return self

    def get(self, path: str):
        try:
            return self._answer(self.opener.open(self.server + path, timeout=30))
        except urllib.error.HTTPError as answer:  # a redirect among them
            return self._answer(answer)

    def post(self, form, headers=None, **typed):
        body = urllib.parse.urlencode(form.filled(**typed)).encode()
        request = urllib.request.Request(self.server + form.action, body, method="POST")
        request.add_header("Referer", self.server + "/")
        for name, value in (headers or {}).items():
            request.add_header(name, value)
        try:
            return self._answer(self.opener.open(request, timeout=30))
        except urllib.error.HTTPError as answer:
            return self._answer(answer)

    def _answer(self, response):
        return SimpleNamespace(status=response.status, content=response.read())

    def log_in(self, username: str, password: str) -> None:
        login = next(
            form for form in forms_on(self.get("/accounts/login/")) if "login" in form.action
        )
        assert self.post(login, username=username, password=password).status == 302


class NoRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def with_the_demo(env: dict) -> None:
    """The database `env` names, migrated and holding the demo group."""
    for command in (["migrate", "--noinput"], ["demo"]):
        subprocess.run([sys.executable, "manage.py", *command], cwd=ROOT, env=env, check=True,
                       capture_output=True)  # fmt: skip


def gunicorns(env: dict, count: int, workers: int = 1) -> tuple[list, list[str]]:
    """`count` gunicorn servers of `workers` workers each, answering; their addresses."""
    return servers_of(
        env, count, lambda port: [GUNICORN, "cardtable.wsgi", "-b", f"127.0.0.1:{port}",
                                  "-w", str(workers), "--log-level", "warning"],
    )  # fmt: skip


def servers_of(env: dict, count: int, command) -> tuple[list, list[str]]:
    """`count` servers, each started by `command(port)`, answering; their addresses."""
    ports = [free_port() for _ in range(count)]
    servers = [
        subprocess.Popen(
            command(port), cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )  # fmt: skip
        for port in ports
    ]
    for port in ports:
        wait_for(port)
    return servers, [f"http://127.0.0.1:{port}" for port in ports]


def stopped(servers: list) -> None:
    for server in servers:
        server.terminate()
        server.wait(timeout=10)


@pytest.fixture(scope="module")
def two_servers(tmp_path_factory):
    """Two gunicorn servers, one worker each, on one SQLite database with the demo group."""
    folder = tmp_path_factory.mktemp("two-servers")
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{folder / 'db.sqlite3'}", "DJANGO_DEBUG": "1"}
    env.pop("REDIS_URL", None)  # each server keeps its own cache, in its own memory
    with_the_demo(env)
    servers, urls = gunicorns(env, 2)
    try:
        yield SimpleNamespace(urls=urls, env=env)
    finally:
        stopped(servers)


def wait_for(port: int) -> None:
    for _ in range(100):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1)
            return
        except OSError:
            time.sleep(0.1)
    raise AssertionError(f"no server answered on port {port}")


def payments_recorded(env) -> int:
    count = "from ledger.models import Transaction as T; print(T.objects.filter(kind='payment'))"
    done = subprocess.run([sys.executable, "manage.py", "shell", "-c", count], cwd=ROOT, env=env,
                          capture_output=True, text=True, check=True)  # fmt: skip
    return done.stdout.count("<Transaction:")


def first_paid_form(phone):
    balances = phone.get("/groups/1/balances/")
    return next(form for form in forms_on(balances) if form.action.endswith("/payments/paid/"))


def test_one_paid_tapped_on_two_phones_served_by_two_servers_is_recorded_once(two_servers):
    phone_a, phone_b = Phone(two_servers.urls[0]), Phone(two_servers.urls[1])
    for phone in (phone_a, phone_b):
        phone.log_in("demo", "cards-on-the-table")
    paid_on_a, paid_on_b = first_paid_form(phone_a), first_paid_form(phone_b)
    assert paid_on_a.fields["once"] != paid_on_b.fields["once"]
    assert phone_a.post(paid_on_a).status == 302
    assert phone_b.post(paid_on_b).status == 302
    assert payments_recorded(two_servers.env) == 1
    told = phone_b.get("/groups/1/balances/").content.decode()
    assert "The balances changed on another phone; here they are now." in told
