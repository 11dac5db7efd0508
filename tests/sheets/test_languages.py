"""A score sheet in the table's language: the Vietnamese words of Tiến lên on its page (nhất,
nhì, ba, bét, chặt, chặt chồng, thối, cóng, tới trắng) and the German ones, money as each
language writes it."""

import pytest

from tests.factories import fresh
from tests.tracker.test_history_views import page_text
from tracker.sheets import rules as sheet
from tracker.sheets import services
from tracker.sheets.board import load

WORKED = sheet.Round(
    places=["An", "Bình", "Chi", "Dũng"],
    leftovers={"Dũng": ["red_two", "black_two"]},
    chops=[[sheet.Chop("Chi", "Dũng", "black_two"), sheet.Chop("Bình", "Chi", "three_pairs")]],
)


@pytest.fixture
def evening(group, players, bob):
    group.currency = "VND"
    group.save()
    sheet_row = services.start(group, players, {"stake": "10000", "preset": "tien_len"}, bob)
    services.record_round(load(sheet_row), WORKED, bob)
    services.record_round(
        load(fresh(sheet_row)),
        sheet.Round(places=["Chi", "An", "Bình", "Dũng"], frozen=["Dũng"]),
        bob,
    )
    services.record_round(load(fresh(sheet_row)), sheet.Round(instant_win=("Bình", "dragon")), bob)
    return fresh(sheet_row)


def test_the_sheet_speaks_the_vietnamese_words_of_tien_len(as_bob, evening):
    text = page_text(as_bob.get(evening.get_absolute_url(), headers={"Accept-Language": "vi"}))
    assert "nhất An · nhì Bình · ba Chi · bét Dũng" in text
    assert "Dũng → An 30.000 ₫ (thối: một con 2 đỏ, một con 2 đen)" in text
    assert "Chi → Bình 40.000 ₫ (chặt chồng: ba đôi thông chặt một con 2 đen)" in text
    assert "Dũng → Chi 40.000 ₫ (cóng)" in text and "Bình tới trắng:" in text
    assert "Lưu ván" in text and "Chặt" in text and "Thối" in text and "Tới trắng" in text


def test_the_sheet_speaks_german(as_bob, evening):
    text = page_text(as_bob.get(evening.get_absolute_url(), headers={"Accept-Language": "de"}))
    assert "Platz 1 An · Platz 2 Bình · Platz 3 Chi · letzter Platz Dũng" in text
    assert "Schlag (chặt)" in text and "Runde speichern" in text
