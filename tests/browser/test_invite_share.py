"""An invite link is handed on from the phone: Share where the phone can share, Copy anywhere."""

import pytest

from core.models import Invite
from tests.browser import thumb as phones
from tests.browser.test_phone import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
thumb = phones.thumb  # the fixture: both phone sizes, with a tap counter

# What the phone's share sheet was handed, kept where the test can read it.
FAKE_SHARE_SHEET = """
navigator.share = (data) => { window.sharedWith = data; return Promise.resolve(); };
navigator.canShare = () => true;"""


def open_invites(thumb, live_server, group):
    log_in(thumb.page, live_server, "alice")
    thumb.page.goto(f"{live_server.url}/groups/{group.pk}/invites/")
    with thumb.page.expect_navigation():
        thumb.page.click("button:has-text('Create invite link')")
    return Invite.objects.get(group=group)


def test_copy_puts_the_invite_link_on_the_clipboard(thumb, live_server, alice, group):
    thumb.page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    invite = open_invites(thumb, live_server, group)
    thumb.page.locator("[data-copy]").scroll_into_view_if_needed()
    thumb.tap("[data-copy]")
    thumb.page.wait_for_selector("[data-said]:has-text('Link copied.')")
    copied = thumb.page.evaluate("navigator.clipboard.readText()")
    assert copied.endswith(f"/invite/{invite.token}/")
    assert not thumb.page.is_visible("[data-share]")  # this browser has no share sheet


def test_share_hands_the_link_to_the_phones_share_sheet(thumb, live_server, alice, group):
    thumb.page.add_init_script(FAKE_SHARE_SHEET)
    invite = open_invites(thumb, live_server, group)
    thumb.page.locator("[data-share]").scroll_into_view_if_needed()
    thumb.tap("[data-share]")
    shared = thumb.page.evaluate("window.sharedWith")
    assert shared["url"].endswith(f"/invite/{invite.token}/")
    assert shared["title"] == "Join Friday table at the card table"
