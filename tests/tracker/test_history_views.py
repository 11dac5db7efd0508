"""The history pages: past tournaments and sessions, their charts, and a player's record.

The worked history (numbers by hand; target 150, 17 tricks a hand for 3 players):

Game 1  hand 1  An 6 bid, 9 taken +JD = 70   Bình 5/8 +JC = 60   Chi Nil/0 = 100
        hand 2  An 5/6 = 50 (120)            Bình 4/4 +JD = 50 (110)  Chi 7/7 +JC = 80 (180)
        Chi wins game 1: Chi 180, An 120, Bình 110.
Game 2  hand 3  An 8/10 +JD = 90             Bình 3/3 +JC = 40   Chi 5/4 set = -50
        hand 4  An 6/7 +JD = 70 (160)        Bình 6/6 +JC = 70 (110)  Chi 4/4 = 40 (-10)
        An wins game 2: An 160, Bình 110, Chi -10.

Cắt Tê, stake 1.00, An Bình Chi: round 1 An sweeps (An +2), round 2 Bình wins the last trick
and An, who won none of the first four, is out (Bình +2), round 3 An sweeps (An +2).
Money: An +3.00, Bình 0.00, Chi -3.00; after each round An 2, 1, 3.
"""

import re

import pytest
from django.urls import reverse

from core import recording
from tests.factories import GroupFactory, PlayerFactory
from tracker.catte import board as catte_board
from tracker.catte import services
from tracker.catte.models import Round
from tracker.cutthroat import board as cutthroat_board
from tracker.cutthroat import services as tournaments
from tracker.cutthroat.models import Hand

HANDS = [  # (bids, tricks, jacks) by seat: An, Bình, Chi
    ([6, 5, "NIL"], [9, 8, 0], {"JD": 0, "JC": 1}),
    ([5, 4, 7], [6, 4, 7], {"JD": 1, "JC": 2}),
    ([8, 3, 5], [10, 3, 4], {"JD": 0, "JC": 1}),
    ([6, 6, 4], [7, 6, 4], {"JD": 0, "JC": 1}),
]
ROUNDS = [{"tricks": [0, 0, 0, 0]}, {"tricks": [1, 1, 2, 1, 2, 1]}, {"tricks": [0, 0, 0, 0]}]


def worked_tournament(group, players, user, name="Friday cup", money_rules=None):
    rules = {"preset": "official", "target": 150, "wins_needed": 2}
    tournament = tournaments.start(group, players[:3], rules, user, name, money_rules)
    Hand.objects.bulk_create(
        Hand(tournament=tournament, number=n, bids=bids, tricks=tricks, jacks=jacks)
        for n, (bids, tricks, jacks) in enumerate(HANDS, start=1)
    )
    recording.catch_up(tournament)
    return tournament


def worked_session(group, players, user, name="Tết evening"):
    session = services.logs.start(group, players[:3], {"stake": "1.00"}, user, name=name)
    Round.objects.bulk_create(
        Round(session=session, number=n, entry=entry) for n, entry in enumerate(ROUNDS, start=1)
    )
    recording.catch_up(session)
    return session


@pytest.fixture
def tournament(group, players, alice):
    return worked_tournament(group, players, alice)


@pytest.fixture
def session(group, players, alice):
    return worked_session(group, players, alice)


def page_text(response) -> str:
    """The page as a player reads it: tags dropped, spaces collapsed."""
    html = re.sub(r"<(script|style|svg).*?</\1>", " ", response.content.decode(), flags=re.S)
    html = re.sub(r"</?a\b[^>]*>", "", html)
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def urls(group, tournament, session, players) -> dict[str, str]:
    return {
        "history_tournaments": reverse("history_tournaments", args=[group.pk]),
        "history_tournament": reverse("history_tournament", args=[group.pk, tournament.pk]),
        "history_sessions": reverse("history_sessions", args=[group.pk]),
        "history_session": reverse("history_session", args=[group.pk, session.pk]),
        "player_stats": reverse("player_stats", args=[group.pk, players[0].pk]),
    }


NAMES = ["history_tournaments", "history_tournament", "history_sessions", "history_session"]
NAMES += ["player_stats"]


@pytest.mark.parametrize("name", NAMES)
def test_an_outsider_gets_404(as_dave, group, tournament, session, players, name):
    assert as_dave.get(urls(group, tournament, session, players)[name]).status_code == 404


@pytest.mark.parametrize("name", NAMES)
def test_it_refuses_post_with_405(as_alice, group, tournament, session, players, name):
    assert as_alice.post(urls(group, tournament, session, players)[name]).status_code == 405


