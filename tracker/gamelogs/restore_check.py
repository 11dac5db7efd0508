"""A restore checks what it wrote against the backup before it says "done": each game's rounds
or hands, its state at the end (closed, who had left), the games, the payments and, where the
backup holds them, every player's balance and open side-pot share. A difference is a
RulesError saying what differs, which fails the restore (`restoring.take_step`).

The games are checked a few logs a step (`CHECK_ENTRIES` rounds and hands at most), the
group's money in the last step.
"""

import json
from decimal import Decimal

from django.utils.translation import gettext as _

from basics.errors import RulesError
from basics.names import name_key
from core import games as kinds
from ledger.balances import player_balances
from ledger.models import Transaction
from tracker.gamelogs import registry
from tracker.gamelogs.limits import count

CHECK_ENTRIES = 20_000  # rounds and hands read back in one step


def differs(difference: str) -> RulesError:
    return RulesError(
        _("The restore differs from the backup: %(difference)s") % {"difference": difference}
    )


def game_of(group, kind: str, pk: int):
    """The group's game of the registered `kind` with `pk`; None when there is none."""
    game_kind = kinds.kind_named(kind)
    if game_kind is None:
        return None
    return game_kind.model._default_manager.filter(group=group, pk=pk).first()


def check_logs(restore, logs: list[dict], read) -> None:
    """The next games of `restore` against the backup's `logs` (its manifest's entries), each
    log's text read by `read(file)`; `restore.logs_checked` moves on past them."""
    games = restore.created.get("games", [])
    read_back = 0
    while restore.logs_checked < len(logs) and read_back < CHECK_ENTRIES:
        entry = logs[restore.logs_checked]
        kind, pk = games[restore.logs_checked]
        game = game_of(restore.group, kind, pk)
        if game is None:
            raise differs(_("%(file)s is not in the group") % {"file": entry["file"]})
        read_back += check_game(game, entry, registry.read(read(entry["file"])), restore.players)
        restore.logs_checked += 1
    restore.save(update_fields=["logs_checked"])


def check_game(game, entry: dict, log: dict, players: dict) -> int:
    """One restored game against its log and manifest entry; how many entries it read."""
    where = {"file": entry["file"]}
    log_format = registry.format_of(log)
    wanted = json.loads(json.dumps(log_format.logged_entries(log)))
    stored = log_format.stored_entries(game)
    if len(stored) != len(wanted):
        raise differs(
            _("%(file)s: %(restored)s rounds or hands restored, %(backup)s in the backup")
            % {**where, "restored": count(len(stored)), "backup": count(len(wanted))}
        )
    for number, (mine, theirs) in enumerate(zip(stored, wanted, strict=True), start=1):
        if mine != theirs:
            raise differs(
                _("%(file)s: round or hand %(number)s is not the backup's")
                % {**where, "number": number}
            )
    difference = kinds.kind_of(game).check_restored(game, entry, players)
    if difference:
        raise differs(difference)
    return len(stored)


def check_group(restore, manifest: dict) -> None:
    """The group's games, payments and money against the backup's manifest; players are
    told apart by the restore's own record of them (`restore.players`), not by name."""
    group = restore.group
    games = sum(
        kind.model._default_manager.filter(group=group).count() for kind in kinds.every_kind()
    )
    if games != len(manifest["logs"]):
        raise differs(
            _("%(restored)s games restored, %(backup)s in the backup")
            % {"restored": count(games), "backup": count(len(manifest["logs"]))}
        )
    _check_payments(group, manifest.get("payments", []), restore.players)
    if "balances" in manifest:
        balances, shares, _side_pot = player_balances(group)
        # Translators: what differs: "An's balance: 11.50 restored, 12.50 in the backup".
        balance = _("%(player)s's balance: %(restored)s restored, %(backup)s in the backup")
        _check_amounts(group, balances, manifest["balances"], restore.players, balance)
        share = _(
            "%(player)s's open side-pot share: %(restored)s restored, %(backup)s in the backup"
        )
        shares_wanted = manifest.get("open_shares", {})
        _check_amounts(group, shares, shares_wanted, restore.players, share)


def _check_payments(group, payments: list[dict], players: dict) -> None:
    restored = []
    entries = group.transactions.filter(kind=Transaction.Kind.PAYMENT).prefetch_related(
        "postings__account", "reversed_by"
    )
    for payment in entries.order_by("created_at", "pk"):
        postings = list(payment.postings.all())
        payer = next(p for p in postings if p.amount_minor > 0)
        payee = next(p for p in postings if p.amount_minor < 0)
        amount = group.from_minor(payer.amount_minor)
        reversed_ = hasattr(payment, "reversed_by")
        restored.append(
            (payer.account.player_id, payee.account.player_id, amount, payment.note, reversed_)
        )
    wanted = [
        (
            players.get(name_key(payment["from"])),
            players.get(name_key(payment["to"])),
            Decimal(payment["amount"]),
            payment.get("note", ""),
            payment.get("reversed", False),
        )
        for payment in payments
    ]
    if len(restored) != len(wanted):
        raise differs(
            _("%(restored)s payments restored, %(backup)s in the backup")
            % {"restored": count(len(restored)), "backup": count(len(wanted))}
        )
    for number, (mine, theirs) in enumerate(zip(restored, wanted, strict=True), start=1):
        if mine != theirs:
            raise differs(_("payment %(number)s is not the backup's") % {"number": number})


def _check_amounts(group, restored: dict, wanted: dict, players: dict, difference: str) -> None:
    """{Player: amount} as the ledger has it against the backup's {name: amount}; a difference
    is said by `difference`, filled with the player and both amounts."""
    mine = {player.pk: amount for player, amount in restored.items() if amount}
    theirs = {players.get(name_key(name)): Decimal(text) for name, text in wanted.items()}
    theirs = {pk: amount for pk, amount in theirs.items() if amount}
    names = {pk: name for name, pk in ((n, players.get(name_key(n))) for n in wanted)}
    names |= {player.pk: player.name for player in restored}
    for pk in sorted(mine.keys() | theirs.keys(), key=str):
        if mine.get(pk, 0) != theirs.get(pk, 0):
            raise differs(
                difference
                % {
                    "player": names[pk],
                    "restored": group.plain_amount(mine.get(pk, Decimal(0))),
                    "backup": group.plain_amount(theirs.get(pk, Decimal(0))),
                }
            )
