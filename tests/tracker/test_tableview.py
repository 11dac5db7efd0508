"""The table view: a game read from across the table by any member, numbers as the game's own
board has them, following the game live, with nothing to enter."""

import re

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from core.locale_money import amount_text, signed_text
from tests.factories import GroupFactory, MembershipFactory, fresh
from tracker.catte import board as catte_board
from tracker.catte import rules as catte
from tracker.catte import services
from tracker.cutthroat import services as tournaments

SIDE_POT = {"stake": "1.00", "side_pot_stake": "0.50"}


@pytest.fixture
def session(group, players, bob):
    session = services.logs.start(group, players, SIDE_POT, bob)
    board = catte_board.load(session)
    for sweeper, upturned in [("Chi", "AS"), ("An", "QS")]:
        round_ = catte.Round(tricks=[sweeper] * 4, side_pot_upturned=upturned)
        board = services.rounds.record_round(board, round_, bob)
    return fresh(session)


@pytest.fixture
def tournament(group, players, bob):
    tournament = tournaments.start(group, players[:3], {"preset": "official"}, bob)
    board = tournaments.load(tournament)
    tournaments.record_bids(board, {"An": 10, "Bình": 2, "Chi": 2}, bob)
    board = tournaments.load(fresh(tournament))
    tricks = {"An": 11, "Bình": 3, "Chi": 3}
    tournaments.record_tricks(board, 1, tricks, {"JD": "An", "JC": "Bình"}, bob)
    return fresh(tournament)


def session_url(session):
    return reverse("session_table", args=[session.group_id, session.pk])


def tournament_url(tournament):
    return reverse("tournament_table", args=[tournament.group_id, tournament.pk])


def marked(html: str, attribute: str) -> dict[str, str]:
    """What the page shows in the elements marked `attribute="name"`, by name."""
    found = re.findall(rf'{attribute}="([^"]+)"[^>]*>([^<]*)<', html)
    return {name: text.strip() for name, text in found}


def test_it_shows_the_money_the_pot_and_the_deal_as_the_board_has_them(as_carol, session, group):
    html = as_carol.get(session_url(session)).content.decode()
    board = catte_board.load(session)
    money = {name: signed_text(group, board.settled.totals[name]) for name in board.names}
    assert marked(html, "data-money") == money
    side_pot = re.search(r"data-side-pot>([^<]*)<", html)[1]
    assert side_pot == amount_text(group, board.settled.side_pot) != "0.00"
    assert f"<strong>{board.next_dealer}</strong> deals" in html
    assert "Round 2 <span" in html and "Sweep by An" in html


def test_it_shows_the_scores_bags_and_the_last_hand_as_the_board_has_them(as_carol, tournament):
    html = as_carol.get(tournament_url(tournament)).content.decode()
    standings = tournaments.load(tournament).standings
    names = standings.totals
    assert marked(html, "data-total") == {name: str(standings.totals[name]) for name in names}
    assert marked(html, "data-bags") == {name: str(standings.bags[name]) for name in names}
    assert f"<strong>{standings.next_dealer}</strong> deals" in html
    assert "Last hand: game 1 · hand 1" in html


def test_the_bids_of_the_hand_being_played_show(as_carol, tournament, bob):
    board = tournaments.load(tournament)
    tournaments.record_bids(board, {"An": 4, "Bình": "NIL", "Chi": 5}, bob)
    html = as_carol.get(tournament_url(fresh(tournament))).content.decode()
    assert "Bids in: An 4, Bình Nil, Chi 5" in html


@pytest.mark.parametrize("game", ["session", "tournament"])
def test_it_follows_the_game_and_keeps_the_screen_on(as_carol, request, game):
    row = request.getfixturevalue(game)
    url = session_url(row) if game == "session" else tournament_url(row)
    html = as_carol.get(url).content.decode()
    assert re.search(rf'data-live="/live/[^"]+/" data-version="{row.version}"', html)
    assert "data-wake-lock" in html
    fragment = as_carol.get(url, headers={"HX-Request": "true"})
    assert fragment.content.decode().startswith('<div id="entry">')
    assert "HX-Request" in fragment["Vary"]


