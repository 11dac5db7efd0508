"""A Vietnamese table and a German table at phone size: one Cắt Tê round in Vietnamese, one
Cutthroat hand in German, every word and amount in the table's language."""

import pytest
from django.utils import translation
from django.utils.translation import get_language_info, gettext

from tests.browser.conftest import put_down
from tests.browser.thumb import ARTIFACTS, tap_button
from tests.factories import PASSWORD, GroupFactory, PlayerFactory, fresh
from tracker.catte import board as catte_board
from tracker.catte import services
from tracker.cutthroat import services as tournaments

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SETTLED = "() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')"
NBSP = "\u00a0"


@pytest.fixture
def phone_in(browser):
    contexts = []

    def open_phone(locale):
        context = browser.new_context(
            viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True, locale=locale
        )
        contexts.append(context)
        return context.new_page()

    yield open_phone
    for context in contexts:
        put_down(context)


def log_in(page, live_server, username):
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    with page.expect_navigation():
        page.click("main form button[type=submit]")


def in_language(language, text, **values):
    with translation.override(language):
        return gettext(text) % values


def shot(page, name):
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}-360x740.png"), full_page=True)


def assert_fits(page):
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_a_catte_round_in_vietnamese(phone_in, live_server, alice):
    group = GroupFactory(name="Bàn Sài Gòn", currency="VND")
    group.memberships.create(user=alice, role="owner")
    players = [PlayerFactory(group=group, name=n) for n in ["An", "Bình", "Chi", "Dũng"]]
    session = services.logs.start(group, players, {"stake": "10000"}, alice)
    page = phone_in("vi-VN")
    log_in(page, live_server, "alice")
    page.goto(live_server.url + session.get_absolute_url())
    assert page.get_attribute("html", "lang") == "vi"
    shot(page, "vi-catte-start")
    for seat in (1, 1, 1, 1):
        with page.expect_response(lambda response: response.request.method == "POST"):
            page.tap(f"#round-form #next button[value=t{seat}]")
        page.wait_for_function(SETTLED)
    page.tap("#round-form button[value=save]")
    page.wait_for_selector(f"text={in_language('vi', 'Round %(number)s saved.', number=1)}")
    page.wait_for_function(SETTLED)
    shot(page, "vi-catte-saved")
    body = page.inner_text("body")
    assert f"+60.000{NBSP}₫" in body  # Bình swept three players, paying double at four
    assert f"Tiền cược 10.000{NBSP}₫" in body
    assert "Round 1 saved." not in body and "Side pot" not in body
    vietnamese = get_language_info("vi")["name_local"]
    assert f"Ngôn ngữ: {vietnamese}" in " ".join(body.split())  # the way to another language
    assert_fits(page)
    assert catte_board.load(fresh(session)).state.running["Bình"] == 60000


def test_a_cutthroat_hand_in_german(phone_in, live_server, alice, group, players):
    tournament = tournaments.start(group, players, {"preset": "official"}, alice)
    page = phone_in("de-DE")
    log_in(page, live_server, "alice")
    page.goto(live_server.url + tournament.get_absolute_url())
    assert page.get_attribute("html", "lang") == "de"
    shot(page, "de-cutthroat-bids")
    for seat, bid in [(1, "NIL"), (2, "5"), (3, "3"), (0, "5")]:
        page.tap(tap_button(f"bid_{seat}", bid))
    page.tap("#entry form button[type=submit]")
    page.wait_for_function(SETTLED)
    page.wait_for_selector(tap_button("tricks_1", 0))
    for seat, took in [(1, 0), (2, 5), (3, 3)]:
        page.tap(tap_button(f"tricks_{seat}", took))
    page.tap(tap_button("jack_JD", 2))
    page.tap(tap_button("jack_JC", 0))
    shot(page, "de-cutthroat-tricks")
    page.tap("#entry form button[type=submit]")
    page.wait_for_function(SETTLED)
    page.wait_for_selector(tap_button("bid_2", "NIL"))
    shot(page, "de-cutthroat-saved")
    body = page.inner_text("body")
    assert "Save hand" not in body and "Tricks" not in body and "Bids ·" not in body
    assert_fits(page)
    assert tournaments.load(fresh(tournament)).standings.totals["Bình"] == 100
