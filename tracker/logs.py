"""Game logs (GAMELOG.md): replay a log of either game into its result document."""

import json

from ledger.settlement import fewest_transfers
from tracker.rules import RulesError, catte, cutthroat


def transfers_document(balances) -> list[dict]:
    return [
        {"from": t.payer, "to": t.payee, "amount": catte.format_money(t.amount)}
        for t in fewest_transfers(balances)
    ]


def replay(doc) -> dict:
    """The result document of a log; RulesError names what is wrong with a bad one."""
    if not isinstance(doc, dict):
        raise RulesError("log: must be a JSON object")
    kind = doc.get("format")
    if kind == cutthroat.FORMAT:
        return cutthroat.replay_log(doc)
    if kind == catte.FORMAT:
        result, balances = catte.replay(doc)
        return {**result, "transfers": transfers_document(balances)}
    raise RulesError(
        f'log: "format" must be "{cutthroat.FORMAT}" or "{catte.FORMAT}", not {kind!r}'
    )


def read(text: str | bytes) -> dict:
    """A log document from JSON text; RulesError for anything that is not a JSON object."""
    try:
        doc = json.loads(text)
    except (ValueError, UnicodeDecodeError) as error:
        raise RulesError(f"log: not valid JSON ({error})") from error
    if not isinstance(doc, dict):
        raise RulesError("log: must be a JSON object")
    return doc
