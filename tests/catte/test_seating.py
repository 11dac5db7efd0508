"""A player leaves (two taps) or comes back (one) in place: htmx swaps the live part of the
page, a plain post comes back to who is at the table, and the message is said there."""

import re

import pytest

from tests.factories import fresh
from tests.page_forms import form_on, submit
from tracker.catte import board as catte_board
from tracker.catte import rules as catte
from tracker.catte import services
from tracker.catte.models import SessionSeat

HTMX = {"HX-Request": "true"}
LEFT = "Chi left: every new round starts without this player."


@pytest.fixture
def three(group, bob, players):
    session = services.logs.start(group, players[:3], {"stake": "1.00"}, bob)
    services.rounds.record_round(catte_board.load(session), catte.Round(tricks=["An"] * 4), bob)
    return fresh(session)


def seating_part(html: str) -> str:
    return re.search(r'<section class="card seating".*?</section>', html, re.S).group(0)


def entry_messages(html: str) -> str:
    return re.search(r'<div id="entry-messages">.*?</div>', html, re.S).group(0)


def test_leaving_takes_a_second_tap_behind_a_question(as_bob, three):
    html = as_bob.get(three.get_absolute_url()).content.decode()
    assert '<summary class="danger">Leaves…</summary>' in seating_part(html)
    leave = form_on(as_bob.get(three.get_absolute_url()), "/leaves/", "Yes, Chi leaves")
    assert leave.fields["once"] and leave.fields["version"] == "1"


def test_leaving_with_htmx_swaps_the_live_part_and_says_so_by_the_seating(as_bob, three, players):
    leave = form_on(as_bob.get(three.get_absolute_url()), "/leaves/", "Yes, Chi leaves")
    answer = submit(as_bob, leave, headers=HTMX)
    html = answer.content.decode()
    assert answer.status_code == 200 and html.strip().startswith('<div id="entry"')
    assert LEFT in seating_part(html) and LEFT not in entry_messages(html)
    assert SessionSeat.objects.get(player=players[2]).left_after_round == 1


def test_coming_back_without_javascript_returns_to_the_seating_with_its_message(
    as_bob, three, players
):
    services.seating.leave(catte_board.load(three), players[2].pk, 1, None)
    back = form_on(as_bob.get(three.get_absolute_url()), "/back/", "Back at the table")
    answer = submit(as_bob, back)
    assert answer.status_code == 302 and answer["Location"].endswith("/#seating")
    html = as_bob.get(answer["Location"]).content.decode()
    assert "Chi is back at the table." in seating_part(html)
    assert SessionSeat.objects.get(player=players[2]).left_after_round is None


def test_a_refused_leave_is_said_by_the_seating_too(as_bob, three, players):
    leave = form_on(as_bob.get(three.get_absolute_url()), "/leaves/", "Yes, Chi leaves")
    services.seating.leave(catte_board.load(three), players[2].pk, 1, None)  # another phone
    html = submit(as_bob, leave, headers=HTMX).content.decode()
    assert "Chi has already left." in seating_part(html)
    assert "Chi has already left." not in entry_messages(html)