@pytest.mark.parametrize("name", NAMES)
def test_a_viewer_reads_every_page(as_carol, group, tournament, session, players, name):
    assert as_carol.get(urls(group, tournament, session, players)[name]).status_code == 200


@pytest.mark.parametrize("name", NAMES)
def test_it_requires_login(client, group, tournament, session, players, name):
    response = client.get(urls(group, tournament, session, players)[name])
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_another_groups_tournament_session_and_player_are_404(as_alice, group, alice):
    other = GroupFactory(name="Other table")
    strangers = [PlayerFactory(group=other, name=name) for name in ["Xuân", "Yến", "Zung"]]
    their_tournament = worked_tournament(other, strangers, alice)
    their_session = worked_session(other, strangers, alice)
    for url in [
        reverse("history_tournament", args=[group.pk, their_tournament.pk]),
        reverse("history_session", args=[group.pk, their_session.pk]),
        reverse("player_stats", args=[group.pk, strangers[0].pk]),
    ]:
        assert as_alice.get(url).status_code == 404


def test_the_list_shows_each_games_winner_and_final_scores(as_carol, group, tournament):
    response = as_carol.get(reverse("history_tournaments", args=[group.pk]))
    text = page_text(response)
    assert "Friday cup" in text
    assert "Game 1 · won by Chi Chi 180 · An 120 · Bình 110" in text
    assert "Game 2 · won by An An 160 · Bình 110 · Chi -10" in text
    assert "preset official · to 150 · 4 hands" in text
    assert "champion" not in text  # two game wins are needed; each has one
    assert tournament.get_absolute_url() in response.content.decode()


def test_the_tournament_page_charts_each_game_with_one_line_per_player(as_carol, group, tournament):
    response = as_carol.get(reverse("history_tournament", args=[group.pk, tournament.pk]))
    html = response.content.decode()
    charts = re.findall(r"<svg.*?</svg>", html, flags=re.S)
    assert len(charts) == 2
    assert [chart.count("<polyline") for chart in charts] == [3, 3]
    assert ">An 160</text>" in charts[1] and ">Chi -10</text>" in charts[1]
    assert "won by Chi · 2 hands" in page_text(response)
    assert tournament.get_absolute_url() in html and group.get_absolute_url() in html


def test_the_player_page_counts_games_bids_nil_and_bags(as_carol, group, tournament, players):
    chi = as_carol.get(reverse("player_stats", args=[group.pk, players[2].pk]))
    text = page_text(chi)
    assert "Games won 1 of 2" in text
    assert "Win rate 50%" in text
    assert "Tournaments won 0 of 0 (1 in play)" in text
    assert "Bids made / set (not Nil) 2 / 1" in text
    assert "Nil made 1 of 1" in text
    assert "Bags per hand 0.00 (0 bags)" in text
    an = page_text(as_carol.get(reverse("player_stats", args=[group.pk, players[0].pk])))
    assert "Bags per hand 1.75 (7 bags)" in an  # 3 + 1 + 2 + 1 overtricks in 4 hands


def test_the_player_page_shows_head_to_head(as_carol, group, tournament, session, players):
    text = page_text(as_carol.get(reverse("player_stats", args=[group.pk, players[0].pk])))
    # An against Bình: An won game 2, ended above Bình in both; rounds 2 to An, 1 to Bình.
    assert "Bình games won 1–0 of 2 finished higher 2–0 rounds won 2–1 of 3" in text
    # An against Chi: one game each, An above Chi in game 2 only; rounds 2 to An, 0 to Chi.
    assert "Chi games won 1–1 of 2 finished higher 1–1 rounds won 2–0 of 3" in text
    assert "Dũng" not in text  # never sat at a table with An


def test_the_player_page_counts_rounds_sweeps_eliminations_and_money(
    as_carol, group, session, players
):
    text = page_text(as_carol.get(reverse("player_stats", args=[group.pk, players[0].pk])))
    assert "Net money (1 session, EUR) +€3.00" in text
    assert "Rounds won 2 of 3 · 67%" in text
    assert "Sweeps 2" in text
    assert "Out after trick 4 1" in text
    assert "No Cutthroat tournament yet." in text


def test_the_session_list_shows_stake_rounds_and_money(as_carol, group, session):
    response = as_carol.get(reverse("history_sessions", args=[group.pk]))
    text = page_text(response)
    assert "Tết evening" in text
    assert "An, Bình, Chi · stake €1.00 · 3 rounds" in text
    assert "An +€3.00 Bình €0.00 Chi -€3.00" in text
    assert session.get_absolute_url() in response.content.decode()


