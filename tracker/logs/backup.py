"""A whole group in one zip: every tournament and session as a game log, plus what logs do not
hold (names, stakes, open or closed, who has left an open session, payments), so it re-imports
into an empty group with identical balances.

A backup is read within the caps of `limits` and its `group.json` checked as a whole before
anything is created; a refusal is a RulesError naming the file and the entry at fault.
"""

import io
import json
import zipfile
from decimal import Decimal

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ledger.models import Transaction
from ledger.payments import NOTE_MAX, PaymentError, record_payment, reverse_payment
from tracker.catte import board as catte_board
from tracker.catte import seating
from tracker.common.seats import MAX_PLAYERS, MissingPlayers
from tracker.common.versioning import touch_group
from tracker.logs import limits, registry
from tracker.logs.limits import MANIFEST, MAX_GAME_NAME, MAX_LOGS, MAX_PAYMENTS, count
from tracker.models import CURRENCIES, Player, Tournament
from tracker.rules import MOST_ENTRIES, RulesError
from tracker.rules.catte_settings import check_amount, parse_amount
from tracker.rules.names import check_names, name_key

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
                "amount": group.plain_amount(group.from_minor(payer.amount_minor)),
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
                extra = {"closed": item.is_closed, **left_the_table(item)}
            log = log_format.export(item)
            archive.writestr(name, json.dumps(log, ensure_ascii=False, indent=1))
            manifest["logs"].append({"file": name, "name": item.name, **extra})
        manifest["players"] = list(group.players.values_list("name", flat=True))
        manifest["payments"] = payment_entries(group)
        archive.writestr("group.json", json.dumps(manifest, ensure_ascii=False, indent=1))
    return buffer.getvalue()


def left_the_table(session) -> dict:
    """Who has left an open session for the evening, and after which round: a log only shows
    him absent from the rounds since, not that the next one starts without him."""
    if session.is_closed:
        return {}
    seats = session.seats.select_related("player").filter(left_after_round__isnull=False)
    left = {seat.player.name: seat.left_after_round for seat in seats.order_by("seat")}
    return {"left": left} if left else {}


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


def check_manifest(manifest: dict) -> None:
    """Refuse a manifest that is not exactly what `export_zip` writes, within the caps."""
    if manifest.get("format") != FORMAT:
        raise RulesError(_('backup: "format" must be "%(format)s"') % {"format": FORMAT})
    keys = {"format", "group", "currency", "logs", "players", "payments"}
    _only_keys(manifest, keys, "backup", required=("currency", "logs"))
    currency = manifest.get("currency")
    if not isinstance(currency, str) or currency not in CURRENCIES:
        raise RulesError(
            _("backup: currency %(currency)s is not one this app keeps")
            % {"currency": _shown(currency)}
        )
    if not isinstance(manifest.get("group", ""), str):
        raise RulesError(_('backup: "group" must be the name of the group'))
    logs = _listed(manifest, "logs", MAX_LOGS)
    players = _listed(manifest, "players", MAX_PLAYERS)
    payments = _listed(manifest, "payments", MAX_PAYMENTS)
    # Translators: "players" is a key of a backup's group.json; keep it as it is.
    check_names(players, _("backup: players"))
    files = set()
    for number, entry in enumerate(logs, start=1):
        # Translators: "logs" is a key of a backup's group.json; keep it as it is.
        where = _("backup: logs %(number)d") % {"number": number}
        _check_entry(entry, where, currency)
        if entry["file"] in files:
            raise RulesError(
                _("%(where)s: %(file)s is named twice") % {"where": where, "file": entry["file"]}
            )
        files.add(entry["file"])
    known = {name_key(name): name for name in players}
    for number, payment in enumerate(payments, start=1):
        where = _("backup: payment %(number)d") % {"number": number}
        _check_payment(payment, where, known, currency)


def _only_keys(entry, keys: set, where: str, required: tuple = ()) -> None:
    if not isinstance(entry, dict):
        raise RulesError(_("%(where)s: must be an object") % {"where": where})
    for key in entry:
        if key not in keys:
            raise RulesError(
                _("%(where)s: unknown key %(key)s") % {"where": where, "key": _shown(key)}
            )
    for key in required:
        if key not in entry:
            raise RulesError(_('%(where)s: "%(key)s" is missing') % {"where": where, "key": key})


