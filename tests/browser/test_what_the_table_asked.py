"""What a new table stopped to ask about, on a phone: the bag rule as the score applies it, the
tournaments a player won out of those finished, the calendar years beside the named seasons,
long names on a small screen, the icon a browser asks for, money waiting in a side pot, and
the next session started as the last one was played."""

from datetime import date

import pytest

from core.models import Player
from tests.browser import thumb as phones
from tests.browser.test_phone import log_in
from tests.tracker.test_history_views import worked_session, worked_tournament
from tests.tracker.test_ratings import closed
from tracker.catte import board as catte_board
from tracker.catte import rules as catte
from tracker.catte import services
from tracker.catte.models import CatteSession
from tracker.cutthroat import services as tournaments
from tracker.history import seasons

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
thumb = phones.thumb  # the fixture: both phone sizes, with a tap counter
SCROLL_TO = "element => element.scrollIntoView({block: 'center'})"  # the thumb's own scroll


def test_the_rules_in_force_say_what_a_bag_out_costs(thumb, live_server, alice, group, players):
    tournament = tournaments.start(group, players[:3], {"preset": "300-five-bags"}, alice)
    log_in(thumb.page, live_server, "alice")
    thumb.page.goto(live_server.url + tournament.get_absolute_url())
    rules = thumb.page.inner_text("section:has(h2:has-text('Rules in force'))")
    assert "Bags: reaching 5 bags costs 10 points per bag held; the count starts again" in rules
    assert "5 bags cost 50 points" not in rules


def test_a_tournament_in_play_is_not_one_a_player_failed_to_win(
    thumb, live_server, alice, group, players
):
    worked_tournament(group, players, alice)  # Chi has won a game of two, none of the three
    log_in(thumb.page, live_server, "alice")
    thumb.page.goto(f"{live_server.url}/groups/{group.pk}/players/{players[2].pk}/stats/")
    won = thumb.page.inner_text("li:has-text('Tournaments won')")
    assert won.split() == ["Tournaments", "won", "0", "of", "0", "(1", "in", "play)"]
    thumb.assert_no_sideways_scroll()


def test_a_named_season_leaves_the_calendar_year_on_the_ratings(
    thumb, live_server, alice, group, players
):
    session = closed(worked_session(group, players, alice), alice)
    CatteSession.objects.filter(pk=session.pk).update(created_at="2026-03-01T20:00:00Z")
    seasons.add_season(group, "Winter 2026", date(2026, 1, 1), date(2026, 3, 31))
    log_in(thumb.page, live_server, "alice")
    thumb.page.goto(f"{live_server.url}/groups/{group.pk}/ratings/")
    offered = thumb.page.locator("nav.seasons a.button").all_inner_texts()
    assert offered == ["All time", "Winter 2026", "2026"]
    with thumb.page.expect_navigation():
        thumb.tap("nav.seasons a:has-text('2026') >> nth=1")
    assert "Ratings · 2026" in thumb.page.inner_text("h1")


def test_a_browser_looking_for_the_icon_of_a_page_without_one_finds_it(
    thumb, live_server, alice, group
):
    log_in(thumb.page, live_server, "alice")
    manifest = thumb.page.goto(f"{live_server.url}/manifest.webmanifest")
    assert "html" not in manifest.headers["content-type"]  # names no icon: the
    icon = thumb.page.goto(f"{live_server.url}/favicon.ico")  # browser asks at the root
    assert icon.status == 200 and icon.headers["content-type"] == "image/png"


def test_the_past_tournaments_of_long_names_fit_a_small_phone(
    thumb, live_server, alice, group, players
):
    long_names = ["Hoàng Minh Châu", "Nguyễn Văn Bình", "Trần Thị Chi"]
    for player, name in zip(players[:3], long_names, strict=True):
        Player.objects.filter(pk=player.pk).update(name=name)
    worked_tournament(group, Player.objects.filter(group=group).order_by("pk"), alice)
    log_in(thumb.page, live_server, "alice")
    thumb.page.goto(f"{live_server.url}/groups/{group.pk}/history/tournaments/")
    assert "Hoàng Minh Châu 160" in thumb.page.inner_text("main")
    thumb.assert_no_sideways_scroll()


def test_a_balance_with_money_in_the_side_pot_says_so_beside_it(
    thumb, live_server, alice, group, players
):
    rules = {"stake": "1.00", "side_pot_stake": "0.25"}
    session = services.logs.start(group, players[:3], rules, alice)
    board = catte_board.load(session)
    sweep = catte.Round(tricks=["An"] * 4, side_pot_upturned="7H")
    services.rounds.record_round(board, sweep, alice, 1)  # nobody claims: 0.75 in the pot
    log_in(thumb.page, live_server, "alice")
    thumb.page.goto(f"{live_server.url}/groups/{group.pk}/balances/")
    balance = "#entry section:has(h2:text-is('Balances')) li:has-text('Chi')"  # not a transfer
    chi = thumb.page.inner_text(balance)
    assert "-€1.25\n€0.25 of it is in the side pot, settled when the pot is won or the" in chi
    thumb.assert_no_sideways_scroll()
    thumb.page.locator(f"{balance} a:has-text('Why?')").scroll_into_view_if_needed()  # a swipe
    with thumb.page.expect_navigation():
        thumb.tap(f"{balance} a:has-text('Why?')")
    assert "€0.25 of Chi's balance is in the side pot" in thumb.page.inner_text("main")


def test_the_next_session_starts_with_one_tap_as_the_last_was_played(
    thumb, live_server, alice, group, players
):
    rules = {"stake": "1.00", "side_pot_stake": "0.25", "ace_penalty": True}
    last = services.logs.start(group, players[:4], rules, alice, name="Friday")
    log_in(thumb.page, live_server, "alice")
    thumb.page.goto(f"{live_server.url}/groups/{group.pk}/sessions/new/")
    thumb.page.locator("button:has-text('Start the session')").evaluate(SCROLL_TO)
    with thumb.page.expect_navigation():
        thumb.tap("button:has-text('Start the session')")
    following = CatteSession.objects.exclude(pk=last.pk).get()
    assert following.rules == CatteSession.objects.get(pk=last.pk).rules
    assert [seat.player for seat in following.seats.all()] == players[:4]
    assert thumb.taps == 1
