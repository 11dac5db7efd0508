"""What reading a game's log shares (docs/log-format.md): the document's outer checks, its
players and its rounds, each refusal worded the same in every game whose log is played in
rounds (Cắt Tê, the score sheet)."""

from collections.abc import Callable
from typing import TypeVar

from basics.errors import RulesError
from basics.phrases import Phrase, _
from tracker.rules import MOST_ENTRIES

Entry = TypeVar("Entry")


def refuse_unknown_keys(entry: dict, allowed: tuple[str, ...], where: str | Phrase) -> None:
    for key in entry:
        if key not in allowed:
            raise RulesError(_('%(where)s: unknown key "%(key)s"'), where=where, key=key)


def check_log(doc, log_format: str, keys: tuple[str, ...], shown: Callable = repr) -> None:
    """A log is an object of `keys` in the `log_format` named, with its rules, players and rounds
    (`shown` is how a wrong format is shown)."""
    if not isinstance(doc, dict):
        raise RulesError(_("log: must be a JSON object"))
    refuse_unknown_keys(doc, keys, "log")
    if doc.get("format") != log_format:
        raise RulesError(
            _('format: must be "%(format)s", not %(value)s'),
            format=log_format,
            value=shown(doc.get("format")),
        )
    for key in ("rules", "players", "rounds"):
        if key not in doc:
            raise RulesError(_("log: %(key)s is missing"), key=key)


def read_players(players, check_players: Callable[[list], object]) -> list[str]:
    """The log's players, in seat order, checked by the game's rules."""
    if not isinstance(players, list):
        raise RulesError(_("players: must be a list of names in seat order"))
    check_players(players)
    return list(players)


def read_rounds(rounds, read_round: Callable[[int, object], Entry]) -> list[Entry]:
    """The log's rounds, each read by `read_round` from its number (from 1) and its entry."""
    if not isinstance(rounds, list):
        raise RulesError(_("rounds: must be a list of rounds"))
    if len(rounds) > MOST_ENTRIES:
        raise RulesError(_("rounds: a log holds at most %(most)s rounds"), most=f"{MOST_ENTRIES:,}")
    return [read_round(number, entry) for number, entry in enumerate(rounds, start=1)]


def read_round_object(number: int, entry, keys: tuple[str, ...], name_lists) -> Phrase:
    """Where a round is in the log, once its entry is an object of `keys` whose `name_lists`
    are lists of names."""
    where = Phrase(_("round %(number)s"), number=number)
    if not isinstance(entry, dict):
        raise RulesError(_("%(where)s: must be an object"), where=where)
    refuse_unknown_keys(entry, keys, where)
    for key in name_lists:
        if not names(entry.get(key, [])):
            raise RulesError(
                _("%(where)s: %(key)s must be a list of player names"), where=where, key=key
            )
    return where


def names(value) -> bool:
    return isinstance(value, list) and all(isinstance(name, str) for name in value)


def read_player_and_hand(where: Phrase, value, shape: str) -> tuple[str, str] | None:
    """A round won at the deal, {"player": name, "hand": …}; None when the key is left out
    (`...`), which null is not. `shape` is the refusal, an example of the object."""
    if value is ...:
        return None
    if (
        not isinstance(value, dict)
        or set(value) != {"player", "hand"}
        or not all(isinstance(part, str) for part in value.values())
    ):
        raise RulesError(shape, where=where)
    return value["player"], value["hand"]
