"""Cắt Tê as the registry of games knows it (core/games.py)."""

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from core import leaderboards
from core.games import GameKind
from ledger.settlement import fewest_transfers
from tracker.catte import backups, board, changes, demo, history, money, services, tableview
from tracker.catte import rules as catte
from tracker.catte.board import replay_rounds
from tracker.catte.models import CatteSession, Round, SessionSeat


class CatteGame(GameKind):
    kind = "session"
    game = "catte"
    model = CatteSession
    # A session's page also moves with every tap on the round being entered.
    followed = ("version", "draft_version")
    admin = "tracker.catte.admin"
    urls = "tracker.catte.urls"
    log_format = catte.FORMAT
    change_choices = changes.Action
    entry_model = Round
    # The modules the registry's hooks read by default (core/game_parts.py).
    logs = services.logs
    backups = backups
    history = history
    tableview = tableview

    def name(self) -> str:
        return _("Cắt Tê")

    def changed_elsewhere(self) -> str:
        return _("This session was changed on another phone; here is the new state.")

    def closed_refusal(self) -> str:
        return _("This session is closed; its rounds can no longer change.")

    def ledger_kinds(self) -> dict[str, str]:
        return {money.ROUND: _("Cắt Tê round"), money.SIDE_POT_REFUND: _("Side pot refunded")}

    def account_kinds(self) -> dict[str, str]:
        return {money.SIDE_POT_SHARE: _("Open side-pot share"), money.SIDE_POT: _("Side pot")}

    def post(self, board, postings: money.Postings, user) -> None:
        money.after_change(board, postings.results, postings.from_number, user, new=postings.new)

    def replay_entries(self, board) -> tuple[money.Postings, dict]:
        rows = list(board.session.rounds.all())
        results = replay_rounds(board, rows)
        return money.Postings(results, 1), {"round_count": len(rows)}

    def load(self, game):
        return board.load(game)

    def replay_log(self, doc: dict) -> dict:
        """The result document with the transfers that settle the evening."""
        result, balances = catte.replay(doc)
        transfers = [
            {"from": t.payer, "to": t.payee, "amount": catte.format_money(t.amount)}
            for t in fewest_transfers(balances)
        ]
        return {**result, "transfers": transfers}

    most_imported = 250

    def open_games(self, group):
        return group.sessions.filter(closed_at__isnull=True)

    # History, ratings and settlements
    settled_by_page = True

    def settled_each(self) -> str:
        return _("each Cắt Tê session")

    def head_to_head_counted(self) -> str:
        return _(
            "Rounds: the Cắt Tê rounds both sat at the table (Cắt Tê money between two players "
            "is not defined)."
        )

    def leaderboard_columns(self) -> tuple[leaderboards.Column, ...]:
        def sessions(count: int) -> str:
            words = ngettext("%(sessions)s session", "%(sessions)s sessions", count)
            return words % {"sessions": count}

        return (
            leaderboards.counted("games", sessions),
            leaderboards.WINS,
            leaderboards.STREAK,
            leaderboards.counted(
                "sweeps", lambda sweeps: _("sweeps %(sweeps)s") % {"sweeps": sweeps}
            ),
            leaderboards.MONEY,
        )

    def no_matches_yet(self) -> str:
        return _("No closed session yet.")

    def how_rated(self) -> str:
        return _(
            "Cắt Tê: every closed session, the players ranked by the money they won in it; an "
            "open session counts once it is closed."
        )

    def wins_counted(self) -> str:
        return _("Cắt Tê sessions ended with the most money (shared when tied)")

    def money_counted(self) -> str:
        return _("the sessions' money, side pot settled")

    def rating_chart_title(self) -> str:
        return _("Cắt Tê: rating after each session")

    def rating_chart_axis(self) -> str:
        # Translators: the horizontal axis of a chart, counted in Cắt Tê sessions.
        return _("session")

    def first_rated(self) -> str:
        return pgettext("No rating yet: it starts with the first …", "closed Cắt Tê session")

    def nights_counted(self) -> str:
        return _("closed Cắt Tê sessions")

    # Pages: group page, table view, kept pages, demo
    address = "sessions"
    group_row_template = "catte/_group_row.html"
    new_url_name = "session_new"
    table_template = "catte/table.html"
    kept_pages = ("session", "session_table")
    seat_model = SessionSeat

    def group_heading(self) -> str:
        return _("Cắt Tê sessions")

    def none_yet(self) -> str:
        return _("No session yet.")

    def new_label(self) -> str:
        return _("New session")

    def demo(self, group, owner):
        # Left open, so the demo's evening can go on.
        return self.import_log(group, demo.SESSION, owner, create_missing=True, closed=False)

    # Logs, backups and restores
    backup_keys = backups.KEYS
    may_go_on = True

    def check_backup_entry(self, entry: dict, where: str, money) -> None:
        backups.check_entry(entry, where)

    def check_restored(self, game, entry: dict, players: dict) -> str | None:
        return backups.check_restored(game, entry, players)
