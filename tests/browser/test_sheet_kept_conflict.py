"""A score-sheet round kept on a phone while offline, which another phone saved otherwise
meanwhile, on phones of both sizes: the outbox tells whose round came first, what each phone had
and what differs, and records this phone's as the next round when the scorer asks."""

import pytest

from tests.browser import thumb as phones
from tests.browser.test_sheet_evenings import kept_offline, save, tap_places
from tests.browser.test_sheet_thumb import open_sheet, wait_for
from tests.factories import fresh
from tracker.sheets import rules as sheet
from tracker.sheets import services
from tracker.sheets.board import load

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
thumb = phones.thumb  # the fixture: both phone sizes, with a tap counter


def test_a_kept_round_bob_saved_otherwise_is_told_as_his_and_can_follow_it(
    thumb, live_server, alice, bob, group, players
):
    sheet_row = services.start(group, players, {"stake": "1.00", "preset": "tien_len"}, alice)
    open_sheet(thumb, live_server, sheet_row)
    thumb.page.context.set_offline(True)
    tap_places(thumb, 2, 0, 1)  # Chi, An, Bình, and Dũng last
    save(thumb)
    kept_offline(thumb)
    services.record_round(load(sheet_row), sheet.Round(places=["An", "Bình", "Chi", "Dũng"]), bob)
    thumb.page.context.set_offline(False)
    thumb.page.wait_for_selector(".outbox-unsettled")
    shown = thumb.page.inner_text(".outbox-unsettled")
    assert "bob's phone saved round 1: first An · second Bình · third Chi · last Dũng." in shown
    assert "This phone had: first Chi · second An · third Bình · last Dũng" in shown
    assert "An: second on the other phone" not in shown and "An: first on the other phone" in shown
    thumb.assert_no_sideways_scroll()
    thumb.tap(".outbox-unsettled button:text('Record this phone')")
    # "Round 3" alone may be the blank form drawn after the kept round while it is still sent.
    wait_for(thumb, "Round 2 saved.")
    thumb.page.wait_for_selector("#outbox-badge", state="detached")
    rounds = fresh(sheet_row).rounds.order_by("number")
    assert [row.entry["places"] for row in rounds] == [[0, 1, 2, 3], [2, 0, 1, 3]]
