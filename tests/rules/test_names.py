"""A player's name is visible text: every way in (forms, logs, backups) refuses anything else."""

import pytest

from basics.errors import RulesError
from basics.names import SHORT_MAX, check_names, name_key, name_problem, short_names


@pytest.mark.parametrize(
    ("name", "problem"),
    [
        ("\u202eSimon", "a name cannot hold an invisible or control character (U+202E)"),
        ("An\u200b", "a name cannot hold an invisible or control character (U+200B)"),
        ("Chi\nDũng", "a name cannot hold an invisible or control character (U+000A)"),
        (" An", "a name cannot start or end with a space"),
        ("x" * 41, "a name has at most 40 characters, not 41"),
        ("", "a name cannot be empty"),
    ],
)
def test_it_refuses_a_name_that_does_not_show_as_typed(name, problem):
    assert name_problem(name) == problem


def test_vietnamese_and_german_names_are_names():
    assert [name_problem(n) for n in ("Nguyễn Thị Ánh", "Jörg-Änne", "Bình")] == [None] * 3


def test_names_that_differ_only_in_case_or_accent_encoding_are_the_same():
    decomposed = "Nguye\u0302\u0303n"  # ê + tilde as combining marks
    assert name_key(decomposed) == name_key("NGUYỄN")
    with pytest.raises(RulesError, match="^players: ANN: the same name as Ann$"):
        check_names(["Ann", "Bình", "ANN"])


def test_a_refusal_quotes_a_long_bad_name_cut_short():
    with pytest.raises(RulesError) as refused:
        check_names(["\u200b" + "x" * 5000, "An", "Bình"])
    assert len(str(refused.value)) < 200


def test_a_log_of_more_rounds_than_any_evening_is_refused():
    from tracker.catte.rules import read_log

    log = {"format": "catte-log/1", "rules": {"stake": "1"}, "players": ["An", "Bình", "Chi"],
           "rounds": [{"tricks": ["An"] * 4}] * 5001}  # fmt: skip
    with pytest.raises(RulesError, match="^rounds: a log holds at most 5,000 rounds$"):
        read_log(log)


@pytest.mark.parametrize(
    ("name", "short"),
    [
        ("Nguyễn Thị Ánh", "Ánh"),  # Vietnamese: the given name is the last word
        ("Nguyen Van An", "An"),  # the same without accents: a family name comes first
        ("Lê Văn Tám", "Tám"),
        ("Jörg Müller", "Jörg"),  # others: the first word
        ("Ánh Nguyễn", "Ánh"),  # a Vietnamese name written the other way round
        ("Bình", "Bình"),  # one word is itself
        ("Änne-Sophie", "Änne-Sophie"),
        ("Marie-Christine Weber", "M.-Christine"),  # too long: shortened, and it shows
        ("Christophorus", "Christophor."),
    ],
)
def test_a_short_name_is_the_given_name(name, short):
    assert short_names([name]) == [short]


def test_two_players_who_would_look_the_same_get_an_initial_each():
    table = ["Nguyễn Thị Ánh", "Trần Thị Ánh", "Jörg Müller", "Jörg Schmidt", "Bình"]
    assert short_names(table) == ["Ánh N.", "Ánh T.", "Jörg M.", "Jörg S.", "Bình"]


def test_initials_are_added_only_as_far_as_it_takes():
    table = ["Nguyễn Thị Ánh", "Nguyễn Văn Ánh", "Trần Thị Ánh", "Ánh"]
    assert short_names(table) == ["Ánh N.T.", "Ánh N.V.", "Ánh T.", "Ánh"]
    assert short_names(["Christophorus Meier", "Christophorus Maier"]) == ["C. Meier", "C. Maier"]


def test_short_names_are_never_the_same_and_never_longer_than_twelve():
    table = [
        "An",
        "an b",
        "Nguyễn An",
        "Trần Văn An",
        "Trần Vũ An",
        "An Bé",
        "Christophorus Meierhofer",
    ]
    table += ["Christophorus Meierhuber", "Bartholomäus-Maximilian"]
    shorts = short_names(table)
    assert len({name_key(short) for short in shorts}) == len(table)
    assert all(name_problem(short, SHORT_MAX) is None for short in shorts)


def test_a_chosen_short_name_is_kept_and_the_derived_ones_make_way():
    assert short_names(["Nguyễn Thị Ánh", "Lê Ánh"], ["", "Ánh"]) == ["Ánh N.", "Ánh"]
    assert short_names(["Jörg Müller", "Bình"], ["Jö", ""]) == ["Jö", "Bình"]
