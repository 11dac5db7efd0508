"""High card as the registry of games knows it (core/games.py)."""

from django.utils.translation import gettext as _

from core.games import GameKind
from tests.high_card import backups, board, history, money, rules, services, tableview
from tests.high_card.models import HighCard, HighCardRound, HighCardSeat


class HighCardGame(GameKind):
    kind = "highcard"
    game = "highcard"
    model = HighCard
    admin = "tests.high_card.admin"
    urls = "tests.high_card.urls"
    log_format = rules.FORMAT
    entry_model = HighCardRound
    seat_model = HighCardSeat
    logs = services
    backups = backups
    history = history
    tableview = tableview
    most_imported = 50

    def name(self) -> str:
        return _("High card")

    def changed_elsewhere(self) -> str:
        return _("This table was changed on another phone; here it is.")

    def load(self, game):
        return board.load(game)

    def ledger_kinds(self) -> dict[str, str]:
        return {money.ROUND: _("High card round")}

    def post(self, board_, postings, user) -> None:
        money.after_change(board_, postings, user)

    def replay_entries(self, board_) -> tuple[money.Postings, dict]:
        results = board.replay_stored(board_)
        return money.Postings(results, 1), {"round_count": len(results)}

    def replay_log(self, doc: dict) -> dict:
        return rules.replay(doc)

    def open_games(self, group):
        return HighCard.objects.filter(group=group, closed_at__isnull=True)

    # Pages: group page, table view
    address = "highcards"
    group_row_template = "high_card/_group_row.html"
    new_url_name = "highcard_new"
    table_template = "high_card/table.html"
    kept_pages = ("highcard", "highcard_table")

    def group_heading(self) -> str:
        return _("High card")

    def none_yet(self) -> str:
        return _("No table of high card yet.")

    def new_label(self) -> str:
        return _("New table of high card")
