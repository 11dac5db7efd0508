"""A transfer of a closed session paid with one tap on "Who owes whom", at 360×740 and 390×844:
the session's "Settling up" then marks it paid and lists the payment, on the screen as it fits."""

import pytest

from tests.browser import thumb as phones
from tests.browser.test_phone import log_in
from tests.catte.test_sessions import played, sweep
from tracker.catte import services

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
thumb = phones.thumb  # the fixture: both phone sizes, with a tap counter


def test_a_transfer_paid_on_who_owes_whom_is_marked_paid_on_the_closed_session(
    thumb, live_server, group, players, bob
):
    session = services.logs.start(group, players, {"stake": "1.00"}, bob)
    board = played(session, sweep("Chi"))  # An, Bình and Dũng each owe Chi €2.00
    services.closing.close(board, board.session.version, bob)
    log_in(thumb.page, live_server, "bob")
    thumb.page.goto(f"{live_server.url}/groups/{group.pk}/balances/")
    paid = "button[aria-label='Dũng paid Chi']"
    thumb.page.locator(paid).scroll_into_view_if_needed()
    with thumb.page.expect_navigation():
        thumb.tap(paid)
    thumb.page.goto(live_server.url + session.get_absolute_url())
    settling = thumb.page.locator("ul.settling li")
    assert settling.all_inner_texts() == [
        "An → Chi\n€2.00",
        "Bình → Chi\n€2.00",
        "Dũng → Chi Paid\n€2.00",
    ]
    assert "Paid since the session closed" in thumb.page.inner_text("main")
    thumb.page.locator("ul.settling").scroll_into_view_if_needed()
    thumb.assert_no_sideways_scroll()
    thumb.screenshot("catte-closed-settling-up")
