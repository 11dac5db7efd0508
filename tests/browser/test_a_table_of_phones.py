"""Four phones and a tablet at one table: a round tapped in on one phone shows on the three
others and on the table view within seconds, without a reload, in each phone's language."""

import pytest
from django.urls import reverse

from tests.browser.conftest import put_down
from tests.browser.test_languages import log_in
from tracker.catte import services

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
FOLLOWS_WITHIN_MS = 3000 + 1500  # one poll period, and the refresh
SETTLED = "() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')"


@pytest.fixture
def table(browser):
    sizes = [(360, 740, "en-GB"), (390, 844, "en-GB"), (390, 844, "vi-VN"), (360, 740, "de-DE")]
    sizes.append((1024, 768, "en-GB"))  # the tablet in the middle of the table
    contexts = [
        browser.new_context(viewport={"width": w, "height": h}, has_touch=True, locale=locale)
        for w, h, locale in sizes
    ]
    yield [context.new_page() for context in contexts]
    for context in contexts:
        put_down(context)


def tap(page, selector):
    with page.expect_response(lambda response: response.request.method == "POST"):
        page.tap(selector)
    page.wait_for_function(SETTLED)


def test_a_round_tapped_on_one_phone_shows_on_every_other_screen(
    table, live_server, group, players, alice
):
    session = services.logs.start(group, players, {"stake": "1.00"}, alice)
    *phones, tablet = table
    for page in table:
        log_in(page, live_server, "alice")
    for phone in phones:
        phone.goto(live_server.url + session.get_absolute_url())
    tablet.goto(live_server.url + reverse("session_table", args=[group.pk, session.pk]))
    entering, following, in_vietnamese, in_german = phones
    for _ in range(4):
        tap(entering, "#round-form #next button[value=t2]")
    tap(entering, "#round-form button[value=save]")
    following.wait_for_selector("text=Sweep by Chi", timeout=FOLLOWS_WITHIN_MS)
    in_vietnamese.wait_for_selector("text=Ván 2", timeout=FOLLOWS_WITHIN_MS)
    in_german.wait_for_selector("text=Runde 2", timeout=FOLLOWS_WITHIN_MS)
    tablet.wait_for_function(
        "() => document.querySelector(\"[data-money='Chi']\").innerText === '+€6.00'",
        timeout=FOLLOWS_WITHIN_MS,
    )
    for page in (following, in_vietnamese, in_german, tablet):
        assert page.url.endswith("/")  # still the page it opened: no navigation
    assert session.rounds.count() == 1
