"""The parts of a game the registry of games (core/games.py) passes around: what a game's hooks
return, and the modules a game declares, as `GameKind`'s defaults read them.

A game whose hooks would only forward to one of its modules names the module instead: a module
of the game's own package (tracker/<game>/history.py, …); a game may still override any hook
its module does not serve as the others' do.
"""

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol


# History, ratings and settlements: the parts a game draws on the group's history pages.
@dataclass(frozen=True)
class Section:
    """What a game draws on a page of the group's history: its own template, reading the
    page's context and `context` (tracker/templatetags/sections.py draws it)."""

    template: str
    context: dict = field(default_factory=dict)


@dataclass(frozen=True)
class PlayerRecord:
    """A player's record in one game: its section of his page, and the game's part of his
    head to head with each rival he met in it (the rival's name → its section)."""

    section: Section
    rivals: dict[str, Section]


@dataclass(frozen=True)
class RestorePiece:
    """The next piece of a backup's game log for a restore to write: entries `done` to
    `done + step` of `log` (its manifest `entry`), into the game `game_pk` the first piece
    made (None for the first); `players`: the group's player for each of the backup's names."""

    group: object
    entry: dict
    log: dict
    done: int
    step: int
    game_pk: int | None
    players: dict


@dataclass(frozen=True)
class PastGames:
    """The group's past games of a kind on its history pages (core/web/views.py, `past_games`
    and `past_game`): `games(group)`, its games newest first (a queryset), each listed in
    `list_template` as `row(group, board)` gives it, one drawn in `chart_template` with what
    `chart(group, board)` gives."""

    games: Callable[..., Any]
    row: Callable[..., dict]
    chart: Callable[..., dict]
    list_template: str
    chart_template: str


# The modules a game declares.
class History(Protocol):
    """History and ratings: what the group's history, ratings, player pages and settlements
    read of the game (`GameKind.matches`, `player_record`, `settlements`), and its past games'
    pages (`past`)."""

    past: PastGames
    matches: Callable[..., list]  # (group, game): every match, oldest first
    player_record: Callable[..., Any]  # (group, player): his record, for his page
    # (group) or, for a game settled a page at a time, (group, page_number)
    settlements: Callable[..., Any]


class Logs(Protocol):
    """Game logs: read, imported, played on and exported (`GameKind.import_log`,
    `append_log`, `export_log`, `logged_entries`, `stored_entries`)."""

    import_log: Callable[..., Any]  # (group, doc, user, create_missing, **options)
    append_log: Callable[..., Any]  # (game, doc, user, version)
    export_game: Callable[..., dict]  # (game)
    logged_entries: Callable[..., list]  # (doc)
    stored_entries: Callable[..., list]  # (game)


class Backups(Protocol):
    """Backups and restores (`GameKind.entries_of`, `restore_piece`)."""

    entries_of: Callable[..., int]  # (doc)
    restore_piece: Callable[..., Any]  # (piece, user)


class TableView(Protocol):
    """Pages: what the table view shows of a game (`GameKind.table_context`)."""

    shown: Callable[..., dict]  # (the game's board, as `GameKind.load` returns it)


class ManifestBackups(Backups, Protocol):
    """The backups of a game whose manifest says more of it than its log (`backup_keys`):
    `GameKind.backup_entry` and `check_backup_entry` too."""

    backup_entry: Callable[..., dict]  # (game)
    check_entry: Callable[..., None]  # (entry, where, money)
