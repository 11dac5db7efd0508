"""A whole group in one zip: every tournament and session as a game log, plus what logs do not
hold (names, short names, stakes, open or closed, who has left an open session, payments), so it
re-imports into an empty group with identical balances.

A backup is read within the caps of `limits` and its `group.json` checked as a whole before
anything is created; a refusal is a RulesError naming the file and the entry at fault.
"""

import io
import json
import zipfile
from decimal import Decimal

from django.utils.translation import gettext as _

from basics.errors import RulesError
from basics.names import name_key
from core import games
from core.models import Player
from core.seats import MAX_PLAYERS
from core.versioning import touch_group
from ledger.balances import player_balances
from ledger.models import Transaction
from ledger.payments import PaymentError, record_payment, reverse_payment
from tracker.gamelogs import limits
from tracker.gamelogs.limits import MANIFEST
from tracker.gamelogs.manifest import FORMAT, check_manifest, season_days, short_names
from tracker.history.seasons import Refused, add_season


def events(group) -> list:
    """The group's games of every kind in the order they were started (a Cắt Tê session takes
    over the side pot carried from the one before, say)."""
    started = [
        game
        for game_kind in games.every_kind()
        for game in game_kind.model._default_manager.filter(group=group)
    ]
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
                "amount": group.plain_amount(group.from_minor(payer.amount_minor)),
                "note": payment.note,
                "reversed": hasattr(payment, "reversed_by"),
            }
        )
    return entries


def balance_entries(group) -> dict:
    """Every player's balance, and the open side-pot shares, as the ledger has them: what a
    restore of the backup must come to ({"balances": {name: amount}, "open_shares": …})."""
    balances, shares, _side_pot = player_balances(group)
    amounts = {
        player.name: group.plain_amount(balances.get(player, 0)) for player in group.players.all()
    }
    entries = {"balances": amounts}
    open_shares = {
        player.name: group.plain_amount(share) for player, share in shares.items() if share
    }
    return {**entries, "open_shares": open_shares} if open_shares else entries


def export_zip(group) -> bytes:
    manifest = {"format": FORMAT, "group": group.name, "currency": group.currency, "logs": []}
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for item in events(group):
            game_kind = games.kind_of(item)
            name = f"{game_kind.kind}-{item.pk}.json"
            extra = game_kind.backup_entry(item)
            log = game_kind.export_log(item)
            archive.writestr(name, json.dumps(log, ensure_ascii=False, indent=1))
            manifest["logs"].append({"file": name, "name": item.name, **extra})
        players = list(group.players.all())
        manifest["players"] = [player.name for player in players]
        shorts = {player.name: player.short_name for player in players if player.short_name}
        if shorts:
            manifest["short_names"] = shorts
        manifest["payments"] = payment_entries(group)
        manifest.update(balance_entries(group))
        # Where players are paid is theirs, not the games': a zip passed around leaves it out.
        manifest["payment_details_included"] = False
        seasons = [
            {"name": season.name, "starts": str(season.starts_on), "ends": str(season.ends_on)}
            for season in group.seasons.order_by("starts_on", "ends_on", "pk")
        ]
        if seasons:
            manifest["seasons"] = seasons
        archive.writestr("group.json", json.dumps(manifest, ensure_ascii=False, indent=1))
    return buffer.getvalue()


def read_zip(data: bytes) -> tuple[dict, dict[str, bytes]]:
    """The checked manifest of a backup, and the text of each game log it names.

    Every file is checked against the caps before any is read; the logs are parsed one at a
    time as they are restored, so a backup never sits in memory parsed whole.
    """
    with limits.BoundedZip(data) as archive:
        if MANIFEST not in archive.names:
            raise RulesError(
                _("backup: not a backup of this app (no %(manifest)s)") % {"manifest": MANIFEST}
            )
        where = _("backup: %(file)s") % {"file": MANIFEST}
        manifest = limits.parse_json(archive.read(MANIFEST), where)
        check_manifest(manifest)
        files = [entry["file"] for entry in manifest["logs"]]
        unnamed = sorted(archive.names - {MANIFEST} - set(files))
        if unnamed:
            raise RulesError(
                _("backup: %(file)s is not named in %(manifest)s")
                % {"file": unnamed[0], "manifest": MANIFEST}
            )
        return manifest, {name: archive.read(name) for name in files}


