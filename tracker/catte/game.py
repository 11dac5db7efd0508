"""Cắt Tê as the registry of games knows it (tracker/common/games.py)."""

from django.utils.translation import gettext as _

from ledger.settlement import fewest_transfers
from tracker.catte import board, gate, money
from tracker.catte.gate.recording import replay_rounds
from tracker.common.games import GameKind
from tracker.models import CatteSession, Round
from tracker.rules import catte


class CatteGame(GameKind):
    kind = "session"
    game = "catte"
    model = CatteSession
    # A session's page also moves with every tap on the round being entered.
    followed = ("version", "draft_version")
    admin = "tracker.catte.admin"
    urls = "tracker.catte.urls"
    log_format = catte.FORMAT

    def name(self) -> str:
        return _("Cắt Tê")

    def changed_elsewhere(self) -> str:
        return _("This session was changed on another phone; here is the new state.")

    def closed_refusal(self) -> str:
        return _("This session is closed; its rounds can no longer change.")

    def ledger_kinds(self) -> dict[str, str]:
        return {money.ROUND: _("Cắt Tê round"), money.SIDE_POT_REFUND: _("Side pot refunded")}

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

    def import_log(self, group, doc: dict, user, create_missing: bool = False, **options):
        return gate.logs.import_log(group, doc, user, create_missing, **options)

    def export_log(self, game) -> dict:
        return gate.logs.export_game(game)

    def logged_entries(self, doc: dict) -> list[dict]:
        return gate.logs.logged_entries(doc)

    def stored_entries(self, game) -> list[dict]:
        return gate.logs.stored_entries(game)

    def rows_of_group(self, group_id: int) -> list:
        return [
            Round.objects.filter(session__group=group_id),
            CatteSession.objects.filter(group=group_id),
        ]
