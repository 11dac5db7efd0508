"""Every link a thumb uses is a target of at least 44 × 44 px, on every page of an evening."""

import pytest

from tests.browser import thumb as phones
from tests.browser.test_phone import log_in
from tests.tracker.test_history_views import worked_session, worked_tournament
from tests.tracker.test_ratings import closed

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
thumb = phones.thumb  # the fixture: both phone sizes, with a tap counter
TAP = 44  # px
# Each link shown in the page's main part that is smaller than a thumb: "text width×height".
SMALL_LINKS = """(tap) => [...document.querySelectorAll('main a')]
  .filter((link) => link.getClientRects().length)
  .map((link) => [link, link.getBoundingClientRect()])
  .filter(([, box]) => box.width < tap - 0.5 || box.height < tap - 0.5)
  .map(([link, box]) => link.textContent.trim() + ' ' +
    Math.round(box.width) + '×' + Math.round(box.height))"""


def test_every_link_of_the_group_s_pages_is_a_thumb_s_target(
    thumb, live_server, alice, group, players
):
    tournament = worked_tournament(group, players, alice)
    session = closed(worked_session(group, players, alice), alice)
    group_url = f"/groups/{group.pk}"
    pages = [
        f"{group_url}/",
        tournament.get_absolute_url() + "?all=1",
        session.get_absolute_url() + "?all=1",
        f"{group_url}/history/tournaments/",
        f"{group_url}/history/tournaments/{tournament.pk}/",
        f"{group_url}/history/sessions/",
        f"{group_url}/history/sessions/{session.pk}/",
        f"{group_url}/players/{players[0].pk}/stats/",
        f"{group_url}/ratings/",
        f"{group_url}/seasons/",
        f"{group_url}/balances/",
        f"{group_url}/balances/by-session/",
        f"{group_url}/players/{players[0].pk}/statement/",
        f"{group_url}/invites/",
    ]
    log_in(thumb.page, live_server, "alice")
    small = {}
    for path in pages:
        thumb.page.goto(live_server.url + path)
        small[path] = thumb.page.evaluate(SMALL_LINKS, TAP)
    assert {path: links for path, links in small.items() if links} == {}
