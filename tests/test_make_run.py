"""`make run` serves the phones at the table on this machine's address on the local network, on
port 8000 or the port a newcomer names, and prints the address they open."""

import io
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from http.cookiejar import CookieJar
from pathlib import Path

import pytest
from django.core.management import call_command

from core.live import live_token
from core.web.local_network import lan_address
from tests.page_forms import forms_in
from tracker.management.commands import table_address as table_address_command

ROOT = Path(__file__).resolve().parent.parent
# Real servers started: make test and CI run it, make check does not.
pytestmark = [
    pytest.mark.servers,
    pytest.mark.skipif(not shutil.which("make"), reason="make is not installed"),
]
# The virtualenv the tests run in is the one `make run` would set up: not made again here.
SET_UP = ["-o", ".venv/.installed"] if (ROOT / ".venv/.installed").exists() else []


def planned_run(*arguments: str) -> str:
    """What `make run` would do, without doing it."""
    command = ["make", "--dry-run", "--always-make", *SET_UP, "run", *arguments]
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=True).stdout


def table_address(*arguments: str) -> str:
    command = [sys.executable, "manage.py", "table_address", *arguments]
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=True).stdout


def test_make_run_serves_every_address_of_the_machine_on_port_8000():
    assert "uvicorn cardtable.asgi:application --host 0.0.0.0 --port 8000" in planned_run()


def test_make_run_serves_on_the_port_named():
    planned = planned_run("PORT=8001")
    assert "--host 0.0.0.0 --port 8001" in planned
    assert "table_address --host 0.0.0.0 --port 8001" in planned


def test_make_run_keeps_to_this_computer_on_the_host_named():
    assert "--host 127.0.0.1 --port 8000" in planned_run("HOST=127.0.0.1")


@pytest.mark.skipif(lan_address() is None, reason="this machine has no address on a network")
def test_the_phones_address_is_printed_with_a_qr_code():
    printed = table_address("--port", "8001")
    assert f"http://{lan_address()}:8001/" in printed and "▀" in printed


def test_a_server_kept_to_this_computer_says_so_and_prints_no_code():
    printed = table_address("--host", "127.0.0.1", "--port", "8001")
    assert "http://127.0.0.1:8001/" in printed and "Only this computer" in printed
    assert "▀" not in printed


def test_without_an_address_on_a_network_it_says_how_the_phones_will_reach_it(monkeypatch):
    monkeypatch.setattr(table_address_command, "lan_address", lambda: None)
    printed = io.StringIO()
    call_command("table_address", "--port", "8001", stdout=printed)
    assert "http://127.0.0.1:8001/" in printed.getvalue()
    assert "No address on a local network was found" in printed.getvalue()
    assert "▀" not in printed.getvalue()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("0.0.0.0", 0))
        return probe.getsockname()[1]


def opener():
    """A browser of sorts: keeps cookies, goes straight to the address (no proxy)."""
    cookies = urllib.request.HTTPCookieProcessor(CookieJar())
    return urllib.request.build_opener(urllib.request.ProxyHandler({}), cookies)


def first_answer(browser, url: str, seconds: float = 90):
    deadline = time.monotonic() + seconds
    while True:
        try:
            return browser.open(url, timeout=5)
        except urllib.error.HTTPError:
            raise
        except (urllib.error.URLError, ConnectionError):  # not listening yet
            if time.monotonic() > deadline:
                raise
            time.sleep(0.5)


@pytest.fixture
def make_run(tmp_path):
    """`make run` on a free port with a database of its own; its port and what it printed."""
    port, printed = free_port(), tmp_path / "printed.txt"
    environment = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path}/db.sqlite3"}
    for name in ("REDIS_URL", "DJANGO_ALLOW_ASYNC_UNSAFE", "DJANGO_ALLOWED_HOSTS", "DJANGO_DEBUG"):
        environment.pop(name, None)
    with printed.open("w") as output:
        server = subprocess.Popen(
            ["make", *SET_UP, "run", f"PORT={port}"],
            cwd=ROOT, env=environment, stdout=output, stderr=subprocess.STDOUT,
            start_new_session=True,
        )  # fmt: skip
    yield port, printed
    os.killpg(server.pid, signal.SIGTERM)
    server.wait(timeout=30)


