"""A hand that bags out says why its score is what it is: in its row, in the message after the
save and on the table view."""

import re

import pytest
from django.urls import reverse
from django.utils import translation

from tests.factories import fresh
from tracker.cutthroat import notices
from tracker.cutthroat import services as tournaments

# An holds 2 bags after hand 1, then bids 1 and takes 9: 8 more make 10, a bag-out (-100);
# he caught J♦ (+10): 10 - 100 + 10 = -80.
HANDS = [
    ({"An": 1, "Bình": 5, "Chi": 5}, {"An": 3, "Bình": 7, "Chi": 7}, {"JD": "Bình", "JC": "Chi"}),
    ({"An": 1, "Bình": 4, "Chi": 4}, {"An": 9, "Bình": 4, "Chi": 4}, {"JD": "An", "JC": "Bình"}),
]


@pytest.fixture
def tournament(group, players, bob):
    tournament = tournaments.start(group, players[:3], {"preset": "official"}, bob)
    for number, (bids, tricks, jacks) in enumerate(HANDS, start=1):
        tournaments.record_bids(tournaments.load(fresh(tournament)), bids, bob)
        tournaments.record_tricks(tournaments.load(fresh(tournament)), number, tricks, jacks, bob)
    return fresh(tournament)


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def hands_table(response) -> str:
    return text_of(
        re.search(r'<table class="history-table">.*?</table>', response.content.decode(), re.S)[0]
    )


def test_the_saved_message_says_each_score_and_what_made_it(tournament):
    board = tournaments.load(tournament)
    message = notices.hand_saved(board, tournament.hands.get(number=2))
    assert message == (
        "Game 1 · hand 2 saved: An -80 (1/9 made +10, 8 bags, bag-out -100, J♦ +10)"
        " · Bình +50 (4/4 made +40, J♣ +10) · Chi +40 (4/4 made +40)."
    )


def test_the_hands_row_shows_the_bag_out_and_the_jack(as_carol, group, tournament):
    page = as_carol.get(reverse("tournament", args=[group.pk, tournament.pk]))
    row = hands_table(page)
    assert "1/9 -80 made +10 8 bags bag-out -100 J♦ +10" in row
    assert "4/4 +40 " in row and "4/4 +40 made" not in row  # Chi: only his bid counted


def test_the_table_view_shows_what_made_the_last_hands_scores(as_carol, group, tournament):
    page = as_carol.get(reverse("tournament_table", args=[group.pk, tournament.pk]))
    shown = text_of(page.content.decode())
    assert "made +10 · 8 bags · bag-out -100 · J♦ +10" in shown
    assert "made +40 · J♣ +10" in shown


def test_the_message_reads_in_vietnamese(tournament):
    board = tournaments.load(tournament)
    with translation.override("vi"):
        message = notices.hand_saved(board, tournament.hands.get(number=2))
    assert "An -80 (1/9 đạt +10, 8 nước dư, phạt nước dư -100, J♦ +10)" in message


def test_a_vietnamese_page_speaks_the_glossarys_words(as_carol, group, tournament):
    url = reverse("tournament", args=[group.pk, tournament.pk])
    page = text_of(as_carol.get(url, headers={"Accept-Language": "vi"}).content.decode())
    assert "Nước dư (nước ăn quá số đã gọi): khi đạt 10 nước dư, bị trừ 10 điểm cho mỗi" in page
    assert "Mức gọi: Nil = không ăn nước nào (+100); Blind Nil (BN) = Nil gọi" in page
    assert "Bắn trăng: 14 nước" in page
    assert "đạt +10 8 nước dư phạt nước dư -100 J♦ +10" in page
    assert not re.search(r"\b(bags?|Moon|Shoot)\b", page)
