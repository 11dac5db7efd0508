"""Cutthroat Spades as the registry of games knows it (tracker/common/games.py)."""

from django.utils.translation import gettext as _

from tracker.common.games import GameKind
from tracker.cutthroat import board as board_module
from tracker.cutthroat import money, services
from tracker.models import Hand, Tournament
from tracker.rules import cutthroat


class CutthroatGame(GameKind):
    kind = "tournament"
    game = "cutthroat"
    model = Tournament
    admin = "tracker.cutthroat.admin"
    urls = "tracker.cutthroat.urls"
    log_format = cutthroat.FORMAT

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

    def import_log(self, group, doc: dict, user, create_missing: bool = False, **options):
        return services.import_log(group, doc, user, create_missing, **options)

    def export_log(self, game) -> dict:
        return services.export_game(game)

    def logged_entries(self, doc: dict) -> list[dict]:
        return services.logged_entries(doc)

    def stored_entries(self, game) -> list[dict]:
        return services.stored_entries(game)

    def rows_of_group(self, group_id: int) -> list:
        return [
            Hand.objects.filter(tournament__group=group_id),
            Tournament.objects.filter(group=group_id),
        ]