def check_restorable(group, manifest: dict) -> None:
    """Refuse a backup whose amounts are not in the group's currency, or a group that has
    played something already."""
    played = any(
        kind.model._default_manager.filter(group=group).exists() for kind in games.every_kind()
    )
    if played or group.transactions.exists():
        raise RulesError(_("backup: restore into a group that has played nothing yet"))
    if manifest["currency"] != group.currency:
        raise RulesError(
            _("backup: the amounts are in %(backup)s, not %(group)s")
            % {"backup": manifest["currency"], "group": group.currency}
        )


def restore_players(group, manifest: dict) -> tuple[dict, dict]:
    """The backup's players, short names and named seasons: a restore's first step. Returns the
    group's player for each of the backup's names ({name_key: pk}), and what it created
    ({"players": [pk], "seasons": [pk], "short_names": {pk: short name before}}), so a
    cancel removes it."""
    found = {name_key(player.name): player for player in group.players.all()}
    new = [name for name in manifest.get("players", []) if name_key(name) not in found]
    if len(found) + len(new) > MAX_PLAYERS:
        raise RulesError(
            _("backup: the group would have %(count)d players; a group has at most %(most)d")
            % {"count": len(found) + len(new), "most": MAX_PLAYERS}
        )
    made = Player.objects.bulk_create(Player(group=group).set_name(name) for name in new)
    short_names_before = {str(player.pk): player.short_name for player in found.values()}
    restore_short_names(group, manifest.get("short_names", {}))
    seasons_before = set(group.seasons.values_list("pk", flat=True))
    restore_seasons(group, manifest.get("seasons", []))
    touch_group(group.pk)
    players = {key: player.pk for key, player in found.items()}
    players |= {name_key(player.name): player.pk for player in made}
    created = {
        "players": [player.pk for player in made],
        "seasons": sorted(set(group.seasons.values_list("pk", flat=True)) - seasons_before),
        "short_names": short_names_before,
    }
    return players, created


def restore_payments(group, payments: list[dict], user, players: dict, first: int = 1) -> None:
    """Payments of the backup (the first of them its payment number `first`), once every game
    is restored: a restore's last steps. `players`: the group's player for each of the backup's
    names ({name_key: pk}, from `restore_players`), whatever they are called now."""
    by_pk = group.players.in_bulk(players.values())
    for number, payment in enumerate(payments, start=first):
        where = _("backup: payment %(number)d") % {"number": number}
        payer, payee = (by_pk.get(players.get(name_key(payment[key]))) for key in ("from", "to"))
        if payer is None or payee is None:
            raise RulesError(_("%(where)s: its players are not in the group") % {"where": where})
        try:
            restore_payment(group, payer, payee, payment, user)
        except PaymentError as error:
            raise RulesError(f"{where}: {error}") from error


def restore_seasons(group, seasons: list[dict]) -> None:
    """The backup's named seasons (checked), added through the seasons' gate, but for those the
    group already has by name."""
    known = {name_key(name) for name in group.seasons.values_list("name", flat=True)}
    for number, entry in enumerate(seasons, start=1):
        if name_key(entry["name"]) in known:
            continue
        where = _("backup: seasons %(number)d") % {"number": number}
        days = season_days(entry)
        if days is None:
            raise RulesError(
                _("%(where)s: starts and ends must be days such as 2026-03-01, in order")
                % {"where": where}
            )
        try:
            add_season(group, entry["name"], *days)
        except Refused as refusal:
            raise RulesError(f"{where}: {refusal}") from refusal


def restore_short_names(group, shorts: dict) -> None:
    players = list(group.players.all())
    wanted = short_names(shorts, [(player.name, player.short_name) for player in players])
    named = [player for player in players if name_key(player.name) in wanted]
    for player in named:
        player.short_name = wanted[name_key(player.name)]
    Player.objects.bulk_update(named, ["short_name"])


def named(game, entry: dict):
    type(game).objects.filter(pk=game.pk).update(name=entry.get("name", ""))
    touch_group(game.group_id)
    return game


def restore_payment(group, payer, payee, payment: dict, user) -> None:
    """One payment of a checked manifest, between the group's players `payer` and `payee`. A
    restore is made against the group as it is now, inside the restore's transaction."""
    group.refresh_from_db(fields=["version"])
    note = payment.get("note", "")
    amount = Decimal(payment["amount"])
    entry = record_payment(group, payer, payee, amount, user, version=group.version, note=note)
    if payment.get("reversed"):
        reverse_payment(entry, user, version=group.version)
