"""A player's name is visible text: every way in (forms, logs, backups) refuses anything else."""

import pytest

from tracker.rules import RulesError
from tracker.rules.names import check_names, name_key, name_problem


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
    from tracker.rules.catte import read_log

    log = {"format": "catte-log/1", "rules": {"stake": "1"}, "players": ["An", "Bình", "Chi"],
           "rounds": [{"tricks": ["An"] * 4}] * 5001}  # fmt: skip
    with pytest.raises(RulesError, match="^rounds: a log holds at most 5,000 rounds$"):
        read_log(log)