def _shown(value) -> str:
    """A value in a message, cut short: the message is shown on a page."""
    text = repr(value)
    return text if len(text) <= 60 else f"{text[:57]}..."


def _listed(manifest: dict, key: str, most: int) -> list:
    items = manifest.get(key, [])
    if not isinstance(items, list):
        raise RulesError(_('backup: "%(key)s" must be a list') % {"key": key})
    if len(items) > most:
        raise RulesError(
            _too_many(key, len(items)) % {"count": count(len(items)), "most": count(most)}
        )
    return items


def _too_many(key: str, number: int) -> str:
    """A refusal of a list of the manifest past its cap, to fill with "count" and "most"."""
    if key == "logs":
        return ngettext(
            "backup: %(count)s game log; a backup holds at most %(most)s",
            "backup: %(count)s game logs; a backup holds at most %(most)s",
            number,
        )
    if key == "players":
        return ngettext(
            "backup: %(count)s player; a backup holds at most %(most)s",
            "backup: %(count)s players; a backup holds at most %(most)s",
            number,
        )
    return ngettext(
        "backup: %(count)s payment; a backup holds at most %(most)s",
        "backup: %(count)s payments; a backup holds at most %(most)s",
        number,
    )


def _money(text, where: str, currency: str, *, positive: bool = False) -> Decimal:
    """An amount as a backup writes it: the logs' amounts, in the currency's decimals."""
    amount = parse_amount(text, where)
    check_amount(amount, where, positive=positive)
    decimals = CURRENCIES[currency]
    if amount != amount.quantize(Decimal(1).scaleb(-decimals)):
        words = {"where": where, "currency": currency, "decimals": decimals}
        if decimals == 0:
            raise RulesError(_("%(where)s: %(currency)s amounts have no decimals") % words)
        raise RulesError(
            ngettext(
                "%(where)s: %(currency)s amounts have at most %(decimals)d decimal",
                "%(where)s: %(currency)s amounts have at most %(decimals)d decimals",
                decimals,
            )
            % words
        )
    return amount


def _check_entry(entry, where: str, currency: str) -> None:
    keys = {"file", "name", "game_stake", "buy_in", "closed", "left"}
    _only_keys(entry, keys, where, required=("file",))
    _check_left(entry.get("left", {}), where)
    file = entry["file"]
    if not isinstance(file, str) or file == MANIFEST or not limits.FILE_NAME.fullmatch(file):
        raise RulesError(
            _("%(where)s: file must be the name of a game log such as session-1.json")
            % {"where": where}
        )
    name = entry.get("name", "")
    if not isinstance(name, str) or len(name) > MAX_GAME_NAME:
        raise RulesError(
            _("%(where)s: name must be text of at most %(most)d characters")
            % {"where": where, "most": MAX_GAME_NAME}
        )
    for key in ("game_stake", "buy_in"):
        if key in entry:
            _money(entry[key], f"{where}: {key}", currency)
    if type(entry.get("closed", True)) is not bool:
        raise RulesError(_("%(where)s: closed must be true or false") % {"where": where})


def _check_left(left, where: str) -> None:
    """{"name": round after which he left}, as `left_the_table` writes it."""
    if not isinstance(left, dict) or len(left) > MAX_PLAYERS:
        raise RulesError(
            _("%(where)s: left must name at most %(most)d players with the round each left after")
            % {"where": where, "most": MAX_PLAYERS}
        )
    for name, after_round in left.items():
        if type(after_round) is not int or not 0 <= after_round <= MOST_ENTRIES:
            raise RulesError(
                _("%(where)s: left: %(name)s must have the number of a round")
                % {"where": where, "name": _shown(name)}
            )


