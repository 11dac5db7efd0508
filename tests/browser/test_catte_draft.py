"""Two phones at one table enter one round: what one taps shows on the other within 3 s, a
reload loses nothing, and when both tap at once neither tap is counted twice nor lost."""

import pytest

from tests.browser.conftest import put_down
from tests.browser.test_phone import log_in
from tests.browser.thumb import ARTIFACTS
from tests.factories import fresh
from tracker.catte import services
from tracker.catte.models import Round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
FOLLOWS_WITHIN_MS = 3000 + 1500  # one poll period, and the refresh
SETTLED = "() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')"
TRICKS = "#round-form .trick-line li"
REFRESH = "{target: '#entry', swap: 'outerHTML'}"  # as live.js asks for the entry


@pytest.fixture
def table(browser, live_server, group, players, alice, bob):
    """A session open on Alice's phone and on Bob's, each its own browser at 390×844."""
    session = services.logs.start(group, players, {"stake": "1.00"}, alice)
    contexts, phones = [], []
    for user in ("alice", "bob"):
        context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
        phone = context.new_page()
        log_in(phone, live_server, user)
        phone.goto(live_server.url + session.get_absolute_url())
        contexts.append(context)
        phones.append(phone)
    yield session, *phones
    for context in contexts:
        put_down(context)


def trick(phone, name):
    """Tap who won the trick and wait for the answer to be rendered."""
    with phone.expect_response(lambda response: response.request.method == "POST"):
        phone.click(f"#round-form button[value^=t]:text-is('{name}')")
    phone.wait_for_function(SETTLED)


def tricks_on(phone) -> list[str]:
    return phone.locator(TRICKS).all_inner_texts()


def test_a_round_half_tapped_on_one_phone_goes_on_on_the_other(table, live_server):
    session, alice, bob = table
    trick(alice, "Bình")
    trick(alice, "An")
    alice.reload()  # a locked phone, a closed tab: the round is still there
    assert tricks_on(alice) == ["Bình", "An"]
    bob.reload()
    assert tricks_on(bob) == ["Bình", "An"]
    for name in ("Bình", "An", "An", "An"):
        trick(bob, name)
    assert tricks_on(bob) == ["Bình", "An", "Bình", "An", "An", "An"]
    with bob.expect_response(lambda response: response.request.method == "POST"):
        bob.click("#round-form button[value=save]")
    bob.wait_for_selector("text=Round 1 saved.")
    assert Round.objects.get(session=session).entry == {"tricks": [1, 0, 1, 0, 0, 0]}
    assert fresh(session).draft == []
    alice.wait_for_selector("text=Round 2 · An deals", timeout=FOLLOWS_WITHIN_MS)


def test_the_other_phone_sees_each_tap_within_three_seconds(table):
    session, alice, bob = table
    url = bob.url
    trick(alice, "Chi")
    bob.wait_for_selector(f"{TRICKS}:text-is('Chi')", timeout=FOLLOWS_WITHIN_MS)
    trick(alice, "Dũng")
    bob.wait_for_selector(f"{TRICKS}:text-is('Dũng')", timeout=FOLLOWS_WITHIN_MS)
    assert bob.url == url and tricks_on(bob) == ["Chi", "Dũng"]  # no navigation
    assert bob.locator("#live-note").count() == 0  # nothing of its own to keep


def test_when_both_phones_tap_the_same_trick_one_wins_and_no_tap_is_lost(table):
    session, alice, bob = table
    trick(alice, "An")
    trick(alice, "Bình")
    bob.wait_for_selector(f"{TRICKS}:text-is('Bình')", timeout=FOLLOWS_WITHIN_MS)
    for phone in (alice, bob):  # neither refreshes between the two taps
        phone.route("**/live/**", lambda route: route.abort())

    def posted(response):
        return response.request.method == "POST"

    with alice.expect_response(posted), bob.expect_response(posted):
        alice.click("#round-form button[value^=t]:text-is('Chi')")
        bob.click("#round-form button[value^=t]:text-is('Dũng')")
    for phone in (alice, bob):
        phone.wait_for_function(SETTLED)
        phone.unroute("**/live/**")
    draft = fresh(session).draft
    assert draft[:2] == ["t0", "t1"] and len(draft) == 3  # trick 3 once, never twice
    winner, second = ("Chi", bob) if draft[2] == "t2" else ("Dũng", alice)
    assert tricks_on(second) == ["An", "Bình", winner]
    note = second.locator("#round-form .flash.warning").inner_text()
    assert note.endswith(f"phone tapped trick 3 first: {winner}.")
    ARTIFACTS.mkdir(exist_ok=True)
    second.screenshot(path=str(ARTIFACTS / "catte-draft-second-tap-390x844.png"))
    trick(second, "An")  # the second phone taps trick 4 from what it now shows
    first = alice if second is bob else bob
    first.wait_for_selector(f"{TRICKS}:nth-child(4):text-is('An')", timeout=FOLLOWS_WITHIN_MS)
    assert fresh(session).draft == [*draft, "t0"]


def test_a_refresh_answered_after_this_phones_tap_does_not_bring_the_older_round_back(table):
    """live.js may ask for the entry just before the thumb taps, and that answer, older than the
    tap's, come back last: htmx drops it, as the entry it was asked for has been replaced."""
    session, alice, _bob = table
    alice.route("**/live/**", lambda route: route.abort())  # no refresh but the one held below
    held = []

    def hold_the_refresh(route):
        if route.request.method == "GET" and route.request.headers.get("hx-request"):
            held.append((route, route.fetch()))  # answered before the tap, delivered after it
        else:
            route.continue_()

    alice.route(f"**{session.get_absolute_url()}", hold_the_refresh)
    with alice.expect_request(lambda request: request.method == "GET"):
        alice.evaluate(f"() => {{ htmx.ajax('GET', location.pathname, {REFRESH}); }}")
    with alice.expect_response(lambda response: response.request.method == "POST"):
        alice.click("#round-form button[value^=t]:text-is('An')")
    alice.wait_for_selector(f"{TRICKS}:text-is('An')")
    refresh, before_the_tap = held[0]
    alice.evaluate("() => addEventListener('htmx:afterRequest', () => { window.answered = true })")
    refresh.fulfill(response=before_the_tap)
    alice.wait_for_function("() => window.answered === true")
    alice.wait_for_function(SETTLED)
    assert tricks_on(alice) == ["An"]
