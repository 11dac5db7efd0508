"""On the phone: the service worker registers and caches no page, the offline page shows when
the server cannot be reached, the table view follows the game, and the screen's wake lock
breaks nothing where the browser has none."""

import pytest

from tests.browser.conftest import wait_until
from tests.browser.test_catte_comings_and_goings import LEAVES, YES
from tests.browser.test_live import FOLLOWS_WITHIN_MS
from tests.browser.test_phone import assert_fits_a_phone, log_in, tap_bids
from tests.factories import fresh
from tracker.catte import board as catte_board
from tracker.catte import rules as catte
from tracker.catte import services
from tracker.cutthroat import services as tournaments

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

OFFLINE = "Offline — nothing was saved. Your taps were not sent"
# Functions, not bare expressions: the policy refuses the eval() a bare one would need.
WORKER_ACTIVE = """async () => {
  const registration = await navigator.serviceWorker.ready;
  const worker = registration.active;
  if (worker.state !== "activated") {
    await new Promise(done => worker.addEventListener("statechange",
      () => worker.state === "activated" && done()));
  }
  return {script: worker.scriptURL, scope: registration.scope};
}"""
KEPT = """async () => {
  const urls = [];
  for (const name of (await caches.keys()).filter(name => name !== "kept-pages")) {
    for (const request of await (await caches.open(name)).keys()) {
      urls.push(new URL(request.url).pathname);
    }
  }
  return urls;
}"""
# Whether the worker caches its offline page in a language (the page's Content-Language).
OFFLINE_KEPT_IN = """async (language) => {
  const kept = await caches.match("/offline/");
  return kept !== undefined && kept.headers.get("Content-Language") === language;
}"""
KEPT_GAMES = """async () => (await (await caches.open("kept-pages")).keys())
  .map(request => new URL(request.url).pathname)"""
# Whether the worker keeps a game's page aside for when the network is gone.
KEPT_A_PAGE = """async () => (await caches.has("kept-pages")) &&
  (await (await caches.open("kept-pages")).keys()).length > 0"""
FORGOT_THEM = """async () => !(await caches.has("kept-pages")) ||
  (await (await caches.open("kept-pages")).keys()).length === 0"""
# A wake lock that counts what it is asked, in place of the browser's.
COUNTED_WAKE_LOCK = """
window.wakeRequests = 0;
Object.defineProperty(Navigator.prototype, "wakeLock", { configurable: true, get: () => ({
  request: () => {
    window.wakeRequests += 1;
    const sentinel = new EventTarget();
    sentinel.release = () => { sentinel.dispatchEvent(new Event("release"));
                               return Promise.resolve(); };
    window.wakeSentinel = sentinel;
    return Promise.resolve(sentinel);
  },
}) });
"""


@pytest.fixture
def tournament(group, players, alice):
    return tournaments.start(group, players[:3], {"preset": "official"}, alice)


def errors_of(page) -> list[str]:
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    return errors


def test_the_worker_registers_and_keeps_no_page(phone, live_server, alice, tournament):
    errors = errors_of(phone)
    log_in(phone, live_server, "alice")
    phone.goto(live_server.url + tournament.get_absolute_url())
    worker = phone.evaluate(WORKER_ACTIVE)
    assert worker == {"script": live_server.url + "/sw.js", "scope": live_server.url + "/"}
    phone.reload()  # now under the worker: static files from its cache, the page from the server
    tap_bids(phone, {1: "5", 2: "5", 0: "5"})  # a POST through htmx
    phone.goto(live_server.url + f"/groups/{tournament.group_id}/")
    kept = phone.evaluate(KEPT)
    assert "/offline/" in kept and "/static/css/app.css" in kept
    assert all(url.startswith("/static/") or url == "/offline/" for url in kept), kept
    games = phone.evaluate(KEPT_GAMES)  # kept aside, shown only when the network is gone
    assert games == [tournament.get_absolute_url()], games
    assert errors == []


