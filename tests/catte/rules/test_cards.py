import pytest

from basics.errors import RulesError
from tracker.catte.rules import card_label, next_card, parse_card


def test_a_card_code_is_a_rank_and_a_suit():
    assert parse_card("7H") == ("7", "H")
    assert parse_card("10D") == ("10", "D")
    assert parse_card("AS") == ("A", "S")


def test_ten_may_be_written_t():
    assert parse_card("TC") == ("10", "C")


@pytest.mark.parametrize("code", ["", "H", "1H", "11S", "7X", "7h", "JOKER", "0D", None, 7])
def test_anything_else_is_not_a_card(code):
    with pytest.raises(RulesError, match="is not a card code such as"):
        parse_card(code)


def test_the_next_card_is_the_next_rank_of_the_same_suit():
    assert next_card("7H") == "8H"
    assert next_card("9S") == "10S"
    assert next_card("10D") == "JD"
    assert next_card("TC") == "JC"
    assert next_card("KD") == "AD"


def test_the_ace_wraps_round_to_the_two():
    assert next_card("AS") == "2S"


def test_a_card_is_shown_with_its_suit_sign():
    assert card_label("8H") == "8♥"
    assert card_label("TC") == "10♣"
    assert card_label("AS") == "A♠"
    assert card_label("QD") == "Q♦"