def test_the_session_chart_follows_each_players_money(as_carol, group, session):
    response = as_carol.get(reverse("history_session", args=[group.pk, session.pk]))
    chart = re.search(r"<svg.*?</svg>", response.content.decode(), flags=re.S).group()
    assert chart.count("<polyline") == 3
    assert ">An 3.00</text>" in chart and ">Chi -3.00</text>" in chart
    assert session.get_absolute_url() in response.content.decode()


def test_the_tournament_list_shows_ten_a_page_newest_first(as_carol, group, players, alice):
    for number in range(1, 13):
        worked_tournament(group, players, alice, name=f"Cup {number}")
    first = page_text(as_carol.get(reverse("history_tournaments", args=[group.pk])))
    assert "Cup 12" in first and "Cup 3 " in first and "Cup 2 " not in first
    assert "Page 1 of 2" in first
    second = page_text(as_carol.get(reverse("history_tournaments", args=[group.pk]) + "?page=2"))
    assert "Cup 2 " in second and "Cup 1 " in second and "Cup 3 " not in second
    assert "Page 2 of 2" in second


def test_the_session_list_shows_page_2(as_carol, group, players, alice):
    for number in range(1, 12):
        worked_session(group, players, alice, name=f"Evening {number}")
    second = page_text(as_carol.get(reverse("history_sessions", args=[group.pk]) + "?page=2"))
    assert "Evening 1 " in second and "Evening 2 " not in second
    assert "11 sessions" in second and "Page 2 of 2" in second


def test_a_tournament_and_a_session_without_play_have_no_chart(as_carol, group, players, alice):
    tournament = tournaments.start(group, players[:3], {"preset": "official"}, alice)
    session = services.logs.start(group, players[:3], {"stake": "1.00"}, alice)
    empty = as_carol.get(reverse("history_tournament", args=[group.pk, tournament.pk]))
    assert "No hand played yet." in page_text(empty) and "<svg" not in empty.content.decode()
    quiet = as_carol.get(reverse("history_session", args=[group.pk, session.pk]))
    assert "No round played yet." in page_text(quiet) and "<svg" not in quiet.content.decode()


@pytest.fixture
def namesakes(group):
    names = ["Nguyễn Thị Ánh", "Trần Thị Ánh", "Jörg Müller", "Bình"]
    return [PlayerFactory(group=group, name=name) for name in names]


def test_both_boards_give_short_names_in_seat_order(group, namesakes, alice):
    tournament = worked_tournament(group, namesakes, alice)
    session = worked_session(group, namesakes[1:], alice)
    assert cutthroat_board.load(tournament).short_names == ["Ánh N.", "Ánh T.", "Jörg"]
    # Without her namesake at the table, Trần Thị Ánh is plain Ánh.
    assert catte_board.load(session).short_names == ["Ánh", "Jörg", "Bình"]
    namesakes[2].short_name = "Jö"
    namesakes[2].save()
    assert catte_board.load(session).short_names == ["Ánh", "Jö", "Bình"]


def test_charts_label_each_line_with_the_short_name_and_keep_the_whole_one(
    as_carol, group, namesakes, alice
):
    tournament = worked_tournament(group, namesakes, alice)
    session = worked_session(group, namesakes, alice)
    html = as_carol.get(reverse("history_tournament", args=[group.pk, tournament.pk]))
    chart = re.search(r"<svg.*?</svg>", html.content.decode(), flags=re.S).group()
    assert ">Ánh N. 120</text>" in chart and ">Ánh T. 110</text>" in chart
    assert ">Jörg 180</text>" in chart
    assert "<title>Nguyễn Thị Ánh</title>" in chart and "…" not in chart
    html = as_carol.get(reverse("history_session", args=[group.pk, session.pk]))
    chart = re.search(r"<svg.*?</svg>", html.content.decode(), flags=re.S).group()
    assert ">Ánh N. 3.00</text>" in chart and ">Jörg -3.00</text>" in chart


def test_head_to_head_lists_rivals_alphabetically(as_carol, group, alice):
    names = ["Zung", "Êm", "Đức", "Dũng"]
    seated = [PlayerFactory(group=group, name=name) for name in names]
    worked_session(group, seated, alice)
    worked_session(group, [seated[0], seated[3], seated[1]], alice, name="Later")
    text = page_text(as_carol.get(reverse("player_stats", args=[group.pk, seated[0].pk])))
    assert text.index("Dũng rounds") < text.index("Đức rounds") < text.index("Êm rounds")