def test_the_offline_page_shows_when_the_server_cannot_be_reached(
    phone, live_server, alice, tournament
):
    log_in(phone, live_server, "alice")
    phone.goto(live_server.url + tournament.get_absolute_url())
    phone.evaluate(WORKER_ACTIVE)
    phone.context.set_offline(True)
    phone.goto(live_server.url + f"/groups/{tournament.group_id}/")
    assert OFFLINE in phone.inner_text("#offline")
    phone.context.set_offline(False)  # back where the phone was, without a tap
    phone.wait_for_url(live_server.url + tournament.get_absolute_url())
    # A plain form's POST (here: log out) that cannot be sent shows it too, and sent nothing.
    phone.context.set_offline(True)
    phone.click("button:has-text('Log out')")
    assert OFFLINE in phone.inner_text("#offline")
    phone.context.set_offline(False)  # back to the page the form was on
    phone.wait_for_url(live_server.url + tournament.get_absolute_url())
    phone.wait_for_selector("h1:has-text('Tournament')")
    assert phone.locator("button:has-text('Log out')").count() == 1  # still logged in


def test_the_offline_page_is_in_the_language_the_phone_chose_last(
    phone, live_server, alice, tournament
):
    log_in(phone, live_server, "alice")
    phone.goto(live_server.url + tournament.get_absolute_url())
    phone.evaluate(WORKER_ACTIVE)  # installed in English, with its offline page
    assert phone.evaluate(OFFLINE_KEPT_IN, "en")
    phone.click("#language-link")
    phone.click("button[lang=vi]")
    phone.wait_for_selector("html[lang=vi]")
    wait_until(phone, OFFLINE_KEPT_IN, "vi")
    phone.context.set_offline(True)
    phone.goto(live_server.url + f"/groups/{tournament.group_id}/")
    assert phone.inner_text("h1") == "Ngoại tuyến"
    phone.context.set_offline(False)


def test_a_change_that_cannot_be_sent_says_so(phone, live_server, group, players, alice):
    """A player leaving needs the server; a round or a hand is kept on the phone instead
    (test_catte_offline.py, test_outbox.py)."""
    session = services.logs.start(group, players, {"stake": "1.00"}, alice)
    log_in(phone, live_server, "alice")
    phone.goto(live_server.url + session.get_absolute_url())
    phone.evaluate(WORKER_ACTIVE)
    phone.context.set_offline(True)
    phone.click(LEAVES)
    phone.click(YES)
    assert OFFLINE in phone.inner_text("#offline-note")
    assert not fresh(session).seats.filter(left_after_round__isnull=False).exists()  # not sent
    phone.context.set_offline(False)
    phone.click(YES)
    phone.wait_for_selector("#seating >> text=An left")
    assert phone.locator("#offline-note").count() == 0


def test_the_table_view_follows_a_saved_round(phone, live_server, group, players, alice, carol):
    session = services.logs.start(group, players, {"stake": "1.00"}, alice)
    log_in(phone, live_server, "carol")  # a viewer
    phone.goto(f"{live_server.url}/groups/{group.pk}/sessions/{session.pk}/table/")
    assert phone.inner_text("[data-money='Chi']") == "€0.00"
    assert_fits_a_phone(phone)
    services.rounds.record_round(catte_board.load(session), catte.Round(tricks=["Chi"] * 4), alice)
    phone.wait_for_selector("text=Sweep by Chi", timeout=FOLLOWS_WITHIN_MS)
    assert phone.inner_text("[data-money='Chi']") == "+€6.00"  # a sweep at four pays double


def test_the_screen_stays_on_while_the_table_view_is_open(
    browser, live_server, group, alice, tournament
):
    context = browser.new_context(viewport={"width": 800, "height": 600})
    context.add_init_script(COUNTED_WAKE_LOCK)
    page = context.new_page()
    log_in(page, live_server, "alice")
    page.goto(live_server.url + f"/groups/{group.pk}/")
    assert page.evaluate("() => window.wakeRequests") == 0  # a page that does not ask
    page.goto(f"{live_server.url}/groups/{group.pk}/tournaments/{tournament.pk}/table/")
    page.wait_for_function("() => window.wakeRequests === 1")
    # Hidden, the browser releases the lock; shown again, the page asks again.
    page.evaluate(
        "() => { window.wakeSentinel.release(); "
        "document.dispatchEvent(new Event('visibilitychange')); }"
    )
    page.wait_for_function("() => window.wakeRequests === 2")
    context.close()


