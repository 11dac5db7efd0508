"""The registry of games: every kind of game a group plays declares here what is its own, and
everything around the games (the history of changes, live following, logs and backups, the
group page, history and ratings, the table view, the service worker's kept pages, the admin,
the demo) asks the registry instead of naming a game.

A game is a subclass of `GameKind` in its own package, named in the `GAMES` setting the way
Django's settings name apps and authentication backends (healthchecks lists its kinds of
channel so):

    GAMES = ["tracker.cutthroat.game.CutthroatGame", "tracker.catte.game.CatteGame"]

`kind` is what a game is called in addresses, live tokens, the history of changes and the
ledger's sources ("session", "tournament"); `game` is the game played ("catte", "cutthroat"),
as file names, ratings and log formats say it.
"""

from collections.abc import Iterator
from functools import cache
from typing import cast

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.db.models import Choices, Model, Prefetch
from django.urls import reverse
from django.utils.module_loading import import_string
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from core import leaderboards
from core.game_parts import Backups, History, Logs, ManifestBackups, TableView
from core.game_parts import PlayerRecord as PlayerRecord  # what a game's hooks return
from core.game_parts import RestorePiece as RestorePiece
from core.game_parts import Section as Section


class GameKind:
    """What a kind of game declares; a subclass fills it in and implements the hooks.

    Where a hook only forwards to a module of the game's own package, the game names the module
    (`logs`, `backups`, `history`, `tableview`: their protocols are in core/game_parts.py) or
    a class attribute (`change_choices`, `seat_model`, `entry_model`,
    `demo_log`) and the hook's default reads it; a game overrides only the hooks it does
    otherwise."""

    kind: str  # "session": addresses, live tokens, changes, the ledger's sources
    game: str  # "catte": file names, ratings, log formats
    model: type[Model]  # the game's row (group, name, rules, version, state, …)
    followed: tuple[str, ...] = ("version",)  # the counters whose sum a live page follows
    log_format: str  # the "format" of its game logs (docs/log-format.md)
    admin: str  # the module that registers the admin of its rows: staff look, never write
    urls: str  # the module of its pages' addresses, under groups/<id:pk>/

    def __repr__(self) -> str:
        return f"<game {self.game}: {self.kind}>"

    # The words for it, in the reader's language.
    def name(self) -> str:
        """The game's name: "Cắt Tê"."""
        raise NotImplementedError

    def changed_elsewhere(self) -> str:
        """A page behind the game's version is told so, with the new state."""
        raise NotImplementedError

    def closed_refusal(self) -> str:
        """A change of a closed game is refused with these words."""
        return _("This game is closed; it can no longer change.")

    # The game's state, as its pages and changes read it.
    def load(self, game):
        """The game with its stored state (its board), replayed once when the state is not
        of the game's version."""
        raise NotImplementedError

    def ledger_kinds(self) -> dict[str, str]:
        """The kinds of the transactions the game posts, with their words."""
        return {}

    def account_kinds(self) -> dict[str, str]:
        """The kinds of account its postings open beside each player's own, with their words."""
        return {}

    change_choices: type[Choices] | None = None  # the choices `change_actions` names

    def change_actions(self) -> dict[str, str]:
        """The game's own kinds of change in its history (beside the recorder's), with words."""
        choices = self.change_choices.choices if self.change_choices else []
        return {action: str(label) for action, label in choices}

    def post(self, board, postings, user) -> None:
        """Have the ledger say what the game's money is after a change (core/
        recording.py); `postings` is what the change said they need."""
        raise NotImplementedError

    def replay_entries(self, board) -> tuple[object, dict]:
        """Play every entry of the game from the start, leaving the state on `board`, each
        entry's result stored with it: (its postings, the fields stored with the state)."""
        raise NotImplementedError

    # Game logs (tracker/gamelogs): read, replayed, imported and exported, by its `logs`.
    logs: Logs

    def replay_log(self, doc: dict) -> dict:
        raise NotImplementedError

    def import_log(self, group, doc: dict, user, create_missing: bool = False, **options):
        return self.logs.import_log(group, doc, user, create_missing, **options)

    # How many entries one import from the page writes: each import is one transaction, and on
    # SQLite every other group's save waits for it, so one import stays well under a second
    # (measured: docs/performance.md, "Imports"). A larger log is imported in parts: its first
    # entries as a new game, the rest as more of that game (`append_log`).
    most_imported: int

    def append_log(self, game, doc: dict, user, version: int | None = None):
        """A log's entries played on after those the open `game` holds, as if entered one by
        one (the same change a restore's next piece makes): its players and rules must be the
        game's; `version`, the game's version the page showed (its version now when left out),
        refuses the entries if the game changed since (StalePage)."""
        return self.logs.append_log(game, doc, user, version)

    def open_games(self, group):
        """The group's games of this kind a log may go on (a queryset, newest first)."""
        return self.model._default_manager.filter(group=group)

    def entries_called(self) -> str:
        """What its entries are called when there are many: "rounds"."""
        return _("rounds")

    def export_log(self, game) -> dict:
        return self.logs.export_game(game)

    def logged_entries(self, doc: dict) -> list[dict]:
        """A log's entries (rounds, hands) as a game imported from it stores them: what a
        restore checks its games against."""
        return self.logs.logged_entries(doc)

    def stored_entries(self, game) -> list[dict]:
        """The game's entries as stored."""
        return self.logs.stored_entries(game)

    # Logs, backups and restores: what a backup's manifest says of a game besides its log, and
    # how a restore writes the game back a step at a time (tracker/gamelogs/), by its `backups`.
    backups: Backups
    backup_keys: frozenset[str] = frozenset()  # its keys in a manifest's entry of a log
    may_go_on: bool = False  # a game imported from its log may be left open to play on

    def backup_entry(self, game) -> dict:
        """What the manifest says of `game` besides its log and name (`backup_keys`)."""
        if not self.backup_keys:
            return {}
        return cast(ManifestBackups, self.backups).backup_entry(game)

    def check_backup_entry(self, entry: dict, where: str, money) -> None:
        """RulesError for a manifest's entry whose `backup_keys` are not as `backup_entry`
        writes them; `money(text, where)` checks an amount in the group's currency."""
        if self.backup_keys:
            cast(ManifestBackups, self.backups).check_entry(entry, where, money)

    def entries_of(self, doc: dict) -> int:
        """How many entries (rounds, hands) a log holds."""
        return self.backups.entries_of(doc)

    def restore_piece(self, piece, user):
        """Write the next piece of a backup's log (`piece`, a RestorePiece), as a change of
        the game: (the game, entries written, whether the whole log is written)."""
        return self.backups.restore_piece(piece, user)

    def check_restored(self, game, entry: dict, players: dict) -> str | None:
        """What differs between a restored game and its manifest `entry` beyond its entries, in
        words; None when nothing does. `players`: the group's player for each backup's name."""
        return None

    entry_model: type[Model]  # the row of one of its entries (a round, a hand)

    def rows_of_group(self, group_id: int) -> list:
        """Every row of the group's games of this kind, as querysets in the order a cancelled
        restore removes them (entries before their games; seats go with their game)."""
        entries = self.entry_model._default_manager
        game = next(f.name for f in self.entry_model._meta.fields if f.related_model is self.model)
        return [
            entries.filter(**{f"{game}__group": group_id}),
            self.model._default_manager.filter(group=group_id),
        ]

    # History, ratings and settlements
    # What the group's history, ratings, seasons, player pages and settlements show of the
    # game (tracker/history, docs/ratings.md). A game declares its matches; the rest has
    # defaults, the words naming the game ("Hearts games won"); a game with a `history` module
    # has them read from it.
    history: History | None = None

    def history_url(self, group) -> str | None:
        """The list of the group's past games of this kind, newest first, each with its charts
        (the game's own pages, in its `urls`, named "history_" and its `address`); None for a
        game without a `history`."""
        if self.history is None:
            return None
        return reverse(f"history_{self.address}", args=[group.pk])

    def matches(self, group) -> list:
        """Every match of the game the group played, as its ratings and leaderboards count
        them (`tracker.rules.leaderboard.Match`, keyed by `game`), oldest first, read from
        what the game stored (nothing replayed); none for a game without a `history`."""
        if self.history is None:
            return []
        return self.history.matches(group, self.game)

    def player_record(self, group, player) -> PlayerRecord | None:
        """The player's record in the game, for his page (None for a game that keeps none),
        read from what the game stored with its entries."""
        return None if self.history is None else self.history.player_record(group, player)

    def head_to_head_counted(self) -> str:
        """What the game's part of a head to head counts, for the note under it."""
        return ""

    # Its games are many and settled a page at a time (?page=): their section comes first on
    # "Who owes whom, session by session", with its pages; the others show their latest.
    settled_by_page: bool = False

    def settlements(self, group, page_number) -> Section | None:
        """What each of the group's games of this kind settles on its own, who pays whom, for
        "Who owes whom, session by session" (None for a game that moves no money)."""
        if self.history is None:
            return None
        if self.settled_by_page:
            return self.history.settlements(group, page_number)
        return self.history.settlements(group)

    def settled_each(self) -> str:
        """What the settlements page settles of the game: "each Cắt Tê session"."""
        return ""

    def leaderboard_columns(self) -> tuple[leaderboards.Column, ...]:
        """What a row of the game's leaderboard shows beside the rating, in order."""
        return leaderboards.EVERY_GAME

    def no_matches_yet(self) -> str:
        """The game's leaderboard before its first match."""
        return _("No finished game yet.")

    def how_rated(self) -> str:
        """What a match of the game is, for the ratings page's explanation."""
        return _("%(game)s: every finished game, the players ranked by their final scores.") % {
            "game": self.name()
        }

    def wins_counted(self) -> str:
        """What "won" counts in the game: "Won: …"."""
        return _("%(game)s games won") % {"game": self.name()}

    def money_counted(self) -> str:
        """What the money of the game's leaderboard is: "Money is …"."""
        return _("what the %(game)s games paid the player") % {"game": self.name()}

    def rating_chart_title(self) -> str:
        """The title of a player's rating chart in the game."""
        return _("%(game)s: rating after each game") % {"game": self.name()}

    def rating_chart_axis(self) -> str:
        # Translators: the horizontal axis of a chart, counted in Cutthroat games.
        return _("game")

    def first_rated(self) -> str:
        """What starts a rating: "No rating yet: it starts with the first …"."""
        return pgettext("No rating yet: it starts with the first …", "finished %(game)s game") % {
            "game": self.name()
        }

    def nights_counted(self) -> str:
        """The matches whose money makes a night: "A night is … (…)"."""
        return _("finished %(game)s games") % {"game": self.name()}

    def nights_by_points(self) -> str:
        """The matches whose points make a night when nothing was played for money: "nights go
        by the final points of … started that day" (for a game whose matches are scored in
        points)."""
        return pgettext(
            "nights go by the final points of … started that day", "the finished %(game)s games"
        ) % {"game": self.name()}

    # Pages: group page, table view, kept pages, demo
    # What the pages around a game show of it: its section of the group page, its table view
    # (tracker/tableview), the pages a phone keeps for reading offline (tracker/webapp/pwa.py)
    # and what it adds to the demo group (`manage.py demo`).
    # Where its games' pages are under the group ("sessions"); their table view and log are
    # there too ("sessions/<id:session_pk>/table/"), and it is the id of its group page section.
    address: str

    # Its section of the group page (the shared frame: templates/tracker/_group_games.html).
    group_row_template: str  # one of its games in the list: "catte/_group_row.html"
    new_url_name: str  # the page that starts one of its games: "session_new"
    seat_model: type[Model] | None = None  # its games' seats ("seats"), read with their players

    def group_heading(self) -> str:
        """The title of its section of the group page: "Cắt Tê sessions"."""
        raise NotImplementedError

    def none_yet(self) -> str:
        """Its section of the group page before its first game: "No session yet."."""
        raise NotImplementedError

    def new_label(self) -> str:
        """The button that starts one of its games: "New session"."""
        raise NotImplementedError

    def latest_games(self, group):
        """The group's games of this kind, newest first, with what their rows on the group page
        read (a queryset: only read when the page's cached part is drawn again)."""
        games = self.model._default_manager.filter(group=group)
        if self.seat_model is None:
            return games
        seats = self.seat_model._default_manager.select_related("player")
        return games.prefetch_related(Prefetch("seats", seats))

    def played_for_money(self, group) -> bool:
        """Whether any of the group's games of this kind moved money: the group's currency then
        stays what it is."""
        return self.model._default_manager.filter(group=group).exists()

    def group_section(self, group, count: int) -> Section:
        """Its section of the group page: its `count` latest games, the buttons to start one,
        to their history and to its ratings."""
        return Section(
            "tracker/_group_games.html",
            {
                "game_kind": self,
                "games": self.latest_games(group)[:count],
                "heading": self.group_heading(),
                "none_yet": self.none_yet(),
                "new_label": self.new_label(),
                "history_url": self.history_url(group),
            },
        )

    # Its table view, for the screen in the middle of the table, at its games' address followed
    # by table/ ("sessions/<id:session_pk>/table/", named "session_table").
    table_template: str  # "catte/table.html": its `live` and `kept_since` (docs/architecture.md)
    tableview: TableView

    def table_context(self, game) -> dict:
        """What its table view shows of the game, read from its stored state: only what matters
        from across a table."""
        return self.tableview.shown(self.load(game))

    # The pages of one of its games a phone keeps to read when the network is gone, by their
    # names ("session", "session_table"); the service worker's pattern is built of them.
    kept_pages: tuple[str, ...] = ()

    demo_log: dict | None = None  # the log of the game `demo` imports

    def demo(self, group, owner):
        """Adds a game of this kind to the demo group (`owner` owns it), players created as
        needed; the game added, or None."""
        if self.demo_log is None:
            return None
        return self.import_log(group, self.demo_log, owner, create_missing=True)


