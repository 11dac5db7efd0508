"""Cắt Tê: the house rules and the "catte-log/1" documents of docs/log-format.md.

Everything the rest of the project needs is importable from here; the pieces live in
`catte_cards` (card codes), `catte_settings` (the session's settings), `catte_round` (the shape
of one round: dealer, tricks, survivors) and `catte_play` (scoring, round by round).
"""

from decimal import Decimal

from basics.errors import RulesError
from basics.phrases import Phrase, _
from tracker.catte.rules.cards import card_label, next_card, parse_card
from tracker.catte.rules.play import (
    Round,
    RoundResult,
    SessionResult,
    SessionState,
    Settlement,
    check_players,
    play_session,
    session_result,
)
from tracker.catte.rules.round import (
    asks_about_the_ace,
    eliminated_after_four,
    is_sweep,
    last_one_left,
    may_win_next,
    next_trick,
    round_dealer,
    survivors_after_four,
    sweep_doubles,
    tricks_if_taken_by,
    tricks_in_round,
)
from tracker.catte.rules.settings import (
    Settings,
    describe_settings,
    format_money,
    parse_amount,
    rules_from_settings,
    settings_from_rules,
)
from tracker.catte.rules.snapshot import round_result_from_snapshot, round_result_snapshot
from tracker.rules.log import (
    check_log,
    read_player_and_hand,
    read_players,
    read_round_object,
    read_rounds,
    refuse_unknown_keys,
)

__all__ = [
    "FORMAT",
    "Round",
    "RoundResult",
    "RulesError",
    "SessionResult",
    "SessionState",
    "Settings",
    "Settlement",
    "asks_about_the_ace",
    "card_label",
    "describe_settings",
    "eliminated_after_four",
    "format_money",
    "is_sweep",
    "last_one_left",
    "log_from",
    "may_win_next",
    "next_card",
    "next_trick",
    "parse_card",
    "parse_log",
    "play_session",
    "read_log",
    "replay",
    "replay_log",
    "result_document",
    "round_dealer",
    "round_entry",
    "round_result_from_snapshot",
    "round_result_snapshot",
    "rules_from_settings",
    "session_result",
    "settings_from_rules",
    "survivors_after_four",
    "sweep_doubles",
    "tricks_if_taken_by",
    "tricks_in_round",
]

FORMAT = "catte-log/1"
LOG_KEYS = ("format", "rules", "players", "rounds", "side_pot_in")
ROUND_KEYS = (
    "tricks",
    "auto_win",
    "absent",
    "folds",
    "false_claims",
    "ace_withheld_by",
    "side_pot",
)
NAME_LISTS = ("tricks", "absent", "folds", "false_claims")


def parse_log(doc: dict) -> tuple[list[str], Settings, list[Round], dict[str, Decimal]]:
    """Read a "catte-log/1" document and check it completely, every round against the rules."""
    players, settings, rounds, side_pot_in = read_log(doc)
    play_session(players, settings, rounds, side_pot_in)
    return players, settings, rounds, side_pot_in


def replay(doc: dict) -> tuple[dict, dict[str, Decimal]]:
    """The result document of a log (without `transfers`) and the balances transfers settle."""
    session = play_session(*read_log(doc))
    return result_document(session), session.settlement_balances


def replay_log(doc: dict) -> dict:
    """The result document of docs/log-format.md for a log, without `transfers`."""
    return replay(doc)[0]


def result_document(session: SessionResult) -> dict:
    """A scored session as the log format writes it: amounts with two places, seat order."""

    def amounts(by_player: dict[str, Decimal]) -> dict[str, str]:
        return {name: format_money(amount) for name, amount in by_player.items()}

    return {
        "rounds": [
            {
                "dealer": result.dealer,
                "winner": result.winner,
                "result": result.result,
                "eliminated": list(result.eliminated),
                "net": amounts(result.net),
                "side_pot": format_money(result.side_pot),
                "side_pot_target": result.side_pot_target,
            }
            for result in session.rounds
        ],
        "totals": amounts(session.totals),
        "side_pot": format_money(session.side_pot),
        "side_pot_shares": amounts(session.side_pot_shares),
    }


def log_from(
    players: list[str],
    settings: Settings,
    rounds: list[Round],
    side_pot_in: dict[str, Decimal] | None = None,
) -> dict:
    """An export: the "catte-log/1" document that `parse_log` reads back to the same session."""
    doc = {
        "format": FORMAT,
        "rules": rules_from_settings(settings),
        "players": list(players),
        "rounds": [round_entry(round_) for round_ in rounds],
    }
    if side_pot_in:
        doc["side_pot_in"] = {
            name: format_money(side_pot_in[name]) for name in players if name in side_pot_in
        }
    return doc


