"""Headless Chromium (Debian's package) driven by Playwright against the live test server."""

import os
import shutil
import time
from io import StringIO

import pytest
from django.core.management import call_command

from core.models import Group
from tests.factories import PASSWORD

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"

# Playwright's sync API runs an event loop in the test thread; the ORM calls the tests make
# around it are still plain synchronous code.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


# For the browser tests only. While Playwright's event loop runs in the test thread, Django keeps
# that thread's database connections apart from the ones it opened before; kept for the whole
# session, the loop would leave the later tests' connection open when PostgreSQL is asked to drop
# the test database.
@pytest.fixture(scope="package")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api")
    if not os.path.exists(CHROMIUM):
        pytest.skip("Chromium is not installed (apt-get install chromium)")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
        )
        yield browser
        browser.close()


def put_down(context) -> None:
    """Close a phone's browser once its pages have stopped asking the server anything: a poll
    still being answered when the test's database is emptied would lock its tables."""
    for page in context.pages:
        page.goto("about:blank")  # stops the page's timers and polls
    for page in context.pages:
        page.wait_for_timeout(QUIET_MS)  # a request already sent is answered meanwhile
    context.close()


QUIET_MS = 300


def wait_until(page, predicate: str, arg=None, timeout_ms: int = 5000) -> None:
    """Poll an async function in the page until it resolves truthy. Playwright's
    wait_for_function takes the promise an async function returns for a truthy answer, so it
    cannot wait on what the Cache API says; evaluate waits for the promise."""
    deadline = time.monotonic() + timeout_ms / 1000
    while not page.evaluate(predicate, arg):
        if time.monotonic() > deadline:
            raise AssertionError(f"not within {timeout_ms} ms: {predicate}")
        page.wait_for_timeout(100)


@pytest.fixture
def phone(browser):
    context = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True)
    page = context.new_page()
    yield page
    put_down(context)


@pytest.fixture
def demo(db):
    """The group `manage.py demo` makes, its user's password the tests' own."""
    call_command("demo", stdout=StringIO())
    user = Group.objects.get(name="Demo table").memberships.get().user
    user.set_password(PASSWORD)
    user.save()
    return Group.objects.get(name="Demo table")
