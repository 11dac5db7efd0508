"""Names sort as the players read them: the Vietnamese alphabet, tones in dictionary order, and
German umlauts and ß as DIN 5007-1 has them."""

import random

import pytest

from basics.collation import sort_key


def in_order(names: list[str]) -> list[str]:
    shuffled = list(names)
    random.Random(7).shuffle(shuffled)
    return sorted(shuffled, key=sort_key)


@pytest.mark.parametrize(
    "names",
    [
        ["Bình", "Dũng", "Đức", "Êm"],  # đ is a letter after d, ê one after e
        ["An", "Ăn", "Ân", "Bé"],  # a ă â
        ["On", "Ôn", "Ơn"],  # o ô ơ
        ["Ung", "Ưng", "Văn"],  # u ư
        ["Nguyễn", "Nhung"],  # g before h
        ["Hà", "Hải", "Hân", "Hiền"],  # letters first: "ha" < "hai" < "han"
        ["Yến", "Zoe"],  # the Latin letters Vietnamese lacks keep their places
    ],
)
def test_vietnamese_letters_sort_in_the_vietnamese_alphabet(names):
    assert in_order(names) == names


def test_tones_follow_the_dictionary_order_ngang_huyen_hoi_nga_sac_nang():
    tones = ["Ba", "Bà", "Bả", "Bã", "Bá", "Bạ"]
    assert in_order(tones) == tones


def test_a_tone_counts_only_between_words_of_the_same_letters():
    assert in_order(["Bạn", "Bác", "Bàn"]) == ["Bác", "Bàn", "Bạn"]
    assert in_order(["Ánh", "Anh", "Bảo", "Ảnh", "Anh Tuấn"]) == [
        "Anh",
        "Anh Tuấn",  # names go word by word: "anh" before "ánh"
        "Ảnh",
        "Ánh",
        "Bảo",
    ]


def test_anh_is_followed_by_anh_with_an_acute():
    assert in_order(["Ánh", "Bình", "An", "Anh", "Chi"]) == ["An", "Anh", "Ánh", "Bình", "Chi"]


def test_german_umlauts_and_sharp_s_sort_as_din_5007_1():
    # ü sorts as u, right after the plain spelling; "ue" is two letters, so Mueller comes first.
    assert in_order(["Müller", "Mueller", "Muller", "Mumm"]) == [
        "Mueller",
        "Muller",
        "Müller",
        "Mumm",
    ]
    assert in_order(["Straße", "Strasser", "Strasse", "Strauß"]) == [
        "Strasse",
        "Straße",
        "Strasser",
        "Strauß",
    ]
    assert in_order(["Özil", "Otto", "Oz", "Änne", "Anna", "Bär"]) == [
        "Anna",
        "Änne",
        "Bär",
        "Otto",
        "Oz",
        "Özil",
    ]


def test_case_and_accent_encoding_do_not_count():
    assert sort_key("nguyễn")[0] == sort_key("NGUYỄN")[0]
    assert sort_key("Nguye\u0302\u0303n")[0] == sort_key("Nguyễn")[0]
    assert in_order(["bình", "An", "Chi"]) == ["An", "bình", "Chi"]


def test_whole_names_compare_word_by_word_from_the_left():
    names = ["Lê Văn Tám", "Lê Thị Hoa", "Nguyễn Văn An", "Nguyễn Thị Ánh", "Jörg Müller"]
    assert in_order(names) == [
        "Jörg Müller",
        "Lê Thị Hoa",
        "Lê Văn Tám",
        "Nguyễn Thị Ánh",
        "Nguyễn Văn An",
    ]
    assert in_order(["Änne-Sophie", "Änne", "Änne Sophie"])[0] == "Änne"


def test_numbers_in_names_compare_as_numbers():
    assert in_order(["Bàn 10", "Bàn 2", "Bàn"]) == ["Bàn", "Bàn 2", "Bàn 10"]
