"""Score sheet game logs ("sheet-log/1", docs/log-format.md): read, replay and export.

Import the public names from ``tracker.sheets.rules``; this module is one part of it.
"""

from decimal import Decimal

from basics.errors import RulesError
from basics.money import format_money
from basics.phrases import Phrase, _
from tracker.rules import MOST_ENTRIES
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
    if not isinstance(doc, dict):
        raise RulesError(_("log: must be a JSON object"))
    _refuse_unknown_keys(doc, LOG_KEYS, "log")
    if doc.get("format") != FORMAT:
        raise RulesError(
            _('format: must be "%(format)s", not %(value)s'),
            format=FORMAT,
            value=repr(doc.get("format")),
        )
    for key in ("rules", "players", "rounds"):
        if key not in doc:
            raise RulesError(_("log: %(key)s is missing"), key=key)
    if not isinstance(doc["players"], list):
        raise RulesError(_("players: must be a list of names in seat order"))
    check_players(doc["players"])
    settings = settings_from_rules(doc["rules"])
    if not isinstance(doc["rounds"], list):
        raise RulesError(_("rounds: must be a list of rounds"))
    if len(doc["rounds"]) > MOST_ENTRIES:
        raise RulesError(_("rounds: a log holds at most %(most)s rounds"), most=f"{MOST_ENTRIES:,}")
    rounds = [_read_round(number, entry) for number, entry in enumerate(doc["rounds"], start=1)]
    return list(doc["players"]), settings, rounds


def _read_round(number: int, entry) -> Round:
    where = Phrase(_("round %(number)s"), number=number)
    if not isinstance(entry, dict):
        raise RulesError(_("%(where)s: must be an object"), where=where)
    _refuse_unknown_keys(entry, ROUND_KEYS, where)
    for key in NAME_LISTS:
        if not _names(entry.get(key, [])):
            raise RulesError(
                _("%(where)s: %(key)s must be a list of player names"), where=where, key=key
            )
    points = entry.get("points", {})
    if not isinstance(points, dict):
        raise RulesError(
            _('%(where)s: %(key)s must be an object such as {"An": 12}'), where=where, key="points"
        )
    return Round(
        absent=list(entry.get("absent", [])),
        points=dict(points),
        places=list(entry.get("places", [])),
        instant_win=_read_instant_win(where, entry.get("instant_win", ...)),
        frozen=list(entry.get("frozen", [])),
        leftovers=_read_leftovers(where, entry.get("leftovers", {})),
        chops=_read_chops(where, entry.get("chops", [])),
        payments=_read_payments(where, entry.get("payments", [])),
    )


def _names(value) -> bool:
    return isinstance(value, list) and all(isinstance(name, str) for name in value)


def _read_instant_win(where: Phrase, instant_win) -> tuple[str, str] | None:
    """The round's instant win; None when the key is left out (`...`), which null is not."""
    if instant_win is ...:
        return None
    if (
        not isinstance(instant_win, dict)
        or set(instant_win) != {"player", "hand"}
        or not all(isinstance(value, str) for value in instant_win.values())
    ):
        raise RulesError(
            _('%(where)s: instant_win must be {"player": name, "hand": "dragon"}'), where=where
        )
    return instant_win["player"], instant_win["hand"]


def _read_leftovers(where: Phrase, leftovers) -> dict[str, list[str]]:
    if not isinstance(leftovers, dict) or not all(map(_names, leftovers.values())):
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


def _refuse_unknown_keys(entry: dict, allowed: tuple[str, ...], where: str | Phrase) -> None:
    for key in entry:
        if key not in allowed:
            raise RulesError(_('%(where)s: unknown key "%(key)s"'), where=where, key=key)
