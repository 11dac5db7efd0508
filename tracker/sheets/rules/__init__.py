"""The score sheet: any other game a table plays, with money (the house rules, "Score sheet"),
and its Tiến lên, Hearts and points presets, as plain functions.

This is the public interface; the code lives in six siblings:

- ``settings``: ``Settings`` and ``TienLen``, every value checked, a log's ``rules`` too;
- ``described``: the settings and a round's payments in plain words;
- ``round``: ``Round`` as entered (``Chop``, ``Payment``) and a scored round's ``Line``;
- ``tien_len``: a Tiến lên round: instant win, frozen, leftovers, chains of chops;
- ``play``: the sheet played round by round (``SheetState``);
- ``log``: the "sheet-log/1" format of docs/log-format.md (read, replay, export).

Typical use::

    settings = settings_from_rules({"stake": "10000", "preset": "tien_len"})
    state = SheetState(players)
    result = state.play(settings, Round(places=["An", "Bình", "Chi", "Dũng"]))
    result.net, result.words(money=amount_text), state.snapshot()
"""

from basics.errors import RulesError
from basics.money import format_money, parse_amount
from tracker.sheets.rules.described import (
    CARD_NAMES,
    HAND_NAMES,
    PRESET_NAMES,
    describe_settings,
    line_words,
    reason,
)
from tracker.sheets.rules.log import (
    FORMAT,
    log_from,
    parse_log,
    read_log,
    replay,
    replay_log,
    result_document,
    round_entry,
)
from tracker.sheets.rules.play import (
    MOST_POINTS,
    RoundResult,
    SheetResult,
    SheetState,
    check_players,
    play_sheet,
    round_result_from_snapshot,
    round_result_snapshot,
    sheet_result,
)
from tracker.sheets.rules.round import (
    CHOP,
    FROZEN,
    INSTANT_WIN,
    LEFTOVERS,
    LINE,
    PLACES,
    POINTS,
    Chop,
    Line,
    Payment,
    Round,
    place_name,
)
from tracker.sheets.rules.settings import (
    DEFAULT_PAYOUTS,
    MOST_UNITS,
    PRESETS,
    Settings,
    SheetLine,
    TienLen,
    rules_from_settings,
    settings_from_rules,
)
from tracker.sheets.rules.tien_len import (
    BOMBS,
    CHOPPED_KINDS,
    INSTANT_WIN_HANDS,
    LEFTOVER_KINDS,
    chop_units,
    leftover_units,
)

__all__ = [
    "BOMBS",
    "CARD_NAMES",
    "CHOP",
    "CHOPPED_KINDS",
    "DEFAULT_PAYOUTS",
    "FORMAT",
    "FROZEN",
    "HAND_NAMES",
    "INSTANT_WIN",
    "INSTANT_WIN_HANDS",
    "LEFTOVERS",
    "LEFTOVER_KINDS",
    "LINE",
    "MOST_POINTS",
    "MOST_UNITS",
    "PLACES",
    "POINTS",
    "PRESETS",
    "PRESET_NAMES",
    "Chop",
    "Line",
    "Payment",
    "Round",
    "RoundResult",
    "RulesError",
    "Settings",
    "SheetLine",
    "SheetResult",
    "SheetState",
    "TienLen",
    "check_players",
    "chop_units",
    "describe_settings",
    "format_money",
    "leftover_units",
    "line_words",
    "log_from",
    "parse_amount",
    "parse_log",
    "place_name",
    "play_sheet",
    "read_log",
    "reason",
    "replay",
    "replay_log",
    "result_document",
    "round_entry",
    "round_result_from_snapshot",
    "round_result_snapshot",
    "rules_from_settings",
    "settings_from_rules",
    "sheet_result",
]
