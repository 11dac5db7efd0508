"""Two phones at one table: what one saves shows on the other within 3 s, without a reload,
and what the other had typed is never thrown away."""

import pytest
from django.urls import reverse

from tests.browser import thumb as phones
from tests.browser.conftest import put_down
from tests.browser.test_phone import log_in
from tests.factories import closed_evening
from tracker.catte import board as catte_board
from tracker.catte import rules as catte
from tracker.catte import services
from tracker.cutthroat import board as cutthroat_board
from tracker.cutthroat import services as cutthroat_services

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
FOLLOWS_WITHIN_MS = 3000 + 1500  # one poll period, and the refresh
thumb = phones.thumb  # the fixture: both phone sizes


@pytest.fixture
def two_phones(browser):
    contexts = [
        browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
        for _ in range(2)
    ]
    yield [context.new_page() for context in contexts]
    for context in contexts:
        put_down(context)


def test_a_round_saved_on_one_phone_shows_on_the_other(
    two_phones, live_server, group, players, alice
):
    session = services.logs.start(group, players, {"stake": "1.00"}, alice)
    for phone in two_phones:
        log_in(phone, live_server, "alice")
        phone.goto(live_server.url + session.get_absolute_url())
    other = two_phones[1]
    services.rounds.record_round(catte_board.load(session), catte.Round(tricks=["Chi"] * 4), alice)
    other.wait_for_selector("text=Sweep by Chi", timeout=FOLLOWS_WITHIN_MS)
    assert other.url.endswith(session.get_absolute_url())  # no navigation


def test_what_a_phone_has_typed_is_kept_when_another_saves(
    two_phones, live_server, group, players, alice
):
    tournament = cutthroat_services.start(group, players[:4], {"preset": "official"}, alice)
    phone = two_phones[0]
    log_in(phone, live_server, "alice")
    phone.goto(live_server.url + tournament.get_absolute_url())
    bids_saved_elsewhere_while_one_is_tapped(phone, tournament, alice)
    phone.click("#live-note button")
    phone.wait_for_selector("text=Tricks", timeout=FOLLOWS_WITHIN_MS)


def bids_saved_elsewhere_while_one_is_tapped(phone, tournament, saver) -> None:
    """One bid tapped on `phone`, not saved, while `saver` saves the hand's bids elsewhere: the
    phone says so beside the entry and keeps the bid tapped."""
    phone.locator("#bids label").first.click()
    bids = dict.fromkeys(["An", "Bình", "Chi", "Dũng"], 3)
    cutthroat_services.record_bids(cutthroat_board.load(tournament), bids, saver)
    phone.wait_for_selector("#live-note", timeout=FOLLOWS_WITHIN_MS)
    assert phone.locator("#bids input:checked").count() == 1


def test_the_group_page_follows_a_payment(two_phones, live_server, group, players, alice):
    from tests.factories import pay

    phone = two_phones[0]
    log_in(phone, live_server, "alice")
    phone.goto(f"{live_server.url}/groups/{group.pk}/balances/")
    pay(group, players[1], players[0], 3, alice)
    phone.wait_for_selector("text=Bình paid An €3.00", timeout=FOLLOWS_WITHIN_MS)


def test_the_table_view_of_a_closed_session_stays_put(thumb, live_server, group, players, alice):
    session = closed_evening(group, players, alice)
    log_in(thumb.page, live_server, "alice")
    thumb.page.goto(live_server.url + reverse("session_table", args=[group.pk, session.pk]))
    thumb.page.evaluate("window.drawnOnce = true")
    asked = []
    thumb.page.on("request", lambda request: asked.append(request.url))
    thumb.page.wait_for_timeout(2 * 3000 + 1500)  # more than two polls
    assert thumb.page.evaluate("window.drawnOnce") is True
    assert [url for url in asked if "/live/" in url]  # it did ask
    assert not [url for url in asked if "/table/" in url]  # and was told nothing changed