@pytest.mark.parametrize("wake_lock", ["missing", "refusing"])
def test_the_wake_lock_breaks_nothing_where_it_is_not_given(
    browser, live_server, tournament, alice, wake_lock
):
    context = browser.new_context(viewport={"width": 360, "height": 740})
    if wake_lock == "missing":  # as over http on a LAN: not a secure context
        context.add_init_script("delete Navigator.prototype.wakeLock;")
    else:
        context.add_init_script(
            "WakeLock.prototype.request = () => Promise.reject(new Error('refused'));"
        )
    page = context.new_page()
    errors = errors_of(page)
    log_in(page, live_server, "alice")
    page.goto(live_server.url + tournament.get_absolute_url().rstrip("/") + "/table/")
    page.evaluate("() => document.dispatchEvent(new Event('visibilitychange'))")
    page.wait_for_selector("text=Game 1 · hand 1")
    assert errors == []
    context.close()


def offline_after_a_reload(phone, live_server, tournament) -> str:
    """The group page, then its balances session by session (a page not kept for reading
    offline); the network goes and the page is reloaded (as the live check does when the
    balances changed). The address of those balances."""
    log_in(phone, live_server, "alice")
    balances = live_server.url + f"/groups/{tournament.group_id}/balances/by-session/"
    phone.goto(live_server.url + f"/groups/{tournament.group_id}/")
    phone.goto(balances)
    phone.evaluate(WORKER_ACTIVE)
    phone.context.set_offline(True)
    phone.reload()
    assert OFFLINE in phone.inner_text("#offline")
    return balances


def test_back_from_the_offline_page_goes_to_the_page_it_stood_for(
    phone, live_server, alice, tournament
):
    balances = offline_after_a_reload(phone, live_server, tournament)
    phone.tap("button:has-text('Back')")  # still offline: the same page, offline again
    phone.wait_for_selector("#offline")
    assert phone.url == balances
    phone.context.set_offline(False)
    phone.wait_for_selector("h1:has-text('Who owes whom')")
    assert phone.url == balances  # not the group page


def test_the_offline_page_goes_back_by_itself_when_the_network_returns(
    phone, live_server, alice, tournament
):
    balances = offline_after_a_reload(phone, live_server, tournament)
    phone.context.set_offline(False)
    phone.wait_for_selector("h1:has-text('Who owes whom')")
    assert phone.url == balances


def test_a_game_read_before_the_network_went_stays_readable_marked_offline(
    phone, live_server, alice, tournament
):
    log_in(phone, live_server, "alice")
    phone.goto(live_server.url + tournament.get_absolute_url())
    phone.evaluate(WORKER_ACTIVE)
    phone.reload()  # read under the worker, which keeps it aside
    phone.goto(live_server.url + f"/groups/{tournament.group_id}/")
    phone.context.set_offline(True)
    kept = phone.goto(live_server.url + tournament.get_absolute_url())
    policy = {part.strip() for part in kept.headers["content-security-policy"].split(";")}
    assert "script-src 'self'" in policy  # as it was served (in any order of its directives)
    assert phone.inner_text("#kept-copy").startswith("As of ")
    assert "offline: the page as this phone last showed it." in phone.inner_text("#kept-copy")
    assert "Bids · game 1, hand 1" in phone.inner_text("#entry")  # who bids, as last read
    phone.goto(live_server.url + f"/groups/{tournament.group_id}/balances/")
    assert OFFLINE in phone.inner_text("#offline")  # a page never read here: not kept
    phone.context.set_offline(False)  # back to the game, read afresh
    phone.wait_for_url(live_server.url + tournament.get_absolute_url())
    phone.wait_for_selector("#entry")
    assert not phone.locator("#kept-copy").count()


def test_a_game_kept_on_the_phone_is_read_afresh_once_the_server_answers(
    phone, live_server, alice, tournament
):
    log_in(phone, live_server, "alice")
    phone.goto(live_server.url + tournament.get_absolute_url())
    phone.evaluate(WORKER_ACTIVE)
    phone.reload()
    phone.context.set_offline(True)
    phone.reload()  # the copy kept aside, marked
    phone.wait_for_selector("#kept-copy")
    phone.context.set_offline(False)  # a page drawn offline may never hear "online": it asks
    phone.wait_for_function("() => !document.getElementById('kept-copy')")
    assert "Bids · game 1, hand 1" in phone.inner_text("#entry")


def test_logging_out_forgets_the_games_kept_on_the_phone(phone, live_server, alice, tournament):
    log_in(phone, live_server, "alice")
    phone.goto(live_server.url + tournament.get_absolute_url())
    phone.evaluate(WORKER_ACTIVE)
    phone.reload()
    wait_until(phone, KEPT_A_PAGE)
    with phone.expect_navigation():
        phone.click("button:has-text('Log out')")
    wait_until(phone, FORGOT_THEM)
