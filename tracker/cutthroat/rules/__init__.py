"""Cutthroat Spades: the house rules ("Cutthroat Spades") as plain functions.

This is the public interface; the code lives in seven siblings:

- ``cutthroat_settings``: ``Settings``, ``PRESETS``, every value checked (a log's ``rules`` too);
- ``cutthroat_described``: the settings as the log's ``rules`` object and in plain words;
- ``cutthroat_hands``: ``Hand``, the results of hands and games, the scoring of one bid;
- ``cutthroat_play``: the tournament played hand by hand (``TournamentState``);
- ``cutthroat_breakdown``: what made each player's score in a hand, part by part;
- ``cutthroat_log``: the "cutthroat-log/1" format of docs/log-format.md (parse, replay, export);
- ``cutthroat_money``: what decided games and the champion are owed, when played for money.

Typical use::

    settings = settings_from_rules({"preset": "official"}, len(players))
    validate_bids(players, settings, hands, bids)          # step 1 of entering a hand
    result = play_tournament(players, settings, hands + [Hand(bids, tricks, jacks)])
    result.games[-1].hands[-1].totals, result.next_dealer, result.blind_six_allowed
"""

from basics.errors import RulesError
from tracker.cutthroat.rules.breakdown import (
    BAG_COST,
    BAG_OUT,
    BAGS,
    BID,
    JACK,
    JACK_BAG,
    NO_JACKS,
    ScorePart,
    bagged_out,
    hand_breakdown,
)
from tracker.cutthroat.rules.described import describe_settings, preset_name, rules_from_settings
from tracker.cutthroat.rules.hands import (
    MADE,
    OVER,
    SET,
    BidScore,
    GameResult,
    GameSummary,
    Hand,
    HandResult,
    Standings,
    TournamentResult,
    bid_score,
    bidding_order,
    hand_result_from_snapshot,
    hand_result_snapshot,
    jack_effects,
    score_bid,
)
from tracker.cutthroat.rules.log import (
    FORMAT,
    log_from,
    parse_log,
    parse_more,
    replay_log,
    result_document,
)
from tracker.cutthroat.rules.money import CHAMPION, GAME, decided, money_owed, winner_takes
from tracker.cutthroat.rules.play import TournamentState, play_tournament, validate_bids
from tracker.cutthroat.rules.settings import (
    AWARD_JACKS,
    BID_LABELS,
    BIDS,
    JACK_NAMES,
    PRESETS,
    JackAwards,
    Settings,
    bid_label,
    preset_settings,
    settings_from_rules,
    tricks_per_hand,
)

__all__ = [
    "BAG_COST",
    "BAG_OUT",
    "BAGS",
    "BID",
    "JACK",
    "JACK_BAG",
    "NO_JACKS",
    "MADE",
    "OVER",
    "SET",
    "BidScore",
    "ScorePart",
    "bagged_out",
    "bid_score",
    "hand_breakdown",
    "AWARD_JACKS",
    "CHAMPION",
    "GAME",
    "GameSummary",
    "Standings",
    "TournamentState",
    "hand_result_from_snapshot",
    "hand_result_snapshot",
    "decided",
    "money_owed",
    "winner_takes",
    "BID_LABELS",
    "BIDS",
    "FORMAT",
    "JACK_NAMES",
    "PRESETS",
    "GameResult",
    "Hand",
    "HandResult",
    "JackAwards",
    "RulesError",
    "Settings",
    "TournamentResult",
    "bidding_order",
    "bid_label",
    "preset_name",
    "describe_settings",
    "jack_effects",
    "log_from",
    "parse_log",
    "parse_more",
    "play_tournament",
    "preset_settings",
    "replay_log",
    "result_document",
    "rules_from_settings",
    "score_bid",
    "settings_from_rules",
    "tricks_per_hand",
    "validate_bids",
]
