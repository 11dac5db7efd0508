"""Cutthroat Spades game logs ("cutthroat-log/1", docs/log-format.md): replay, parse, export."""

import copy
import json
import re
from pathlib import Path

import pytest

from basics.errors import RulesError
from tracker.cutthroat.rules import (
    Hand,
    Settings,
    log_from,
    parse_log,
    play_tournament,
    replay_log,
)

ROOT = Path(__file__).resolve().parents[3]
EXAMPLES = ROOT / "examples"
SHARED_CASES = ROOT.parent / "shared" / "cases"  # replayed as well when it is beside the project
CASE_LOGS = [
    path
    for folder in (EXAMPLES, SHARED_CASES)
    for path in sorted(folder.glob("cutthroat-*.json"))
    if ".expected" not in path.name
]
HAND_FIELDS = ["dealer", "score", "bag_penalty", "bags", "totals"]


def refused(message):
    return pytest.raises(RulesError, match=f"^{re.escape(message)}$")


def case_id(path):
    return f"{path.parent.name}/{path.stem}"


def read(path):
    return json.loads(path.read_text(encoding="utf-8"))


def load(name):
    return read(EXAMPLES / f"{name}.json")


def expected(name):
    return read(EXAMPLES / f"{name}.expected.json")


def log(*games, rules=None, players=("An", "Bình", "Chi")):
    """A log of 3 players; each game is a list of (bids, tricks) with no award jacks."""
    return {
        "format": "cutthroat-log/1",
        "rules": rules if rules is not None else {"award_jacks": {}},
        "players": list(players),
        "games": [
            {
                "hands": [
                    {
                        "bids": dict(zip(players, b, strict=True)),
                        "tricks": dict(zip(players, t, strict=True)),
                    }
                    for b, t in game
                ]
            }
            for game in games
        ],
    }


WIN = ((10, 3, 4), (10, 3, 4))  # An +100
PLAIN = ((4, 5, 6), (4, 5, 8))  # An +40, Bình +50, Chi +60
TO_100 = {"target": 100, "wins_needed": 2, "award_jacks": {}}


def test_the_three_cutthroat_cases_are_there():
    assert {path.name for path in EXAMPLES.glob("cutthroat-*.json")} >= {
        "cutthroat-bags-and-jacks.json", "cutthroat-bags-and-jacks.expected.json",
        "cutthroat-bids.json", "cutthroat-bids.expected.json",
        "cutthroat-tournament.json", "cutthroat-tournament.expected.json",
    }  # fmt: skip


@pytest.mark.parametrize("case", CASE_LOGS, ids=case_id)
def test_replaying_a_case_gives_every_field_of_its_expected_result(case):
    got, want = replay_log(read(case)), read(case.with_suffix(".expected.json"))
    assert len(got["games"]) == len(want["games"])
    for got_game, want_game in zip(got["games"], want["games"], strict=True):
        assert got_game["winner"] == want_game["winner"]
        for got_hand, want_hand in zip(got_game["hands"], want_game["hands"], strict=True):
            assert {f: got_hand[f] for f in HAND_FIELDS} == {f: want_hand[f] for f in HAND_FIELDS}
    assert (got["wins"], got["champion"]) == (want["wins"], want["champion"])
    assert json.dumps(got, ensure_ascii=False) == json.dumps(want, ensure_ascii=False)  # key order


@pytest.mark.parametrize("case", CASE_LOGS, ids=case_id)
def test_exporting_a_parsed_case_gives_back_the_same_log(case):
    players, settings, hands, _ = parse_log(read(case))
    exported = log_from(players, settings, hands, play_tournament(players, settings, hands))
    assert exported == read(case)


def test_parse_log_returns_players_settings_hands_and_hands_per_game():
    players, settings, hands, counts = parse_log(load("cutthroat-tournament"))
    assert (players, counts, len(hands)) == (["Ana", "Ben", "Cem"], [3, 1], 4)
    assert (settings.preset, settings.target, settings.wins_needed) == ("300-per-bag", 100, 2)
    assert hands[3] == Hand(
        {"Ana": "2F", "Ben": 3, "Cem": 7},
        {"Ana": 2, "Ben": 3, "Cem": 12},
        {"JD": "Cem", "JC": "Ana"},
    )


def test_a_log_without_rules_plays_the_official_preset():
    doc = load("cutthroat-bids")
    del doc["rules"]
    assert replay_log(doc) == expected("cutthroat-bids")


def test_a_log_with_no_games_has_an_empty_result():
    assert replay_log(log()) == {
        "games": [],
        "wins": {"An": 0, "Bình": 0, "Chi": 0},
        "champion": None,
    }


def test_jacks_may_be_left_out_when_no_award_jacks_are_in_force():
    assert replay_log(log([PLAIN]))["games"][0]["hands"][0]["score"]["Chi"] == 60


def test_a_log_of_a_finished_tournament_names_the_champion():
    result = replay_log(log([WIN], [WIN], rules=TO_100))
    assert (result["wins"], result["champion"]) == ({"An": 2, "Bình": 0, "Chi": 0}, "An")
    assert [g["winner"] for g in result["games"]] == ["An", "An"]


