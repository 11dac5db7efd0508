"""At 360 px wide: no sideways scrolling, tap targets of 44 px or more, no third-party requests."""

import pytest

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


def test_a_hand_is_entered_with_the_thumb(phone, live_server, alice, players, group):
    tournament = tournaments.start(group, players[:3], {"preset": "official"}, alice)
    log_in(phone, live_server, "alice")
    phone.goto(live_server.url + tournament.get_absolute_url())
    for seat, bid in enumerate(["4", "NIL", "5"]):
        phone.select_option(f"#id_bid_{seat}", bid)
    phone.click("button:has-text('Save bids')")
    phone.wait_for_selector("text=Tricks · hand 1")
    for seat, tricks in enumerate([6, 0, 11]):
        for _ in range(tricks):
            phone.click(f"button[aria-label='one more trick for {players[seat].name}']")
    assert phone.inner_text("[data-tricks-line]") == "tricks: 17 of 17"
    phone.check("input[name=jack_JD][value='2']")
    phone.check("input[name=jack_JC][value='0']")
    phone.click("button:has-text('Save hand')")
    phone.wait_for_selector("text=Bids · hand 2")
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
    for seat in range(3):
        phone.select_option(f"#id_bid_{seat}", "5")
    phone.click("button:has-text('Save bids')")
    phone.wait_for_selector("text=Tricks · hand 1")
    phone.click("button[aria-label='one more trick for An']")
    assert phone.inner_text("[data-tricks-line]") == "tricks: 1 of 17"
    assert phone.is_disabled("button:has-text('Save hand')")


def test_undo_works_right_after_a_hand_saved_without_reloading(
    phone, live_server, alice, players, group
):
    tournament = tournaments.start(group, players[:3], {"preset": "official"}, alice)
    log_in(phone, live_server, "alice")
    phone.goto(live_server.url + tournament.get_absolute_url())
    for seat in range(3):
        phone.select_option(f"#id_bid_{seat}", "5")
    phone.click("button:has-text('Save bids')")
    phone.wait_for_selector("text=Tricks · hand 1")
    phone.click("button:has-text('Undo last bids')")
    phone.wait_for_selector("text=The last hand was undone")
    assert not tournament.hands.exists()
