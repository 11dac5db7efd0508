"""A group with a year of games, read on phones of 360 and 390 px in each language: the
leaderboards, the seasons page and every player's rating chart and nights fit the screen, no
chart label is cut, and every tap target is a thumb's."""

from datetime import date

import pytest

from tests.browser.conftest import put_down
from tests.browser.test_every_page_fits import console_of, problems_of
from tests.browser.test_languages import log_in
from tests.factories import PlayerFactory, session_of_sweeps
from tests.tracker.test_history_views import worked_tournament
from tests.tracker.test_ratings import closed
from tracker.catte.models import CatteSession
from tracker.cutthroat.models import Tournament
from tracker.history import seasons

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Nguyễn Thị Phương", "Bartholomäus", "Chi", "Dũng"]
PHONES = [(360, 740), (390, 844)]


@pytest.fixture
def a_year(group, alice):
    """Twelve months: a closed Cắt Tê session each month, each won by the next player in turn,
    and a Cutthroat tournament every quarter; a named spring season."""
    players = [PlayerFactory(group=group, name=name) for name in NAMES]
    for month in range(1, 13):
        order = players[month % 4 :] + players[: month % 4]
        session = closed(session_of_sweeps(group, order, alice, rounds=month % 3 + 1), alice)
        CatteSession.objects.filter(pk=session.pk).update(
            created_at=f"2026-{month:02}-05T20:00:00Z"
        )
    for month in (2, 5, 8, 11):
        order = players[month % 3 :] + players[: month % 3]
        tournament = worked_tournament(group, order, alice, name=f"Cup {month}")
        Tournament.objects.filter(pk=tournament.pk).update(created_at=f"2026-{month:02}-20T20:00Z")
    seasons.add_season(group, "Mùa xuân 2026", date(2026, 2, 1), date(2026, 4, 30))
    group.refresh_from_db()
    return players


def problems_at(phone, width: int) -> list[str]:
    """What does not fit on the page, as the walk over every page finds it, on a phone `width`
    px wide (that walk's sideways check is for 360 px)."""
    found = [problem for problem in problems_of(phone) if "scrolls sideways" not in problem]
    scrolled = phone.evaluate("document.documentElement.scrollWidth")
    return found + ([f"scrolls sideways: {scrolled}px"] if scrolled > width else [])


@pytest.mark.parametrize("language", ["en", "vi", "de"])
def test_the_leaderboards_and_player_pages_fit_a_phone(browser, live_server, group, a_year,
                                                       language):  # fmt: skip
    pages = [f"/groups/{group.pk}/ratings/", f"/groups/{group.pk}/seasons/"]
    pages += [f"/groups/{group.pk}/ratings/?season=M%C3%B9a%20xu%C3%A2n%202026"]
    pages += [f"/groups/{group.pk}/players/{player.pk}/stats/" for player in a_year]
    for width, height in PHONES:
        context = browser.new_context(viewport={"width": width, "height": height},
                                      has_touch=True, is_mobile=True, locale=language)  # fmt: skip
        phone = context.new_page()
        console = console_of(phone)
        log_in(phone, live_server, "alice")
        problems = []
        for path in pages:
            phone.goto(live_server.url + path)
            problems += [f"{width}px {path} {problem}" for problem in problems_at(phone, width)]
        charts = phone.eval_on_selector_all("svg.chart", "charts => charts.length")
        put_down(context)
        assert charts == 2  # the last player's page: Cutthroat and Cắt Tê
        assert problems + console == [], "\n".join(problems + console)
