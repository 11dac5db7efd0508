"""A player's record, counted from the rules' replays: no database, numbers worked by hand."""

from dataclasses import dataclass
from decimal import Decimal

from tracker.catte import rules as catte
from tracker.catte.rules import records as catte_records
from tracker.cutthroat import rules as cutthroat
from tracker.cutthroat.rules import records as cutthroat_records
from tracker.rules import records

NAMES = ["An", "Bình", "Chi"]


@dataclass
class Replay:  # what stats reads of a Scoreboard or a SessionBoard
    names: list
    settings: object
    result: object


def tournament(rules: dict, hands: list) -> Replay:
    settings = cutthroat.settings_from_rules(rules, len(NAMES))
    played = [
        cutthroat.Hand(
            bids=dict(zip(NAMES, bids, strict=True)),
            tricks=dict(zip(NAMES, tricks, strict=True)),
            jacks={card: NAMES[seat] for card, seat in jacks.items()},
        )
        for bids, tricks, jacks in hands
    ]
    return Replay(NAMES, settings, cutthroat.play_tournament(NAMES, settings, played))


def session(rounds: list[list[str]], names=NAMES) -> Replay:
    settings = catte.settings_from_rules({"stake": "1.00"})
    played = [catte.Round(tricks=tricks) for tricks in rounds]
    return Replay(names, settings, catte.play_session(names, settings, played))


def test_a_bag_out_counts_when_the_limit_is_reached():
    # Limit 3: An bids 3 and takes 5 (2 bags), then bids 3 and takes 4: 3 bags, -30.
    rules = {"preset": "official", "target": 1000, "bags": {"mode": "limit", "limit": 3}}
    replay = tournament(
        rules,
        [([3, 5, 5], [5, 6, 6], {"JD": 1, "JC": 2}), ([3, 5, 6], [4, 6, 7], {"JD": 1, "JC": 2})],
    )
    assert replay.result.games[0].hands[1].bag_penalty["An"] == 30
    record = cutthroat_records.player_record("An", [replay])
    assert (record.bag_outs, record.bags, record.hands) == (1, 3, 2)
    assert record.bags_per_hand == Decimal("1.50")


def test_per_hand_bags_are_never_bag_outs():
    rules = {"preset": "300-per-bag", "target": 1000}
    replay = tournament(rules, [([3, 5, 5], [5, 6, 6], {"JD": 1, "JC": 2})])
    assert replay.result.games[0].hands[0].bag_penalty["An"] == 20
    assert cutthroat_records.player_record("An", [replay]).bag_outs == 0


def test_blind_nil_and_a_set_bid_are_counted_apart():
    # An: Blind Nil made (0 tricks); Bình: 6 set (5 tricks); Chi: 10 made (12 tricks).
    replay = tournament(
        {"preset": "official", "target": 1000}, [(["BN", 6, 10], [0, 5, 12], {"JD": 1, "JC": 2})]
    )
    an, binh = (
        cutthroat_records.player_record("An", [replay]),
        cutthroat_records.player_record("Bình", [replay]),
    )
    assert (an.blind_nil_made, an.blind_nil_tried, an.bids_made, an.bids_set) == (1, 1, 0, 0)
    assert (binh.bids_made, binh.bids_set) == (0, 1)


def test_a_game_in_play_is_no_game_played():
    replay = tournament(
        {"preset": "official", "target": 1000}, [([5, 5, 5], [5, 5, 7], {"JD": 0, "JC": 1})]
    )
    record = cutthroat_records.player_record("An", [replay])
    assert (record.games_played, record.games_won, record.win_rate, record.hands) == (0, 0, None, 1)


def test_a_player_who_did_not_sit_counts_nothing():
    replay = session([["An"] * 4])
    assert catte_records.player_record("Dũng", [replay]) == catte_records.PlayerRecord()
    assert catte_records.rivalries("Dũng", [replay]) == []


def test_catte_money_adds_the_session_totals():
    # Session 1: An sweeps twice (+4); session 2: Bình sweeps (An -1).
    record = catte_records.player_record("An", [session([["An"] * 4] * 2), session([["Bình"] * 4])])
    assert (record.sessions, record.rounds_played, record.rounds_won) == (2, 3, 2)
    assert record.net == Decimal("3.00")


def test_head_to_head_counts_only_rounds_both_sat_at():
    four = ["An", "Bình", "Chi", "Dũng"]
    replay = session([["Dũng"] * 4, ["Dũng"] * 4], names=four)
    rows = {row.rival: row for row in catte_records.rivalries("An", [replay])}
    assert (rows["Dũng"].rounds, rows["Dũng"].rounds_won, rows["Dũng"].rival_rounds_won) == (
        2,
        0,
        2,
    )
    assert list(rows) == ["Bình", "Chi", "Dũng"]


def test_ratios_round_half_up():
    assert records.ratio(7, 4) == Decimal("1.75")
    assert records.ratio(1, 8) == Decimal("0.13")
    assert records.percent(2, 3) == 67
    assert records.percent(1, 0) is None