def _check_payment(payment, where: str, known: dict, currency: str) -> None:
    keys = {"from", "to", "amount", "note", "reversed"}
    _only_keys(payment, keys, where, required=("from", "to", "amount"))
    for key in ("from", "to"):
        name = payment[key]
        if not isinstance(name, str) or name_key(name) not in known:
            raise RulesError(
                _('%(where)s: "%(key)s" %(name)s is not one of the backup\'s players')
                % {"where": where, "key": key, "name": _shown(name)}
            )
    if name_key(payment["from"]) == name_key(payment["to"]):
        raise RulesError(
            _("%(where)s: %(player)s cannot pay themselves")
            % {"where": where, "player": payment["from"]}
        )
    _money(payment["amount"], f"{where}: amount", currency, positive=True)
    note = payment.get("note", "")
    if not isinstance(note, str) or len(note) > NOTE_MAX:
        raise RulesError(
            _("%(where)s: note must be text of at most %(most)d characters")
            % {"where": where, "most": NOTE_MAX}
        )
    if type(payment.get("reversed", False)) is not bool:
        raise RulesError(_("%(where)s: reversed must be true or false") % {"where": where})


def import_zip(group, data: bytes, user) -> None:
    """Everything in the backup, into a group that has played nothing yet; all or nothing."""
    restore(group, read_zip(data), user)


def restore(group, backup: tuple[dict, dict[str, bytes]], user) -> None:
    """A backup read by `read_zip`, into a group that has played nothing yet; all or nothing."""
    manifest, logs = backup
    if group.tournaments.exists() or group.sessions.exists() or group.transactions.exists():
        raise RulesError(_("backup: restore into a group that has played nothing yet"))
    if manifest["currency"] != group.currency:
        raise RulesError(
            _("backup: the amounts are in %(backup)s, not %(group)s")
            % {"backup": manifest["currency"], "group": group.currency}
        )
    with transaction.atomic():
        known = {name_key(name) for name in group.players.values_list("name", flat=True)}
        new = [name for name in manifest.get("players", []) if name_key(name) not in known]
        if len(known) + len(new) > MAX_PLAYERS:
            raise RulesError(
                _("backup: the group would have %(count)d players; a group has at most %(most)d")
                % {"count": len(known) + len(new), "most": MAX_PLAYERS}
            )
        Player.objects.bulk_create(Player(group=group, name=name) for name in new)
        touch_group(group.pk)
        for entry in manifest["logs"]:
            where = _("backup: %(file)s") % {"file": entry["file"]}
            try:
                restore_log(group, entry, registry.read(logs[entry["file"]]), user)
            except MissingPlayers as missing:
                raise RulesError(
                    _("%(where)s: %(missing)s; %(manifest)s must list them")
                    % {"where": where, "missing": missing, "manifest": MANIFEST}
                ) from missing
            except RulesError as error:
                message = str(error)
                if message.startswith(where):
                    raise
                raise RulesError(f"{where}: {message}") from error
        players = {name_key(player.name): player for player in group.players.all()}
        for number, payment in enumerate(manifest.get("payments", []), start=1):
            try:
                restore_payment(group, players, payment, user)
            except PaymentError as error:
                where = _("backup: payment %(number)d") % {"number": number}
                raise RulesError(f"{where}: {error}") from error


def restore_log(group, entry: dict, log: dict, user) -> None:
    """One tournament or session of the backup, with what its log does not hold."""
    if registry.format_of(log).model is Tournament:
        money_rules = {key: Decimal(entry.get(key, "0")) for key in ("game_stake", "buy_in")}
        game = registry.import_log(group, log, user, money_rules=money_rules)
    else:
        game = registry.import_log(group, log, user, closed=entry.get("closed", True))
        for name, after_round in entry.get("left", {}).items():
            _restore_left(game, name, after_round, user)
    type(game).objects.filter(pk=game.pk).update(name=entry.get("name", ""))
    touch_group(group.pk)


def _restore_left(session, name: str, after_round: int, user) -> None:
    board = catte_board.load(session)
    seat = next(
        (seat for seat in board.seats if name_key(seat.player.name) == name_key(name)), None
    )
    if seat is None or session.is_closed:
        raise RulesError(
            _("left: %(name)s does not sit at this open session") % {"name": _shown(name)}
        )
    seating.leave(board, seat.player_id, session.version, user, after_round=after_round)


def restore_payment(group, players: dict, payment: dict, user) -> None:
    """One payment of a checked manifest; `players` by `name_key` of their names."""
    entry = record_payment(
        group,
        players[name_key(payment["from"])],
        players[name_key(payment["to"])],
        Decimal(payment["amount"]),
        user,
        payment.get("note", ""),
    )
    if payment.get("reversed"):
        reverse_payment(entry, user)
