"""Cutthroat Spades as the registry of games knows it (core/games.py)."""

from dataclasses import replace

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from core import leaderboards
from core.games import GameKind
from tracker.cutthroat import backups, changes, demo, history, logs, money, tableview
from tracker.cutthroat import board as board_module
from tracker.cutthroat import rules as cutthroat
from tracker.cutthroat.models import Hand, Tournament, TournamentSeat


class CutthroatGame(GameKind):
    kind = "tournament"
    game = "cutthroat"
    model = Tournament
    admin = "tracker.cutthroat.admin"
    urls = "tracker.cutthroat.urls"
    log_format = cutthroat.FORMAT
    change_choices = changes.Action
    entry_model = Hand
    # The modules the registry's hooks read by default (core/game_parts.py).
    logs = logs
    backups = backups
    history = history
    tableview = tableview

    def name(self) -> str:
        return _("Cutthroat")

    def changed_elsewhere(self) -> str:
        return _("This tournament was changed on another phone; here is the new state.")

    def ledger_kinds(self) -> dict[str, str]:
        return {money.GAME_STAKE: _("Cutthroat game stake"), money.BUY_IN: _("Cutthroat buy-in")}

    def post(self, board, postings, user) -> None:
        money.after_change(board, user)

    def replay_entries(self, board) -> tuple[bool, dict]:
        rows = list(board.tournament.hands.filter(tricks__isnull=False))
        board_module.store_results(rows, board_module.replay(board, rows), board.names)
        return True, board_module.stored_fields(board)

    def load(self, game):
        return board_module.load(game)

    def replay_log(self, doc: dict) -> dict:
        return cutthroat.replay_log(doc)

    most_imported = 1000

    def open_games(self, group):
        # A tournament is over once it has its champion.
        return group.tournaments.filter(champion__isnull=True)

    def entries_called(self) -> str:
        return _("hands")

    # History, ratings and settlements

    def settled_each(self) -> str:
        return _("each tournament played for money")

    def head_to_head_counted(self) -> str:
        return _(
            "Games: the Cutthroat games both played to a winner; finished higher: more points "
            "at the end of the game."
        )

    def leaderboard_columns(self) -> tuple[leaderboards.Column, ...]:
        return (
            leaderboards.GAMES,
            leaderboards.WINS,
            leaderboards.counted(
                "tournaments_won",
                lambda won: _("tournaments won %(tournaments)s") % {"tournaments": won},
            ),
            leaderboards.STREAK,
            leaderboards.counted(
                "bag_outs", lambda bag_outs: _("bag-outs %(bag_outs)s") % {"bag_outs": bag_outs}
            ),
            # Points-only tournaments move no money: a column of zeros would say nothing.
            replace(leaderboards.MONEY, hidden_when_all_zero=True),
        )

    def money_counted(self) -> str:
        return _("what the games and tournaments paid the player")

    def nights_by_points(self) -> str:
        return pgettext(
            "nights go by the final points of … started that day",
            "the finished games of the Cutthroat tournaments",
        )

    # Pages: group page, table view, kept pages, demo
    address = "tournaments"
    group_row_template = "cutthroat/_group_row.html"
    new_url_name = "tournament_new"
    table_template = "cutthroat/table.html"
    kept_pages = ("tournament", "tournament_table")
    seat_model = TournamentSeat
    demo_log = demo.TOURNAMENT

    def group_heading(self) -> str:
        return _("Cutthroat tournaments")

    def none_yet(self) -> str:
        return _("No tournament yet.")

    def new_label(self) -> str:
        return _("New tournament")

    def latest_games(self, group):
        return super().latest_games(group).select_related("champion")

    def played_for_money(self, group) -> bool:
        # A tournament played for points only moves no money.
        return group.tournaments.exclude(game_stake=0, buy_in=0).exists()

    # Logs, backups and restores
    backup_keys = backups.KEYS
