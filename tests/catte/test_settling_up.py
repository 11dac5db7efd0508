"""A closed session's "Settling up" as it stands: each transfer with what has been paid towards it
since the session closed, and those payments, however the money moved on after it."""

from html import unescape

import pytest
from django.urls import reverse

from tests.catte.test_sessions import played, sweep
from tests.factories import pay, take_back
from tracker.catte import services

PLAIN = {"stake": "1.00"}


@pytest.fixture
def closed(group, players, bob):
    """A session Chi swept and that was closed: An, Bình and Dũng each owe Chi €2.00."""

    def close_one():
        session = services.logs.start(group, players, PLAIN, bob)
        board = played(session, sweep("Chi"))
        return services.closing.close(board, board.session.version, bob).session

    return close_one


def settling_up(client, session) -> str:
    page = unescape(client.get(session.get_absolute_url()).content.decode())
    return page.split("<h3>Settling up</h3>")[1].split("</section>")[0]


def test_a_transfer_paid_since_the_session_closed_is_marked_paid_and_the_payment_listed(
    as_carol, alice, closed, players
):
    session = closed()
    pay(session.group, players[3], players[2], "2.00", alice)  # Dũng pays Chi
    shown = settling_up(as_carol, session)
    assert 'Dũng → Chi <span class="badge">Paid</span>' in shown
    assert "An → Chi</span>" in shown and "Bình → Chi</span>" in shown
    paid_since = shown.split("Paid since the session closed")[1]
    assert "Dũng → Chi<br>" in paid_since and "€2.00" in paid_since


def test_a_part_paid_is_said(as_carol, alice, closed, players):
    session = closed()
    pay(session.group, players[3], players[2], "0.50", alice)
    assert 'Dũng → Chi <span class="badge">€0.50 of €2.00 paid</span>' in settling_up(
        as_carol, session
    )


def test_one_payment_counts_for_the_session_closed_first_only(as_carol, alice, closed, players):
    first, second = closed(), closed()
    pay(first.group, players[3], players[2], "2.00", alice)
    assert 'Dũng → Chi <span class="badge">Paid</span>' in settling_up(as_carol, first)
    later = settling_up(as_carol, second)
    assert "Dũng → Chi</span>" in later and "Paid since the session closed" in later


def test_a_payment_taken_back_or_made_before_the_close_pays_nothing(
    as_carol, alice, group, players, bob
):
    session = services.logs.start(group, players, PLAIN, bob)
    board = played(session, sweep("Chi"))
    pay(group, players[3], players[2], "2.00", alice)  # before the close
    session = services.closing.close(board, board.session.version, bob).session
    take_back(pay(group, players[0], players[2], "2.00", alice), alice)
    shown = settling_up(as_carol, session)
    assert "badge" not in shown and "Paid since the session closed" not in shown


def test_the_page_of_each_sessions_settlement_marks_the_paid_transfer(
    as_carol, alice, closed, players
):
    session = closed()
    pay(session.group, players[3], players[2], "2.00", alice)
    url = reverse("balances_by_session", args=[session.group_id])
    page = unescape(as_carol.get(url).content.decode())
    assert '<li class="settled"><span>Dũng → Chi <span class="badge">Paid</span>' in page
    assert "<li><span>An → Chi</span>" in page
