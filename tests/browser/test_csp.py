"""The Content-Security-Policy refuses nothing that a scoreboard page needs, htmx swaps included."""

import pytest

from tests.browser.test_phone import log_in, tap_bids
from tests.browser.thumb import tap_button
from tracker.cutthroat import services as tournaments

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# A function, not a bare expression: Playwright evaluates it once, while an expression would be
# evaluated again with eval() at every poll, which the policy (rightly) refuses.
SETTLED = "() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')"


def test_a_scoreboard_and_its_htmx_swaps_break_no_rule(phone, live_server, alice, players, group):
    tournament = tournaments.start(group, players[:3], {"preset": "official"}, alice)
    messages = []
    phone.on("console", lambda message: messages.append(message.text))
    phone.on("pageerror", lambda error: messages.append(str(error)))
    log_in(phone, live_server, "alice")
    response = phone.goto(live_server.url + tournament.get_absolute_url())
    assert "script-src 'self'" in response.headers["content-security-policy"]
    tap_bids(phone, {1: "5", 2: "5", 0: "5"})
    phone.wait_for_function(SETTLED)
    phone.tap(tap_button("tricks_0", 1))
    assert phone.inner_text("[data-tricks-line]") == "tricks: 1 of 17"  # tricks.js ran
    assert phone.evaluate("getComputedStyle(document.querySelector('h2.mt-0')).marginTop") == "0px"
    assert not [text for text in messages if "Content Security Policy" in text], messages