def first_hand(doc):
    return doc["games"][0]["hands"][0]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda d: d.update(format="cutthroat-log/2"),
            """format: must be "cutthroat-log/1", not 'cutthroat-log/2'""",
        ),
        (lambda d: d.pop("format"), 'format: must be "cutthroat-log/1", not None'),
        (lambda d: d.update(title="Friday"), 'log: unknown key "title"'),
        (lambda d: d.pop("players"), 'log: "players" is missing'),
        (lambda d: d.pop("games"), 'log: "games" is missing'),
        (
            lambda d: d.update(players=["An", "Bình"]),
            "players: Cutthroat takes 3 to 5 players, not 2",
        ),
        (lambda d: d.update(players=["An", "An", "Chi"]), "players: An: listed twice"),
        (lambda d: d["rules"].update(foo=1), 'rules: unknown setting "foo"'),
        (lambda d: d.update(games={}), "games: must be a list of games"),
        (lambda d: d.update(games=[[]]), 'game 1: must be an object with "hands"'),
        (lambda d: d["games"][0].update(note="x"), 'game 1: unknown key "note"'),
        (
            lambda d: d["games"][0].update(hands=[]),
            "game 1: a game needs a non-empty list of hands",
        ),
        (
            lambda d: d["games"][0]["hands"].append(4),
            'game 1 hand 3: must be an object with "bids", "tricks" and "jacks"',
        ),
        (lambda d: first_hand(d).update(score={}), 'game 1 hand 1: unknown key "score"'),
        (lambda d: first_hand(d).pop("tricks"), 'game 1 hand 1: "tricks" is missing'),
        (lambda d: first_hand(d).update(bids=[4, 5, 6]), 'game 1 hand 1: "bids" must be an object'),
        (
            lambda d: first_hand(d)["bids"].update(Chi=0),
            "game 1 hand 1: Chi: 0 is not a bid (a bid is 1 to 17, NIL, BN, 1F, 2F, B6 or SM)",
        ),
    ],
)
def test_a_malformed_log_is_refused(change, message):
    doc = log([PLAIN, PLAIN])
    change(doc)
    with refused(message):
        replay_log(doc)


def test_a_log_must_be_an_object():
    with refused("log: must be a JSON object"):
        parse_log([])


def test_jacks_must_be_given_when_award_jacks_are_in_force():
    doc = load("cutthroat-bids")
    del doc["games"][0]["hands"][2]["jacks"]
    with refused('game 1 hand 3: "jacks" is missing'):
        parse_log(doc)


def test_a_won_game_must_end_with_the_hand_that_won_it():
    with refused("game 1 hand 2: An won this game in hand 1, so the game must end there"):
        parse_log(log([WIN, PLAIN], rules=TO_100))


def test_only_the_last_game_may_be_unfinished():
    message = (
        "game 1: no one has won it after hand 1, but game 2 follows "
        "(only the last game may be unfinished)"
    )
    with refused(message):
        parse_log(log([PLAIN], [WIN], rules=TO_100))


def test_no_game_may_follow_the_one_that_decided_the_tournament():
    with refused("game 3: the tournament was already won by An in game 2; no game may follow"):
        parse_log(log([WIN], [WIN], [PLAIN], rules=TO_100))


def test_errors_in_a_later_game_name_that_game_and_its_hand():
    doc = log([WIN], [PLAIN, PLAIN], rules=TO_100)
    doc["games"][1]["hands"][1]["tricks"]["An"] = 5
    with refused("game 2 hand 2: tricks add up to 18, not 17"):
        parse_log(doc)


def test_an_ineligible_blind_six_in_a_log_is_refused():
    doc = log([PLAIN, ((4, 5, "B6"), (4, 5, 8))])
    with refused("game 1 hand 2: Chi: Blind 6 is not allowed: Chi is the leader"):
        parse_log(doc)


def test_replay_does_not_change_the_log():
    doc = load("cutthroat-bags-and-jacks")
    before = copy.deepcopy(doc)
    replay_log(doc)
    assert doc == before


def test_log_from_plays_the_hands_when_no_result_is_given():
    players, settings, hands, _ = parse_log(load("cutthroat-tournament"))
    assert log_from(players, settings, hands) == load("cutthroat-tournament")


def test_log_from_refuses_a_result_of_other_hands():
    settings = Settings(award_jacks={})
    hands = [Hand({"An": 4, "Bình": 5, "Chi": 6}, {"An": 4, "Bình": 5, "Chi": 8})]
    result = play_tournament(["An", "Bình", "Chi"], settings, hands)
    with refused("log: the result was not played from these hands"):
        log_from(["An", "Bình", "Chi"], settings, hands * 2, result)


def test_log_from_writes_bids_and_tricks_in_seat_order():
    settings = Settings(award_jacks={})
    hands = [Hand({"Chi": 6, "An": 4, "Bình": 5}, {"Bình": 5, "Chi": 8, "An": 4})]
    exported = log_from(["An", "Bình", "Chi"], settings, hands)
    assert list(exported["games"][0]["hands"][0]["bids"]) == ["An", "Bình", "Chi"]
    assert list(exported["games"][0]["hands"][0]["tricks"]) == ["An", "Bình", "Chi"]
