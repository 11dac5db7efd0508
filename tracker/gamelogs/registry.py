"""Game logs (docs/log-format.md): the one registry of log formats.

Every place that reads or writes a log — replay, import, export, backup and restore — looks its
format up here, so a new format is added in one place.
"""

from collections.abc import Callable
from dataclasses import dataclass

from django.utils.text import get_text_list
from django.utils.translation import gettext as _

from ledger.settlement import fewest_transfers
from tracker.catte import gate
from tracker.cutthroat import services as cutthroat_services
from tracker.gamelogs import limits
from tracker.models import CatteSession, Tournament
from tracker.rules import RulesError, catte, cutthroat


@dataclass(frozen=True)
class LogFormat:
    name: str  # the log's "format" value
    noun: str  # what an imported log becomes, in words
    game: str  # the game, as export file names start
    model: type
    replay: Callable[[dict], dict]  # the result document of a log
    import_log: Callable  # (group, doc, user, create_missing, **options) → the new game
    export: Callable  # (game) → the log of a tournament or session
    logged_entries: Callable[[dict], list]  # a log's rounds or hands as a game stores them
    stored_entries: Callable  # (game) → its rounds or hands as stored


def _catte_replay(doc: dict) -> dict:
    result, balances = catte.replay(doc)
    transfers = [
        {"from": t.payer, "to": t.payee, "amount": catte.format_money(t.amount)}
        for t in fewest_transfers(balances)
    ]
    return {**result, "transfers": transfers}


FORMATS = {
    fmt.name: fmt
    for fmt in (
        LogFormat(
            name=cutthroat.FORMAT,
            noun="tournament",
            game="cutthroat",
            model=Tournament,
            replay=cutthroat.replay_log,
            import_log=cutthroat_services.import_log,
            export=cutthroat_services.export_game,
            logged_entries=cutthroat_services.logged_entries,
            stored_entries=cutthroat_services.stored_entries,
        ),
        LogFormat(
            name=catte.FORMAT,
            noun="session",
            game="catte",
            model=CatteSession,
            replay=_catte_replay,
            import_log=gate.logs.import_log,
            export=gate.logs.export_game,
            logged_entries=gate.logs.logged_entries,
            stored_entries=gate.logs.stored_entries,
        ),
    )
}


def known_formats() -> str:
    """The formats a log may say it is in, as a refusal lists them: "a" or "b"."""
    return get_text_list([f'"{name}"' for name in FORMATS], _("or"))


def format_of(doc) -> LogFormat:
    """The format a log document says it is in; RulesError for any other."""
    if not isinstance(doc, dict):
        raise RulesError(_("log: must be a JSON object"))
    kind = doc.get("format")
    if kind not in FORMATS:
        raise RulesError(
            _('log: "format" must be %(known)s, not %(kind)s')
            % {"known": known_formats(), "kind": repr(kind)}
        )
    return FORMATS[kind]


def format_for(game) -> LogFormat:
    """The format a tournament or session is exported in."""
    return next(fmt for fmt in FORMATS.values() if isinstance(game, fmt.model))


def format_of_noun(noun: str) -> LogFormat:
    return next(fmt for fmt in FORMATS.values() if fmt.noun == noun)


def replay(doc) -> dict:
    """The result document of a log; RulesError names what is wrong with a bad one."""
    return format_of(doc).replay(doc)


def import_log(group, doc: dict, user, create_missing: bool = False, **options):
    """The new Tournament or Session; a bad log raises RulesError and creates nothing."""
    return format_of(doc).import_log(group, doc, user, create_missing, **options)


def export(game) -> dict:
    return format_for(game).export(game)


def read(text: str | bytes) -> dict:
    """A log document from JSON text: RulesError for anything but a JSON object, for text past
    the size cap of a log, and for arrays and objects nested deeper than any log does."""
    # Translators: where a refusal found the problem: in the game log.
    doc = limits.parse_json(text, _("log"))
    kind = doc.get("format")
    if kind is None:
        raise RulesError(_('log: "format" must be %(known)s') % {"known": known_formats()})
    if not isinstance(kind, str):  # a list or an object could not even be looked up
        raise RulesError(
            _('log: "format" must be %(known)s, not a %(type)s')
            % {"known": known_formats(), "type": type(kind).__name__}
        )
    return doc