@cache
def _registry() -> dict[str, GameKind]:
    """Every kind of game the `GAMES` setting names, by kind; read once, when first asked for
    (after the apps are loaded: a game's module reads its models)."""
    registry: dict[str, GameKind] = {}
    for path in settings.GAMES:
        game_kind = import_string(path)()
        for known in registry.values():
            if game_kind.game == known.game or game_kind.model is known.model:
                raise ImproperlyConfigured(f"{game_kind!r} is in GAMES already as {known!r}")
        if game_kind.kind in registry or game_kind.kind == "group":
            raise ImproperlyConfigured(f"{game_kind!r}: the kind {game_kind.kind!r} is taken")
        registry[game_kind.kind] = game_kind
    return registry


def every_kind() -> Iterator[GameKind]:
    """Every kind of game, in the order they were registered."""
    return iter(list(_registry().values()))


def kind_named(kind: str) -> GameKind | None:
    return _registry().get(kind)


def kind_of(game) -> GameKind:
    """The kind of a game's row (or of its model)."""
    model = game if isinstance(game, type) else type(game)
    for game_kind in _registry().values():
        if issubclass(model, game_kind.model):
            return game_kind
    raise LookupError(f"{model.__name__} is no registered game")


def game_named(game: str) -> GameKind | None:
    return next((kind for kind in _registry().values() if kind.game == game), None)


def format_named(log_format: str) -> GameKind | None:
    return next((kind for kind in _registry().values() if kind.log_format == log_format), None)
