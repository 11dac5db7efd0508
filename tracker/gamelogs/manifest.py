"""What a backup's group.json must be: exactly what `backup.export_zip` writes, within the caps
of `limits`, checked as a whole before anything is restored. A refusal is a RulesError naming
the entry and the key at fault."""

from datetime import date
from decimal import Decimal
from functools import partial

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from basics.errors import RulesError
from basics.money import check_amount, parse_amount
from basics.names import check_names, name_key, name_problem, short_name_problem
from core import games
from core.models import CURRENCIES
from core.seats import MAX_PLAYERS
from core.text import shown_value
from ledger.payments import NOTE_MAX, PaymentError, check_note
from tracker.gamelogs import limits
from tracker.gamelogs.limits import MANIFEST, MAX_GAME_NAME, MAX_LOGS, MAX_PAYMENTS, count
from tracker.models.seasons import MOST_SEASONS, SEASON_NAME_MAX

FORMAT = "cardtable-backup/1"


def check_manifest(manifest: dict) -> None:
    """Refuse a manifest that is not exactly what `export_zip` writes, within the caps."""
    if manifest.get("format") != FORMAT:
        raise RulesError(_('backup: "format" must be "%(format)s"') % {"format": FORMAT})
    keys = {"format", "group", "currency", "logs", "players", "short_names", "payments", "seasons"}
    keys |= {"payment_details_included", "balances", "open_shares"}
    _only_keys(manifest, keys, "backup", required=("currency", "logs"))
    if manifest.get("payment_details_included", False) is not False:
        raise RulesError(_('backup: "payment_details_included" must be false'))
    currency = manifest.get("currency")
    if not isinstance(currency, str) or currency not in CURRENCIES:
        raise RulesError(
            _("backup: currency %(currency)s is not one this app keeps")
            % {"currency": shown_value(currency)}
        )
    if not isinstance(manifest.get("group", ""), str):
        raise RulesError(_('backup: "group" must be the name of the group'))
    logs = _listed(manifest, "logs", MAX_LOGS)
    players = _listed(manifest, "players", MAX_PLAYERS)
    payments = _listed(manifest, "payments", MAX_PAYMENTS)
    # Translators: "players" is a key of a backup's group.json; keep it as it is.
    check_names(players, _("backup: players"))
    short_names(manifest.get("short_names", {}), [(name, "") for name in players])
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
    check_seasons(_listed(manifest, "seasons", MOST_SEASONS))
    for key in ("balances", "open_shares"):
        _check_amounts(manifest.get(key, {}), key, known, currency)


def check_seasons(seasons: list) -> None:
    """The group's named seasons as a backup writes them: {"name", "starts", "ends"} each, the
    days as 2026-03-01, a name given once."""
    names = set()
    for number, entry in enumerate(seasons, start=1):
        # Translators: "seasons" is a key of a backup's group.json; keep it as it is.
        where = _("backup: seasons %(number)d") % {"number": number}
        _only_keys(entry, {"name", "starts", "ends"}, where, required=("name", "starts", "ends"))
        problem = name_problem(entry["name"], SEASON_NAME_MAX)
        if problem:
            raise RulesError(f"{where}: {problem}")
        if name_key(entry["name"]) in names:
            raise RulesError(
                _("%(where)s: %(name)s is named twice")
                % {"where": where, "name": shown_value(entry["name"])}
            )
        names.add(name_key(entry["name"]))
        if season_days(entry) is None:
            raise RulesError(
                _("%(where)s: starts and ends must be days such as 2026-03-01, in order")
                % {"where": where}
            )


def season_days(entry: dict) -> tuple[date, date] | None:
    """(first day, last day) of a backup's season; None unless both are days, in order."""
    try:
        starts, ends = date.fromisoformat(entry["starts"]), date.fromisoformat(entry["ends"])
    except (TypeError, ValueError):
        return None
    return (starts, ends) if starts <= ends else None


