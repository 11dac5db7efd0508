"""Game logs (docs/log-format.md): every place that reads or writes a log — replay, import,
export, backup and restore — finds its format in the registry of games, whose kinds each
declare their log format (core/games.py).
"""

from django.utils.text import get_text_list
from django.utils.translation import gettext as _

from core import games
from core.games import GameKind
from tracker.gamelogs import limits
from tracker.rules import RulesError


def known_formats() -> str:
    """The formats a log may say it is in, as a refusal lists them: "a" or "b"."""
    names = [f'"{game_kind.log_format}"' for game_kind in games.every_kind()]
    return get_text_list(names, _("or"))


def format_of(doc) -> GameKind:
    """The format a log document says it is in; RulesError for any other."""
    if not isinstance(doc, dict):
        raise RulesError(_("log: must be a JSON object"))
    kind = doc.get("format")
    game_kind = games.format_named(kind) if isinstance(kind, str) else None
    if game_kind is None:
        raise RulesError(
            _('log: "format" must be %(known)s, not %(kind)s')
            % {"known": known_formats(), "kind": repr(kind)}
        )
    return game_kind


def replay(doc) -> dict:
    """The result document of a log; RulesError names what is wrong with a bad one."""
    return format_of(doc).replay_log(doc)


def import_log(group, doc: dict, user, create_missing: bool = False, **options):
    """The new game of the kind the log is of; a bad log raises RulesError and creates nothing."""
    return format_of(doc).import_log(group, doc, user, create_missing, **options)


def export(game) -> dict:
    return games.kind_of(game).export_log(game)


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
