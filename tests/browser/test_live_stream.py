"""Two phones follow one Cắt Tê session by its stream: a round saved on one shows on the other
without the other asking; with the stream cut the other asks every 3 s and still follows, and
once the stream is back it stops asking again.

pytest-django's live server speaks WSGI, which answers a stream 204 (the page then asks): this
test serves the app as `make run` does, over ASGI with uvicorn (cardtable/asgi.py, where the
streams are answered beside Django), in a thread of the test's process, on the test's database."""

import threading
import time

import pytest
import uvicorn

from cardtable.asgi import application
from core.web import live_stream
from tests.browser import thumb as phones
from tests.browser.conftest import put_down
from tests.browser.test_catte_phone import RULES, press, tap, trick
from tests.browser.test_live import bids_saved_elsewhere_while_one_is_tapped
from tests.browser.test_phone import log_in
from tests.test_two_servers import free_port
from tracker.catte import services
from tracker.cutthroat import services as cutthroat_services

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
thumb = phones.thumb  # the fixture: the phone that follows, at both sizes
STREAMING, NOT_STREAMING = "html[data-streaming]", "html:not([data-streaming])"
FOLLOWS_WITHIN_MS = 3000 + 1500  # one poll period, and the refresh


class AsgiServer:
    """uvicorn serving the app in a thread, on the test's database."""

    def __init__(self):
        config = uvicorn.Config(application, host="127.0.0.1", port=free_port(), http="h11")
        config.log_level, config.timeout_graceful_shutdown = "warning", 1
        self.url, self.server = f"http://127.0.0.1:{config.port}", uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def start(self) -> None:
        self.thread.start()
        deadline = time.monotonic() + 10
        while not self.server.started:  # until it listens
            assert time.monotonic() < deadline, "uvicorn did not start"
            time.sleep(0.05)

    def drop_the_streams(self) -> None:
        """The line of every open stream drops, as a phone's network would drop it."""
        for connection in list(self.server.server_state.connections):
            if connection.scope and connection.scope["path"].endswith("/stream/"):
                connection.loop.call_soon_threadsafe(connection.transport.close)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)


@pytest.fixture
def asgi_server(transactional_db, settings):
    settings.WHITENOISE_USE_FINDERS = True  # the static files from the apps, as with debug on
    settings.REDIS_URL = ""
    server = AsgiServer()
    server.start()
    yield server
    server.stop()


@pytest.fixture
def saver(browser):
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    yield context.new_page()
    put_down(context)


def save_a_sweep_by(phone, name: str) -> None:
    press(phone, phone.locator("#round-form button[aria-label='7 of hearts']"))
    phone.wait_for_selector("text=who has the 8♥?")
    for _ in range(4):
        trick(phone, name)
    tap(phone, "Save round")


def asks(urls: list[str]) -> list[str]:
    """The page's questions "changed?" (not its stream)."""
    return [url for url in urls if "/live/" in url and "/stream/" not in url]


def cut_the_stream(phone, server) -> None:
    """The open stream drops and cannot be opened again."""
    phone.wait_for_selector(STREAMING, state="attached")
    phone.route("**/stream/**", lambda route: route.abort())
    server.drop_the_streams()
    phone.wait_for_selector(NOT_STREAMING, state="attached")


def at_the_table(server, game, saver, follower) -> list[str]:
    """Both phones (or the follower alone) open the game as alice; what the follower asks for
    from then on."""
    requested: list[str] = []
    follower.on("request", lambda request: requested.append(request.url))
    for phone in (saver, follower) if saver else (follower,):
        log_in(phone, server, "alice")
        phone.goto(server.url + game.get_absolute_url())
    return requested


def test_the_other_phone_follows_by_stream_without_asking(
    asgi_server, saver, thumb, group, players, alice
):
    session = services.logs.start(group, players, RULES, alice)
    follower = thumb.page
    requested = at_the_table(asgi_server, session, saver, follower)
    follower.wait_for_selector(STREAMING, state="attached")
    requested.clear()
    save_a_sweep_by(saver, "Chi")
    follower.wait_for_selector("text=Round 2 ·", timeout=FOLLOWS_WITHIN_MS)
    assert requested == []  # the round came with the stream's event, its live part in it


def test_with_the_stream_cut_the_other_phone_asks_until_it_is_back(
    asgi_server, saver, thumb, group, players, alice
):
    session = services.logs.start(group, players, RULES, alice)
    follower = thumb.page
    requested = at_the_table(asgi_server, session, saver, follower)
    cut_the_stream(follower, asgi_server)
    save_a_sweep_by(saver, "An")
    follower.wait_for_selector("text=Round 2 ·", timeout=FOLLOWS_WITHIN_MS)
    assert asks(requested)
    follower.unroute("**/stream/**")
    follower.wait_for_selector(STREAMING, state="attached", timeout=2 * FOLLOWS_WITHIN_MS)
    requested.clear()
    save_a_sweep_by(saver, "Bình")
    follower.wait_for_selector("text=Round 3 ·", timeout=FOLLOWS_WITHIN_MS)
    assert not asks(requested)


def test_an_idle_phone_asks_nothing_for_a_minute_while_its_stream_holds(
    asgi_server, saver, thumb, group, players, alice, monkeypatch
):
    monkeypatch.setattr(live_stream, "KEEP_ALIVE", 1.0)  # a quiet line, said every second
    session = services.logs.start(group, players, RULES, alice)
    follower = thumb.page
    follower.clock.install()  # the page's own minute, run at once below
    requested = at_the_table(asgi_server, session, saver, follower)
    follower.wait_for_selector(STREAMING, state="attached")
    requested.clear()
    follower.clock.run_for(60_000)
    follower.wait_for_timeout(4_000)  # and four real seconds of the line kept alive
    assert requested == [] and follower.locator(STREAMING).count() == 1


def test_what_a_phone_typed_stays_and_the_part_it_was_brought_shows_when_asked(
    asgi_server, thumb, group, players, alice
):
    tournament = cutthroat_services.start(group, players[:4], {"preset": "official"}, alice)
    phone = thumb.page
    requested = at_the_table(asgi_server, tournament, None, phone)
    phone.wait_for_selector(STREAMING, state="attached")
    requested.clear()
    bids_saved_elsewhere_while_one_is_tapped(phone, tournament, alice)
    phone.click("#live-note button")
    phone.wait_for_selector("text=Tricks · game 1, hand 1", timeout=FOLLOWS_WITHIN_MS)
    assert requested == []  # the part the stream brought, shown when asked