def short_names(shorts, players: list[tuple[str, str]]) -> dict[str, str]:
    """A backup's short names ({"name": "short name"}) checked as the player's form checks
    them, beside `players` (the group's (name, short name) pairs); by `name_key` of the name."""
    # Translators: "short_names" is a key of a backup's group.json; keep it as it is.
    where = _("backup: short_names")
    if not isinstance(shorts, dict) or len(shorts) > MAX_PLAYERS:
        raise RulesError(
            _("%(where)s: must give players' names their short names") % {"where": where}
        )
    wanted = {name_key(name): short for name, short in shorts.items()}
    names = {name_key(name) for name, _short in players}
    for name, short in shorts.items():
        if name_key(name) not in names:
            raise RulesError(
                _("%(where)s: %(name)s is not one of the backup's players")
                % {"where": where, "name": shown_value(name)}
            )
        others = [
            (other, wanted.get(name_key(other), own))
            for other, own in players
            if name_key(other) != name_key(name)
        ]
        problem = short_name_problem(short, others)
        if problem is not None:
            raise RulesError(
                _("%(where)s: %(name)s: %(problem)s")
                % {"where": where, "name": name, "problem": problem}
            )
    return wanted


def _only_keys(entry, keys: set, where: str, required: tuple = ()) -> None:
    if not isinstance(entry, dict):
        raise RulesError(_("%(where)s: must be an object") % {"where": where})
    for key in entry:
        if key not in keys:
            raise RulesError(
                _("%(where)s: unknown key %(key)s") % {"where": where, "key": shown_value(key)}
            )
    for key in required:
        if key not in entry:
            raise RulesError(_('%(where)s: "%(key)s" is missing') % {"where": where, "key": key})


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
    if key == "seasons":
        return ngettext(
            "backup: %(count)s season; a backup holds at most %(most)s",
            "backup: %(count)s seasons; a backup holds at most %(most)s",
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


def _check_amounts(amounts, key: str, known: dict, currency: str) -> None:
    """{"name": amount} of the backup's players, as `balance_entries` writes them: what the
    ledger came to, which a restore must come to too; an amount may be below zero."""
    # Translators: "balances" and "open_shares" are keys of a backup's group.json; keep them.
    where = _("backup: %(key)s") % {"key": key}
    if not isinstance(amounts, dict) or len(amounts) > len(known):
        raise RulesError(
            _("%(where)s: must give the backup's players their amounts") % {"where": where}
        )
    for name, amount in amounts.items():
        if name_key(name) not in known:
            raise RulesError(
                _("%(where)s: %(name)s is not one of the backup's players")
                % {"where": where, "name": shown_value(name)}
            )
        text = amount[1:] if isinstance(amount, str) and amount.startswith("-") else amount
        _money(text, f"{where}: {name}", currency)


def _check_entry(entry, where: str, currency: str) -> None:
    """A game log's entry: its file, its name, and what each kind of game keeps besides (the
    registry of games' `backup_keys`, checked by the game)."""
    extra = set().union(*(game_kind.backup_keys for game_kind in games.every_kind()))
    _only_keys(entry, {"file", "name", *extra}, where, required=("file",))
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
    if name and (problem := name_problem(name, MAX_GAME_NAME)):
        raise RulesError(_("%(where)s: name: %(problem)s") % {"where": where, "problem": problem})
    for game_kind in games.every_kind():
        game_kind.check_backup_entry(entry, where, partial(_money, currency=currency))


def _check_payment(payment, where: str, known: dict, currency: str) -> None:
    keys = {"from", "to", "amount", "note", "reversed"}
    _only_keys(payment, keys, where, required=("from", "to", "amount"))
    for key in ("from", "to"):
        name = payment[key]
        if not isinstance(name, str) or name_key(name) not in known:
            raise RulesError(
                _('%(where)s: "%(key)s" %(name)s is not one of the backup\'s players')
                % {"where": where, "key": key, "name": shown_value(name)}
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
    try:
        check_note(note)  # as the payments' gate reads it
    except PaymentError as refusal:
        raise RulesError(f"{where}: {refusal}") from refusal
    if type(payment.get("reversed", False)) is not bool:
        raise RulesError(_("%(where)s: reversed must be true or false") % {"where": where})
