"""Setting up a group on a phone: the box for the players is in view as soon as the group
exists, it keeps the keyboard's focus from one name to the next, and each "joined" message
stands beside it, not later on another page."""

import pytest

from core.models import Group
from tests.browser import thumb as phones
from tests.browser.test_phone import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
thumb = phones.thumb  # the fixture: both phone sizes, with a tap counter

FOCUSED = "() => document.activeElement && document.activeElement.id"
IN_THE_BOX = "() => document.activeElement && document.activeElement.id === 'id_player_name'"
SETTLED = "() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')"
LIVE_CHECK_MS = 3500  # one live check of the page (every 3 s) and its answer


def create_group(thumb, live_server, name):
    log_in(thumb.page, live_server, "dave")
    thumb.page.goto(f"{live_server.url}/groups/new/")
    thumb.page.fill("#id_name", name)
    with thumb.page.expect_navigation():
        thumb.page.click("button:has-text('Create group')")
    # The browser moves the focus to the box when it next draws the page, which may come after
    # "load": a person types once the cursor is there, and so does the test.
    thumb.page.wait_for_function(IN_THE_BOX, timeout=2000)


def test_the_players_box_is_in_view_and_focused_after_creating_a_group(thumb, live_server, dave):
    create_group(thumb, live_server, "Tuesday table")
    thumb.assert_in_view("#id_player_name")
    assert thumb.page.evaluate(FOCUSED) == "id_player_name"


def test_five_players_are_typed_in_without_the_box_losing_focus(thumb, live_server, dave):
    create_group(thumb, live_server, "Tuesday table")
    for name in ["An", "Bình", "Chi", "Dũng", "Em"]:
        thumb.page.keyboard.type(name)
        thumb.page.keyboard.press("Enter")  # the keyboard's "done"
        thumb.page.wait_for_selector(f"#player-added:has-text('{name} joined the table.')")
        thumb.page.wait_for_function(SETTLED)
        thumb.page.wait_for_function(IN_THE_BOX, timeout=2000)
        thumb.assert_in_view("#id_player_name")
        thumb.assert_in_view("#player-added")
    thumb.page.wait_for_timeout(LIVE_CHECK_MS)  # the live check finds nothing new to draw
    assert thumb.page.evaluate(FOCUSED) == "id_player_name"
    assert Group.objects.get().players.count() == 5
    thumb.page.goto(f"{live_server.url}/groups/{Group.objects.get().pk}/invites/")
    assert "joined the table" not in thumb.page.inner_text("main")


def test_a_tap_on_add_brings_the_focus_back_to_the_box(thumb, live_server, dave):
    create_group(thumb, live_server, "Tuesday table")
    thumb.page.keyboard.type("An")
    thumb.tap("#players button:has-text('Add')")
    thumb.page.wait_for_selector("#player-added")
    thumb.page.wait_for_function(SETTLED)
    thumb.page.wait_for_function(IN_THE_BOX, timeout=2000)
    thumb.assert_in_view("#id_player_name")
