"""The group's ratings, its leaderboard page and the `ratings` command.

The worked history of the history pages (tests/tracker/test_history_views.py): Cutthroat game 1
ends Chi 180, An 120, Bình 110 and game 2 An 160, Bình 110, Chi -10; the Cắt Tê session ends
An +3.00, Bình 0.00, Chi -3.00. The numbers are openskill's for those rankings
(tests/rules/test_ratings.py).
"""

import json
import re
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from tests.tracker.test_history_views import page_text, worked_session, worked_tournament
from tracker.catte import board as catte_board
from tracker.catte import services
from tracker.cutthroat import board as cutthroat_board
from tracker.cutthroat import services as tournaments
from tracker.cutthroat.models import Tournament
from tracker.history.ratings import as_numbers, cached_ratings, group_ratings

WORKED_CUTTHROAT = [
    {"name": "An", "rating": 4.6051, "mu": 28.4156, "sigma": 7.9369, "games": 2},
    {"name": "Chi", "rating": -0.1497, "mu": 23.626, "sigma": 7.9252, "games": 2},
    {"name": "Bình", "rating": -0.6618, "mu": 22.8077, "sigma": 7.8232, "games": 2},
]
WORKED_CATTE = [
    {"name": "An", "rating": 3.2533, "mu": 27.869, "sigma": 8.2052, "games": 1},
    {"name": "Bình", "rating": 1.5426, "mu": 25.7173, "sigma": 8.0582, "games": 1},
    {"name": "Chi", "rating": -2.761, "mu": 21.4137, "sigma": 8.0582, "games": 1},
]


def closed(session, user):
    session.refresh_from_db()
    return services.closing.close(catte_board.load(session), session.version, user).session


@pytest.fixture
def history(group, players, alice):
    tournament = worked_tournament(group, players, alice)
    session = closed(worked_session(group, players, alice), alice)
    group.refresh_from_db()
    return tournament, session


def command_output(*args) -> dict:
    out = StringIO()
    call_command("ratings", *args, stdout=out)
    return json.loads(out.getvalue())


def test_the_worked_history_gives_these_ratings(group, history):
    assert as_numbers(group_ratings(group)) == {
        "cutthroat": WORKED_CUTTHROAT,
        "catte": WORKED_CATTE,
        "sheet": [],  # every registered game has its leaderboard; no sheet was played here
    }


def test_an_open_session_counts_only_once_it_is_closed(group, players, alice):
    session = worked_session(group, players, alice)
    assert group_ratings(group)["catte"] == []
    closed(session, alice)
    assert as_numbers(group_ratings(group))["catte"] == WORKED_CATTE


def test_a_reopened_session_leaves_the_ratings_until_closed_again(group, history, bob):
    assert as_numbers(cached_ratings(group))["catte"] == WORKED_CATTE
    session = history[1]
    session.refresh_from_db()
    services.closing.reopen(catte_board.load(session), session.version, bob)
    group.refresh_from_db()
    assert cached_ratings(group)["catte"] == []
    closed(session, bob)
    group.refresh_from_db()
    assert as_numbers(cached_ratings(group))["catte"] == WORKED_CATTE


def test_a_corrected_old_hand_changes_the_ratings_as_a_recomputation(group, history, bob):
    assert as_numbers(cached_ratings(group))["cutthroat"] == WORKED_CUTTHROAT
    board = cutthroat_board.load(Tournament.objects.get(pk=history[0].pk))
    bids, tricks = {"An": 6, "Bình": 7, "Chi": "NIL"}, {"An": 9, "Bình": 8, "Chi": 0}
    tournaments.correct_hand(board, 1, board.tournament.version, bids, tricks,
                             {"JD": "An", "JC": "Bình"}, bob)  # fmt: skip
    group.refresh_from_db()
    # Bình made 7 in hand 1 (70 + J♣): game 1 ends Chi 180, Bình 130, An 120.
    assert as_numbers(cached_ratings(group))["cutthroat"] == [
        {"name": "Bình", "rating": 3.0981, "mu": 26.499, "sigma": 7.8003, "games": 2},
        {"name": "An", "rating": 0.5863, "mu": 24.4496, "sigma": 7.9544, "games": 2},
        {"name": "Chi", "rating": 0.1513, "mu": 23.9108, "sigma": 7.9199, "games": 2},
    ]
    assert cached_ratings(group) == group_ratings(group)


def shown_row(place: int, row: dict, unit: str) -> str:
    """A pattern of the leaderboard row as the page reads, from the command's numbers: place,
    name, rating and games first, μ and σ last."""
    first = f"{place}. {row['name']} provisional {row['rating']:.1f} {row['games']} {unit}"
    last = f"μ {row['mu']:.1f} · σ {row['sigma']:.1f}"
    return re.escape(first) + " [^μ]*" + re.escape(last)


def test_the_command_prints_the_numbers_the_page_shows(as_carol, group, history):
    numbers = command_output("--group", group.name)
    assert numbers == {"cutthroat": WORKED_CUTTHROAT, "catte": WORKED_CATTE, "sheet": []}
    text = page_text(as_carol.get(reverse("ratings", args=[group.pk])))
    for game, unit in [("cutthroat", "games"), ("catte", "session")]:
        for place, row in enumerate(numbers[game], start=1):
            assert re.search(shown_row(place, row, unit), text)


def test_the_command_counts_only_the_year_asked(group, history):
    Tournament.objects.filter(pk=history[0].pk).update(created_at="2025-12-31T20:00:00Z")
    year = history[1].created_at.year
    assert command_output("--group", group.name, "--year", "2025")["catte"] == []
    assert command_output("--group", group.name, "--year", "2025")["cutthroat"] == WORKED_CUTTHROAT
    assert command_output("--group", group.name, "--year", str(year))["cutthroat"] == []


def test_the_command_refuses_a_group_it_cannot_find(group):
    with pytest.raises(CommandError, match="no group named 'Nobody'"):
        call_command("ratings", "--group", "Nobody")


def test_a_viewer_reads_the_page(as_carol, group, history):
    response = as_carol.get(reverse("ratings", args=[group.pk]))
    assert response.status_code == 200
    assert "A rating is provisional until the player has played 5 games" in page_text(response)


def test_an_outsider_gets_404(as_dave, group, history):
    assert as_dave.get(reverse("ratings", args=[group.pk])).status_code == 404


def test_it_refuses_a_post_with_nothing_in_it(as_alice, group):
    assert as_alice.post(reverse("ratings", args=[group.pk])).status_code == 405


def test_it_requires_login(client, group):
    response = client.get(reverse("ratings", args=[group.pk]))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_an_empty_history_says_so(as_carol, group):
    text = page_text(as_carol.get(reverse("ratings", args=[group.pk])))
    assert "No finished game yet." in text and "No closed session yet." in text


def test_the_group_page_links_to_each_games_ratings(as_carol, group, history):
    html = as_carol.get(group.get_absolute_url()).content.decode()
    url = reverse("ratings", args=[group.pk])
    assert re.search(rf'href="{url}#cutthroat"', html) and re.search(rf'href="{url}#catte"', html)
