"""A Cắt Tê round tapped in on a phone, trick by trick, with the side pot."""

import pytest

from tests.browser.test_phone import assert_fits_a_phone, log_in
from tests.factories import fresh
from tracker.catte import board as catte_board
from tracker.catte import services
from tracker.catte.history import session_result

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
RULES = {"stake": "1.00", "side_pot_stake": "0.25"}


SETTLED = "() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')"


def press(phone, button):
    """Each tap swaps the round form: wait for the answer before the next tap."""
    with phone.expect_response(lambda response: "/round/" in response.url):
        button.click()
    phone.wait_for_function(SETTLED)


def tap(phone, text):
    press(phone, phone.locator(f"#round-form button:text-is('{text}'):visible").first)


def trick(phone, name):
    press(phone, phone.locator(f"#round-form button[value^=t]:text-is('{name}')"))


def test_a_sweep_is_tapped_in_and_paid(phone, live_server, alice, players, group):
    session = services.logs.start(group, players, RULES, alice)
    log_in(phone, live_server, "alice")
    phone.goto(live_server.url + session.get_absolute_url())
    press(phone, phone.locator("#round-form button[aria-label='7 of hearts']"))
    phone.wait_for_selector("text=who has the 8♥?")  # no one, unless tapped
    for _ in range(4):
        trick(phone, "Chi")
    phone.wait_for_selector("text=Sweep by Chi")
    assert_fits_a_phone(phone)
    tap(phone, "Save round")
    phone.wait_for_selector("text=Round 2 ·")
    board = catte_board.load(fresh(session))
    assert [str(v) for v in session_result(board).rounds[0].net.values()] == [
        "-2.25",
        "-2.25",
        "5.75",
        "-2.25",
    ]


def test_after_trick_four_only_the_survivors_are_offered(phone, live_server, alice, players, group):
    session = services.logs.start(group, players, {"stake": "1.00"}, alice)
    log_in(phone, live_server, "alice")
    phone.goto(live_server.url + session.get_absolute_url())
    for name in ["An", "Bình", "An", "Bình"]:
        trick(phone, name)
    phone.wait_for_selector("text=Out after trick 4:")
    buttons = phone.locator("#round-form button[name=tap][value^=t]:visible").all_inner_texts()
    assert buttons == ["An", "Bình"]
