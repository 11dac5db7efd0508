"""The score sheet as the registry of games knows it (core/games.py)."""

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from core import leaderboards
from core.games import GameKind
from ledger.settlement import fewest_transfers
from tracker.sheets import backups, board, demo, history, money, services, tableview
from tracker.sheets import rules as sheet
from tracker.sheets.models import Sheet, SheetRound, SheetSeat


class SheetGame(GameKind):
    kind = "sheet"
    game = "sheet"
    model = Sheet
    admin = "tracker.sheets.admin"
    urls = "tracker.sheets.urls"
    log_format = sheet.FORMAT
    entry_model = SheetRound
    # The modules the registry's hooks read by default (core/game_parts.py).
    logs = services
    backups = backups
    history = history
    tableview = tableview

    def name(self) -> str:
        return _("Score sheet")

    def changed_elsewhere(self) -> str:
        return _("This sheet was changed on another phone; here it is.")

    def ledger_kinds(self) -> dict[str, str]:
        return {money.ROUND: _("Score sheet round")}

    def post(self, board, postings: money.Postings, user) -> None:
        money.after_change(board, postings, user)

    def replay_entries(self, board_) -> tuple[money.Postings, dict]:
        rows = list(board_.sheet.rounds.all())
        results = board.replay(board_, rows)
        board.store_results(rows, results, board_.names)
        return money.Postings(results, 1), {"round_count": len(rows)}

    def load(self, game):
        return board.load(game)

    def replay_log(self, doc: dict) -> dict:
        """The result document with the transfers that settle the sheet."""
        result, balances = sheet.replay(doc)
        transfers = [
            {"from": t.payer, "to": t.payee, "amount": sheet.format_money(t.amount)}
            for t in fewest_transfers(balances)
        ]
        return {**result, "transfers": transfers}

    def import_log(self, group, doc: dict, user, create_missing: bool = False, **options):
        # A sheet's import takes no options: its log holds it all.
        return services.import_log(group, doc, user, create_missing)

    # Each round posts its own ledger transaction: the slowest of the three to import.
    most_imported = 50

    # History, ratings and settlements

    def settled_each(self) -> str:
        return _("each score sheet")

    def head_to_head_counted(self) -> str:
        return _(
            "Score sheets: the rounds both were at the table; ahead: a better place; money: "
            "what they paid each other in those rounds."
        )

    def leaderboard_columns(self) -> tuple[leaderboards.Column, ...]:
        def rounds(count: int) -> str:
            words = ngettext("%(rounds)s round", "%(rounds)s rounds", count)
            return words % {"rounds": count}

        return (
            leaderboards.counted("games", rounds),
            leaderboards.WINS,
            leaderboards.STREAK,
            leaderboards.counted(
                "chops",
                lambda chops: _("chops %(chops)s") % {"chops": chops},
                hidden_when_all_zero=True,
            ),
            leaderboards.MONEY,
        )

    def no_matches_yet(self) -> str:
        return _("No round on a score sheet yet.")

    def how_rated(self) -> str:
        return _(
            "Score sheets: every round, the players ranked by their places in it (by their "
            "points on a sheet kept in points, the fewest first where the lowest win)."
        )

    def wins_counted(self) -> str:
        return _("rounds of score sheets finished first (shared when tied)")

    def money_counted(self) -> str:
        return _("what the rounds of the score sheets paid the player")

    def rating_chart_title(self) -> str:
        return _("Score sheets: rating after each round")

    def rating_chart_axis(self) -> str:
        # Translators: the horizontal axis of a chart, counted in rounds of score sheets.
        return _("round")

    def first_rated(self) -> str:
        return pgettext("No rating yet: it starts with the first …", "round on a score sheet")

    def nights_counted(self) -> str:
        return _("rounds of score sheets")

    def nights_by_points(self) -> str:
        return pgettext(
            "nights go by the final points of … started that day",
            "the rounds of the score sheets",
        )

    # Pages: group page, table view, kept pages, demo
    address = "sheets"
    group_row_template = "sheets/_group_row.html"
    new_url_name = "sheet_new"
    table_template = "sheets/table.html"
    kept_pages = ("sheet", "sheet_table")
    seat_model = SheetSeat
    demo_log = demo.SHEET

    def group_heading(self) -> str:
        return _("Score sheets")

    def none_yet(self) -> str:
        return _("No score sheet yet: Tiến lên, Hearts or any game kept in points or places.")

    def new_label(self) -> str:
        return _("New score sheet")
