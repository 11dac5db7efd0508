"""A whole group in one zip: every tournament and session as a game log, plus what logs do not
hold (names, stakes, open or closed, payments), so it re-imports into an empty group with
identical balances.
"""

import io
import json
import zipfile
from decimal import Decimal

from django.db import transaction

from ledger.models import Transaction
from ledger.payments import record_payment, reverse_payment
from tracker.common.versioning import touch_group
from tracker.logs import registry
from tracker.models import Player, Tournament
from tracker.rules import RulesError

FORMAT = "cardtable-backup/1"


def events(group) -> list:
    """Tournaments and sessions in the order they were started (carried side pots need it)."""
    started = list(group.tournaments.all()) + list(group.sessions.all())
    return sorted(started, key=lambda item: (item.created_at, item.pk))


def payment_entries(group) -> list[dict]:
    payments = group.transactions.filter(kind=Transaction.Kind.PAYMENT).prefetch_related(
        "postings__account__player", "reversed_by"
    )
    entries = []
    for payment in payments.order_by("created_at", "pk"):
        postings = list(payment.postings.all())
        payer = next(p for p in postings if p.amount_minor > 0)
        payee = next(p for p in postings if p.amount_minor < 0)
        entries.append(
            {
                "from": payer.account.player.name,
                "to": payee.account.player.name,
                "amount": group.format_amount(group.from_minor(payer.amount_minor)),
                "note": payment.note,
                "reversed": hasattr(payment, "reversed_by"),
            }
        )
    return entries


def export_zip(group) -> bytes:
    manifest = {"format": FORMAT, "group": group.name, "currency": group.currency, "logs": []}
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for item in events(group):
            log_format = registry.format_for(item)
            name = f"{log_format.noun}-{item.pk}.json"
            if isinstance(item, Tournament):
                extra = {"game_stake": str(item.game_stake), "buy_in": str(item.buy_in)}
            else:
                extra = {"closed": item.is_closed}
            log = log_format.export(item)
            archive.writestr(name, json.dumps(log, ensure_ascii=False, indent=1))
            manifest["logs"].append({"file": name, "name": item.name, **extra})
        manifest["players"] = list(group.players.values_list("name", flat=True))
        manifest["payments"] = payment_entries(group)
        archive.writestr("group.json", json.dumps(manifest, ensure_ascii=False, indent=1))
    return buffer.getvalue()


def read_zip(data: bytes) -> tuple[dict, dict[str, dict]]:
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            manifest = json.loads(archive.read("group.json"))
            logs = {
                entry["file"]: json.loads(archive.read(entry["file"])) for entry in manifest["logs"]
            }
    except (zipfile.BadZipFile, KeyError, ValueError, TypeError) as error:
        raise RulesError(f"backup: not a backup of this app ({error})") from error
    if manifest.get("format") != FORMAT:
        raise RulesError(f'backup: "format" must be "{FORMAT}"')
    return manifest, logs


def import_zip(group, data: bytes, user) -> None:
    """Everything in the backup, into a group that has played nothing yet; all or nothing."""
    manifest, logs = read_zip(data)
    if group.tournaments.exists() or group.sessions.exists() or group.transactions.exists():
        raise RulesError("backup: restore into a group that has played nothing yet")
    if manifest.get("currency") != group.currency:
        raise RulesError(
            f"backup: the amounts are in {manifest.get('currency')}, not {group.currency}"
        )
    with transaction.atomic():
        known = {name.casefold() for name in group.players.values_list("name", flat=True)}
        for name in manifest.get("players", []):
            if name.casefold() not in known:
                Player.objects.create(group=group, name=name)
        for entry in manifest["logs"]:
            restore_log(group, entry, logs[entry["file"]], user)
        players = {player.name: player for player in group.players.all()}
        for payment in manifest.get("payments", []):
            restore_payment(group, players, payment, user)


def restore_log(group, entry: dict, log: dict, user) -> None:
    """One tournament or session of the backup, with what its log does not hold."""
    if registry.format_of(log).model is Tournament:
        money_rules = {key: Decimal(entry.get(key, "0")) for key in ("game_stake", "buy_in")}
        game = registry.import_log(group, log, user, money_rules=money_rules)
    else:
        game = registry.import_log(group, log, user, closed=entry.get("closed", True))
    type(game).objects.filter(pk=game.pk).update(name=entry.get("name", ""))
    touch_group(group.pk)


def restore_payment(group, players: dict, payment: dict, user) -> None:
    entry = record_payment(
        group,
        players[payment["from"]],
        players[payment["to"]],
        Decimal(payment["amount"]),
        user,
        payment.get("note", ""),
    )
    if payment.get("reversed"):
        reverse_payment(entry, user)
