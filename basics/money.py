"""Money as every game's rules take it: exact `Decimal` amounts of at most two places, read from
a log's strings and written back with exactly two places (docs/log-format.md, "Amounts")."""

import re
from decimal import Decimal

from basics.errors import RulesError
from basics.phrases import Phrase, _

ZERO = Decimal("0.00")
CENT = Decimal("0.01")
_AMOUNT_TEXT = re.compile(r"[0-9]{1,10}(\.[0-9]{1,2})?")
# No table bets a billion of anything; past that, an amount is a typing slip or an attack.
MOST_MONEY = Decimal("1000000000")


def parse_amount(text, where: str | Phrase) -> Decimal:
    """An amount written as the logs write money: a string, at most two places ("1.50", "5").
    `where` names it in a refusal: the key in the log ("rules: stake") or a phrase."""
    if not isinstance(text, str) or not _AMOUNT_TEXT.fullmatch(text):
        raise RulesError(_('%(where)s must be an amount such as "1.00"'), where=where)
    amount = Decimal(text)
    check_amount(amount, where)
    return amount


def format_money(amount: Decimal | None) -> str:
    """Money as the result documents write it: exactly two places, never "-0.00"."""
    return f"{(amount if amount else ZERO).quantize(CENT):f}"


def check_amount(amount, where: str | Phrase, *, positive: bool = False) -> None:
    """Refuse anything but a Decimal of at most two places, not negative (positive if asked)."""
    if (
        not isinstance(amount, Decimal)
        or not amount.is_finite()
        or amount < 0
        or amount != amount.quantize(CENT)
    ):
        raise RulesError(_('%(where)s must be an amount such as "1.00"'), where=where)
    if amount > MOST_MONEY:
        raise RulesError(
            _("%(where)s must be at most %(most)s"), where=where, most=f"{MOST_MONEY:,}"
        )
    if positive and amount == 0:
        raise RulesError(_("%(where)s must be more than 0"), where=where)