@pytest.mark.skipif(lan_address() is None, reason="this machine has no second address")
def test_make_run_answers_a_phone_that_signs_up_at_the_address_it_printed(make_run):
    port, printed = make_run
    phone, address = opener(), f"http://{lan_address()}:{port}"
    page = first_answer(phone, f"{address}/accounts/signup/").read().decode()
    assert f"{address}/" in printed.read_text()
    typed = {"username": "erin", "password1": "a-table-of-four", "password2": "a-table-of-four"}
    home = post_form(phone, address, forms_in(page)[-1], typed)
    assert home.url == f"{address}/" and "erin" in home.read().decode()


def test_make_run_streams_a_followed_page_its_version(make_run, tmp_path):
    port, _printed = make_run
    address = f"http://127.0.0.1:{port}"
    first_answer(opener(), f"{address}/healthz")
    environment = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path}/db.sqlite3"}
    demo = [sys.executable, "manage.py", "demo"]
    subprocess.run(demo, cwd=ROOT, env=environment, capture_output=True, check=True)
    stream = opener().open(f"{address}/live/{live_token('group', 1)}/stream/?v=0", timeout=10)
    lines = [stream.readline() for _ in range(4)]
    stream.close()
    assert stream.headers["Content-Type"] == "text/event-stream"
    assert lines[0] == b"retry: 3000\n" and lines[3] == b"event: version\n"


def signed_up(browser, address: str, username: str) -> None:
    page = first_answer(browser, f"{address}/accounts/signup/").read().decode()
    typed = {"username": username, "password1": "a-table-of-four", "password2": "a-table-of-four"}
    post_form(browser, address, forms_in(page)[-1], typed)


def form_at(browser, url: str, path: str):
    """The form of the page at `url` that posts to `path` (or to the page itself)."""
    page = browser.open(url, timeout=10)
    forms = forms_in(page.read().decode())
    found = next(form for form in forms if form.method == "post" and form.action in ("", path))
    found.action = path
    return found


def post_form(browser, address: str, form, typed: dict):
    sent = urllib.parse.urlencode(form.filled(**typed)).encode()
    asked = urllib.request.Request(f"{address}{form.action}", sent, {"Origin": address})
    return browser.open(asked, timeout=10)


@pytest.mark.skipif(lan_address() is None, reason="this machine has no second address")
def test_an_invite_made_on_this_computer_opens_on_a_phone(make_run):
    port, _printed = make_run
    computer, here = opener(), f"http://127.0.0.1:{port}"
    signed_up(computer, here, "erin")
    new_group = form_at(computer, f"{here}/groups/new/", "/groups/new/")
    invites = urllib.parse.urlsplit(post_form(computer, here, new_group, {"name": "Thu"}).url)
    invites = f"{invites.path}invites/"
    post_form(computer, here, form_at(computer, f"{here}{invites}", invites), {})
    page = computer.open(f"{here}{invites}").read().decode()
    link = re.search(r'<p class="copy"><a href="([^"]+)"', page)[1]
    assert link.startswith(f"http://{lan_address()}:{port}/invite/")
    assert "Thu" in opener().open(link, timeout=10).read().decode()


def test_make_run_answers_a_host_name_it_was_not_told(make_run):
    port, _printed = make_run
    first_answer(opener(), f"http://127.0.0.1:{port}/healthz")
    asked = urllib.request.Request(f"http://127.0.0.1:{port}/", headers={"Host": "cards.local"})
    assert opener().open(asked, timeout=10).status == 200
