"""Game logs (docs/log-format.md): every place that reads or writes a log — replay, import,
export, backup and restore — finds its format in the registry of games, whose kinds each
declare their log format (core/games.py).
"""

from django.utils.text import get_text_list
from django.utils.translation import gettext as _

from basics.errors import RulesError
from core import games
from core.games import GameKind
from tracker.gamelogs import limits


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


def check_size(doc) -> None:
    """RulesError for a log of more entries than one import of its game takes (each import is
    one transaction, which on SQLite every other table's save waits for), saying how to import
    it in parts: its first entries as a new game, the rest as more of that game."""
    game_kind = format_of(doc)
    try:
        count = game_kind.entries_of(doc)
    except (KeyError, TypeError, AttributeError):
        return  # not a log of its format: reading it says what is wrong
    most = game_kind.most_imported
    if count <= most:
        return
    refusal = _(
        "This log holds %(count)s %(entries)s; one import takes at most %(most)s, so that the "
        "other tables never wait for it. Import its first %(most)s %(entries)s as a new game, "
        "then the rest, at most %(most)s at a time, as more of that game (each part a log "
        "with the same format, players and rules)."
    ) % {"count": f"{count:,}", "most": f"{most:,}", "entries": game_kind.entries_called()}
    if game_kind.may_go_on:
        refusal += " " + _(
            "Import the first part as a session the table keeps playing (open), and close it "
            "on its page once the last part is in."
        )
    raise RulesError(refusal)


def parts_explained() -> str:
    """How many entries one import takes, for the import page: a longer log goes in parts."""
    bounds = [
        f"{game_kind.most_imported:,} {game_kind.entries_called()} ({game_kind.name()})"
        for game_kind in games.every_kind()
    ]
    return _(
        "One import takes at most %(bounds)s, so that the other tables never wait for it. A "
        "longer log is imported in parts: its first entries as a new game, then each next part "
        "as more of that game, with the same players and rules (a Cắt Tê session kept open "
        "until its last part is in)."
    ) % {"bounds": get_text_list(bounds, _("or"))}


def append_log(game, doc: dict, user, version: int | None = None):
    """The log's entries played on after those of `game`, an open game of the log's kind with
    its players and rules; RulesError for any other game, and nothing is written."""
    game_kind, log_kind = games.kind_of(game), format_of(doc)
    if game_kind is not log_kind:
        raise RulesError(
            _("This is a %(log)s log: it cannot go on %(game)s, a %(kind)s game.")
            % {"log": log_kind.name(), "game": game, "kind": game_kind.name()}
        )
    if not game_kind.open_games(game.group).filter(pk=game.pk).exists():
        raise RulesError(_("%(game)s is over: nothing more can be added to it.") % {"game": game})
    return game_kind.append_log(game, doc, user, version)


def open_games(group, most_of_a_kind: int = 10) -> list:
    """The games a log may go on, as the import page offers them: (kind, game), the latest
    `most_of_a_kind` of each kind."""
    return [
        (game_kind, game)
        for game_kind in games.every_kind()
        for game in game_kind.open_games(group)[:most_of_a_kind]
    ]


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
