"""Score sheet game logs ("sheet-log/1", docs/log-format.md): read, replay and export.

Import the public names from ``tracker.sheets.rules``; this module is one part of it.
"""

from decimal import Decimal

from basics.errors import RulesError
from basics.money import format_money
from basics.phrases import Phrase, _
from tracker.rules.log import (
    check_log,
    names,
    read_player_and_hand,
    read_players,
    read_round_object,
    read_rounds,
)
from tracker.sheets.rules.described import reason
from tracker.sheets.rules.play import SheetResult, check_players, play_sheet
from tracker.sheets.rules.round import Chop, Payment, Round
from tracker.sheets.rules.settings import Settings, rules_from_settings, settings_from_rules

FORMAT = "sheet-log/1"
LOG_KEYS = ("format", "rules", "players", "rounds")
ROUND_KEYS = (
    "absent",
    "points",
    "places",
    "instant_win",
    "frozen",
    "leftovers",
    "chops",
    "payments",
)
NAME_LISTS = ("absent", "places", "frozen")
CHOP_KEYS = ("chopper", "chopped", "what")
PAYMENT_KEYS = ("payer", "payee", "units", "name")


def parse_log(doc) -> tuple[list[str], Settings, list[Round]]:
    """Read a "sheet-log/1" document and check it completely, every round against the rules."""
    players, settings, rounds = read_log(doc)
    play_sheet(players, settings, rounds)
    return players, settings, rounds


def replay(doc) -> tuple[dict, dict[str, Decimal]]:
    """The result document of a log (without `transfers`) and the balances transfers settle."""
    result = play_sheet(*read_log(doc))
    return result_document(result), dict(result.totals)


def replay_log(doc) -> dict:
    """The result document of docs/log-format.md for a log, without `transfers`."""
    return replay(doc)[0]


def result_document(result: SheetResult) -> dict:
    """A scored sheet as the log format writes it: amounts with two places, seat order."""
    players = list(result.totals)
    by_points = result.by_points
    rounds = []
    for played in result.rounds:
        done: dict[str, object] = {
            "playing": list(played.at_table),
            "places": {name: played.places.get(name) for name in players},
        }
        if by_points:
            done["points"] = {name: played.points.get(name) for name in players}
            done["points_totals"] = dict(played.totals)
        done["net"] = {name: format_money(played.net[name]) for name in players}
        done["payments"] = [
            {
                "from": line.payer,
                "to": line.payee,
                "units": line.units,
                "amount": format_money(line.amount),
                "for": line.kind,
                "why": _english(reason(line)),
            }
            for line in played.lines
        ]
        rounds.append(done)
    document: dict[str, object] = {"rounds": rounds}
    document["totals"] = {name: format_money(amount) for name, amount in result.totals.items()}
    if by_points:
        document["points_totals"] = dict(result.points)
    return document


def _english(why: Phrase | str) -> str:
    return why.english() if isinstance(why, Phrase) else why


def log_from(players: list[str], settings: Settings, rounds: list[Round]) -> dict:
    """An export: the "sheet-log/1" document that `parse_log` reads back to the same sheet."""
    return {
        "format": FORMAT,
        "rules": rules_from_settings(settings),
        "players": list(players),
        "rounds": [round_entry(round_) for round_ in rounds],
    }


def round_entry(round_: Round) -> dict:
    """A round as the log writes it (players by name), empty entries left out."""
    entry: dict[str, object] = {}
    for key in ("absent", "places", "frozen"):
        if getattr(round_, key):
            entry[key] = list(getattr(round_, key))
    if round_.points:
        entry["points"] = dict(round_.points)
    if round_.instant_win is not None:
        entry["instant_win"] = {"player": round_.instant_win[0], "hand": round_.instant_win[1]}
    if round_.leftovers:
        entry["leftovers"] = {name: list(held) for name, held in round_.leftovers.items()}
    if round_.chops:
        entry["chops"] = [[chop._asdict() for chop in chain] for chain in round_.chops]
    if round_.payments:
        entry["payments"] = [payment._asdict() for payment in round_.payments]
    return entry


def read_log(doc) -> tuple[list[str], Settings, list[Round]]:
    """The log's structure: allowed keys at every level and the type of every value (the
    rounds are checked against the rules when they are played)."""
    check_log(doc, FORMAT, LOG_KEYS)
    players = read_players(doc["players"], check_players)
    settings = settings_from_rules(doc["rules"])
    rounds = read_rounds(doc["rounds"], _read_round)
    return players, settings, rounds


def _read_round(number: int, entry) -> Round:
    where = read_round_object(number, entry, ROUND_KEYS, NAME_LISTS)
    points = entry.get("points", {})
    if not isinstance(points, dict):
        raise RulesError(
            _('%(where)s: %(key)s must be an object such as {"An": 12}'), where=where, key="points"
        )
    return Round(
        absent=list(entry.get("absent", [])),
        points=dict(points),
        places=list(entry.get("places", [])),
        instant_win=read_player_and_hand(
            where,
            entry.get("instant_win", ...),
            _('%(where)s: instant_win must be {"player": name, "hand": "dragon"}'),
        ),
        frozen=list(entry.get("frozen", [])),
        leftovers=_read_leftovers(where, entry.get("leftovers", {})),
        chops=_read_chops(where, entry.get("chops", [])),
        payments=_read_payments(where, entry.get("payments", [])),
    )


def _read_leftovers(where: Phrase, leftovers) -> dict[str, list[str]]:
    if not isinstance(leftovers, dict) or not all(map(names, leftovers.values())):
        raise RulesError(
            _('%(where)s: %(key)s must be an object such as {"Dũng": ["red_two"]}'),
            where=where,
            key="leftovers",
        )
    return {name: list(held) for name, held in leftovers.items()}


def _read_chops(where: Phrase, chops) -> list[list[Chop]]:
    if not isinstance(chops, list) or not all(isinstance(chain, list) for chain in chops):
        raise RulesError(
            _("%(where)s: %(key)s must be a list of chains, each a list of chops"),
            where=where,
            key="chops",
        )
    return [
        [Chop(**_read_object(where, "chops", link, CHOP_KEYS)) for link in chain] for chain in chops
    ]


def _read_payments(where: Phrase, payments) -> list[Payment]:
    if not isinstance(payments, list):
        raise RulesError(
            _("%(where)s: %(key)s must be a list of payments"), where=where, key="payments"
        )
    return [
        Payment(**_read_object(where, "payments", payment, PAYMENT_KEYS)) for payment in payments
    ]


def _read_object(where: Phrase, key: str, value, keys: tuple[str, ...]) -> dict:
    """One chop or payment: an object with exactly `keys`, text but for a payment's units."""
    shape = ", ".join(f'"{name}"' for name in keys)
    if not isinstance(value, dict) or set(value) != set(keys):
        raise RulesError(
            _("%(where)s: each of %(key)s is an object with %(keys)s"),
            where=where,
            key=key,
            keys=shape,
        )
    for name in keys:
        wanted = int if name == "units" else str
        if not isinstance(value[name], wanted) or isinstance(value[name], bool):
            raise RulesError(
                _("%(where)s: %(key)s: %(name)s must be %(kind)s"),
                where=where,
                key=key,
                name=name,
                kind=Phrase(_("a whole number")) if wanted is int else Phrase(_("text")),
            )
    return {name: value[name] for name in keys}