def round_entry(round_: Round) -> dict:
    """A round as the log writes it (players by name)."""
    entry: dict[str, object] = {}
    if round_.absent:
        entry["absent"] = list(round_.absent)
    if round_.auto_win is not None:
        entry["auto_win"] = {"player": round_.auto_win[0], "hand": round_.auto_win[1]}
    else:
        entry["tricks"] = list(round_.tricks)
    for key in ("folds", "false_claims"):
        if getattr(round_, key):
            entry[key] = list(getattr(round_, key))
    if round_.ace_withheld_by is not None:
        entry["ace_withheld_by"] = round_.ace_withheld_by
    if round_.side_pot_upturned is not None or round_.side_pot_claimed_by is not None:
        entry["side_pot"] = {
            "upturned": round_.side_pot_upturned,
            "claimed_by": round_.side_pot_claimed_by,
        }
    return entry


def read_log(doc) -> tuple[list[str], Settings, list[Round], dict[str, Decimal]]:
    """The log's structure: allowed keys at every level and the type of every value (the
    rounds are checked against the rules when they are played)."""
    check_log(doc, FORMAT, LOG_KEYS, shown=_shown)
    players = read_players(doc["players"], check_players)
    settings = settings_from_rules(doc["rules"])
    side_pot_in = _read_side_pot_in(doc.get("side_pot_in", {}), players)
    rounds = read_rounds(doc["rounds"], _read_round)
    return players, settings, rounds, side_pot_in


def _read_side_pot_in(side_pot_in, players: list[str]) -> dict[str, Decimal]:
    if not isinstance(side_pot_in, dict):
        raise RulesError(_('side_pot_in: must be an object such as {"An": "0.50"}'))
    for name in side_pot_in:
        if name not in players:
            raise RulesError(_("side_pot_in: %(player)s: not a player of this log"), player=name)
    return {
        name: parse_amount(side_pot_in[name], f"side_pot_in: {name}:")
        for name in players
        if name in side_pot_in
    }


def _read_round(number: int, entry) -> Round:
    where = read_round_object(number, entry, ROUND_KEYS, NAME_LISTS)
    auto_win = read_player_and_hand(
        where,
        entry.get("auto_win", ...),
        _('%(where)s: auto_win must be {"player": name, "hand": "four_aces"}'),
    )
    if "tricks" in entry and "auto_win" in entry:
        raise RulesError(
            _("%(where)s: give either the tricks or an automatic win, not both"), where=where
        )
    withheld = entry.get("ace_withheld_by")
    if withheld is not None and not isinstance(withheld, str):
        raise RulesError(
            _("%(where)s: ace_withheld_by must be a player's name or null"), where=where
        )
    return Round(
        tricks=list(entry.get("tricks", [])),
        auto_win=auto_win,
        absent=list(entry.get("absent", [])),
        folds=list(entry.get("folds", [])),
        false_claims=list(entry.get("false_claims", [])),
        ace_withheld_by=withheld,
        **_read_side_pot(where, entry.get("side_pot", ...)),
    )


def _read_side_pot(where: Phrase, side_pot) -> dict:
    """The round's side pot; nothing when the key is left out (`...`), which null is not."""
    if side_pot is ...:
        return {}
    if not isinstance(side_pot, dict):
        raise RulesError(
            _('%(where)s: side_pot must be {"upturned": card, "claimed_by": name}'), where=where
        )
    in_side_pot = Phrase(_("%(where)s: %(key)s"), where=where, key="side_pot")
    refuse_unknown_keys(side_pot, ("upturned", "claimed_by"), in_side_pot)
    upturned, claimant = side_pot.get("upturned"), side_pot.get("claimed_by")
    if not isinstance(upturned, str):
        raise RulesError(
            _('%(where)s: side pot: the upturned card is missing (such as "7H")'), where=where
        )
    if claimant is not None and not isinstance(claimant, str):
        raise RulesError(
            _("%(where)s: side pot: claimed_by must be a player's name or null"), where=where
        )
    return {"side_pot_upturned": upturned, "side_pot_claimed_by": claimant}


def _shown(value) -> str | Phrase:
    if isinstance(value, str):
        return f'"{value}"'
    return Phrase(_("missing")) if value is None else str(value)