@pytest.mark.parametrize(
    "game, since", [("session", "Rounds saved since"), ("tournament", "Hands saved since")]
)
def test_every_kind_shares_the_frame_with_its_own_title_link_and_words(
    as_carol, request, game, since
):
    row = request.getfixturevalue(game)
    url = session_url(row) if game == "session" else tournament_url(row)
    html = as_carol.get(url).content.decode()
    assert f"<title>Table · {row}" in html
    assert f'<a href="{row.get_absolute_url()}">← {row}</a>' in html
    assert f'data-kept-since="{since} are not shown."' in html


def test_a_saved_round_shows_at_once(as_carol, session, bob, group):
    as_carol.get(session_url(session))
    board = services.rounds.record_round(
        catte_board.load(session), catte.Round(tricks=["Dũng"] * 4, side_pot_upturned="KH"), bob
    )
    html = as_carol.get(session_url(session)).content.decode()
    assert "Round 3 <span" in html and "Sweep by Dũng" in html
    assert marked(html, "data-money")["Dũng"] == signed_text(group, board.settled.totals["Dũng"])


@pytest.mark.parametrize("game", ["session", "tournament"])
def test_it_has_nothing_to_enter(as_alice, request, game):
    row = request.getfixturevalue(game)
    url = session_url(row) if game == "session" else tournament_url(row)
    view = as_alice.get(url).content.decode().split('class="table-view"', 1)[1]
    assert "<form" not in view and "<input" not in view and "<button" not in view
    assert as_alice.post(url).status_code == 405


@pytest.mark.parametrize("game", ["session", "tournament"])
def test_it_requires_membership(as_dave, request, game):
    row = request.getfixturevalue(game)
    url = session_url(row) if game == "session" else tournament_url(row)
    assert as_dave.get(url).status_code == 404


@pytest.mark.parametrize("game", ["session", "tournament"])
def test_it_requires_a_login(client, request, game):
    row = request.getfixturevalue(game)
    url = session_url(row) if game == "session" else tournament_url(row)
    response = client.get(url)
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")


def test_a_game_asked_for_under_another_group_is_404(as_carol, carol, session):
    other = GroupFactory(name="Other table")
    MembershipFactory(group=other, user=carol)  # a member there too
    assert as_carol.get(reverse("session_table", args=[other.pk, session.pk])).status_code == 404


def test_a_closed_session_shows_its_final_money(as_carol, session, bob, group):
    board = services.closing.close(catte_board.load(session), session.version, bob)
    html = as_carol.get(session_url(session)).content.decode()
    assert "Closed · final money" in html
    money = {name: signed_text(group, board.settled.totals[name]) for name in board.names}
    assert marked(html, "data-money") == money


@pytest.mark.parametrize(
    ("wins_needed", "said"),
    [(1, "🏆 <strong>An</strong> wins the tournament"), (2, "★ An wins game 1 (1 of 2)")],
)
def test_a_won_game_shows_its_winner_and_final_scores(
    as_carol, group, players, bob, wins_needed, said
):
    rules = {"preset": "official", "target": 100, "wins_needed": wins_needed}
    tournament = tournaments.start(group, players[:3], rules, bob)
    tournaments.record_bids(tournaments.load(tournament), {"An": 10, "Bình": 2, "Chi": 2}, bob)
    board = tournaments.load(fresh(tournament))
    tricks = {"An": 11, "Bình": 3, "Chi": 3}
    tournaments.record_tricks(board, 1, tricks, {"JD": "An", "JC": "Bình"}, bob)
    html = as_carol.get(tournament_url(fresh(tournament))).content.decode()
    assert said in html
    assert marked(html, "data-total") == {"An": "110", "Bình": "30", "Chi": "20"}


def queries_for(client, url, cached: bool) -> int:
    if not cached:
        cache.clear()
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


def test_it_costs_the_same_with_2_or_12_rounds_cold_or_cached(as_carol, session, bob):
    url = session_url(session)
    short = queries_for(as_carol, url, cached=False)
    board = catte_board.load(fresh(session))
    for _ in range(10):
        round_ = catte.Round(tricks=["Bình"] * 4, side_pot_upturned="AS")
        board = services.rounds.record_round(board, round_, bob)
    assert queries_for(as_carol, url, cached=False) == short
    assert queries_for(as_carol, url, cached=True) <= short
