"""At 360 px wide: no sideways scrolling, tap targets of 44 px or more, no third-party requests."""

import pytest

from tests.browser.thumb import radio, tap_button
from tests.factories import PASSWORD, fresh
from tracker.cutthroat import services as tournaments

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TOO_SMALL = """() => [...document.querySelectorAll(
  'a, button, input:not([type=radio]):not([type=checkbox]), select, summary, label:has(input)')]
  .filter(e => e.offsetParent !== null && e.type !== 'hidden')
  .filter(e => !e.closest('p, li, td, th, .copy, .errorlist') || e.matches('button, .button'))
  .filter(e => e.getBoundingClientRect().height < 44)
  .map(e => e.outerHTML.slice(0, 80))"""


def log_in(phone, live_server, username):
    phone.goto(f"{live_server.url}/accounts/login/")
    phone.fill("#id_username", username)
    phone.fill("#id_password", PASSWORD)
    phone.click("button:has-text('Log in')")


def assert_fits_a_phone(phone):
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"{phone.url} scrolls sideways: {width}px"
    assert phone.evaluate(TOO_SMALL) == [], phone.url


def test_the_main_pages_fit_a_phone(phone, live_server, alice, players, group):
    tournament = tournaments.start(group, players[:4], {"preset": "official"}, alice)
    requests = []
    phone.on("request", lambda request: requests.append(request.url))
    log_in(phone, live_server, "alice")
    for path in [
        "/",
        f"/groups/{group.pk}/",
        f"/groups/{group.pk}/tournaments/new/",
        tournament.get_absolute_url(),
        f"/groups/{group.pk}/invites/",
    ]:
        phone.goto(live_server.url + path)
        assert_fits_a_phone(phone)
    assert all(url.startswith(live_server.url) for url in requests)


def tap_bids(phone, bids: dict[int, str]) -> None:
    """Tap each seat's bid in its grid (in the order given) and save them."""
    for seat, bid in bids.items():
        phone.tap(tap_button(f"bid_{seat}", bid))
    phone.click("button:has-text('Save bids')")
    phone.wait_for_selector("text=Tricks · game 1, hand 1")


def test_a_hand_is_entered_with_the_thumb(phone, live_server, alice, players, group):
    tournament = tournaments.start(group, players[:3], {"preset": "official"}, alice)
    log_in(phone, live_server, "alice")
    phone.goto(live_server.url + tournament.get_absolute_url())
    tap_bids(phone, {1: "NIL", 2: "5", 0: "4"})  # An deals: Bình bids first
    for seat, tricks in [(1, 0), (2, 11)]:
        phone.tap(tap_button(f"tricks_{seat}", tricks))
    assert phone.is_checked(radio("tricks_0", 6))  # An's tricks are what is left: 17 − 0 − 11
    assert phone.inner_text("[data-tricks-line]") == "tricks: 17 of 17"
    phone.tap(tap_button("jack_JD", 2))
    phone.tap(tap_button("jack_JC", 0))
    phone.click("button:has-text('Save hand')")
    phone.wait_for_selector("text=Bids · game 1, hand 2")
    assert_fits_a_phone(phone)
    assert tournaments.load(fresh(tournament)).standings.totals == {
        "An": 50,
        "Bình": 100,
        "Chi": 60,
    }


def test_the_save_button_waits_until_the_tricks_add_up(phone, live_server, alice, players, group):
    tournament = tournaments.start(group, players[:3], {"preset": "official"}, alice)
    log_in(phone, live_server, "alice")
    phone.goto(live_server.url + tournament.get_absolute_url())
    tap_bids(phone, {1: "5", 2: "5", 0: "5"})
    phone.tap(tap_button("tricks_0", 1))
    assert phone.inner_text("[data-tricks-line]") == "tricks: 1 of 17"
    assert phone.is_disabled("button:has-text('Save hand')")


def test_undo_works_right_after_a_hand_saved_without_reloading(
    phone, live_server, alice, players, group
):
    tournament = tournaments.start(group, players[:3], {"preset": "official"}, alice)
    log_in(phone, live_server, "alice")
    phone.goto(live_server.url + tournament.get_absolute_url())
    tap_bids(phone, {1: "5", 2: "5", 0: "5"})
    phone.click("summary:has-text('Undo the bids of game 1 · hand 1')")
    phone.click("button:has-text('Yes, undo the bids of game 1 · hand 1')")
    phone.wait_for_selector("text=Bids of game 1 · hand 1 undone")
    assert not tournament.hands.exists()
