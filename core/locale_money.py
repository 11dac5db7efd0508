"""Money and numbers written the way the reader's language writes them, from CLDR data (Babel):
"€1,234.50" in English, "1.234,50 €" in German, "12.000 ₫" in Vietnamese.

Only for people: logs, exports, backups and CSV write amounts plainly ("1234.50") so a file from
one phone reads the same on any other.
"""

import functools
import re
from decimal import Decimal

from babel import Locale, UnknownLocaleError
from babel.numbers import NumberFormatError, format_currency, format_decimal, parse_decimal
from django.utils.translation import get_language


def reader_locale() -> Locale:
    """The Babel locale of the active language ("en" when none is)."""
    return locale_of(get_language() or "en")


@functools.cache
def locale_of(language: str) -> Locale:
    try:
        return Locale.parse(language.replace("-", "_"))
    except (ValueError, UnknownLocaleError):
        return Locale.parse("en")


def format_money(amount: Decimal, currency: str, signed: bool = False) -> str:
    """The amount with its currency, in the currency's own decimals (VND and JPY have none);
    with `signed`, a gain carries its "+" as a loss carries its "-"."""
    text = _currency_text(amount, currency, get_language() or "en")
    return f"+{text}" if signed and amount > 0 else text


@functools.lru_cache(maxsize=4096)
def _currency_text(amount: Decimal, currency: str, language: str) -> str:
    # A page writes the same few amounts (stakes, shares, totals) many times over, and each is
    # formatted from the CLDR patterns anew; equal amounts (1.0 and 1.00) are written alike.
    return format_currency(amount, currency, locale=locale_of(language))


def format_number(amount: Decimal, decimals: int) -> str:
    """The amount without a currency, with exactly `decimals` decimals and the reader's
    grouping: for chart axes and columns already headed by the currency."""
    pattern = "#,##0" + ("." + "0" * decimals if decimals else "")
    return format_decimal(amount, format=pattern, locale=reader_locale())


def plain_number(amount: Decimal, decimals: int) -> str:
    """The amount as a typed field shows it for correction: the reader's decimal mark, no
    grouping ("1234,50" in German), so it reads back exactly."""
    pattern = "0" + ("." + "0" * decimals if decimals else "")
    return format_decimal(amount, format=pattern, locale=reader_locale())


def parse_amount(text: str) -> Decimal | None:
    """What a person typed, read in his language: "1,50" and "1.234,50" in German, "12.000" in
    Vietnamese, "1,234.50" in English. A single mark that cannot be the language's grouping
    ("1.50" in German, "1,50" in English) is read as the decimal mark: phone keyboards often
    offer only one of them. None when it is no plain number (no exponents, no other digits)."""
    text = text.strip().replace("\u00a0", "").replace(" ", "")
    if not PLAIN_NUMBER.fullmatch(text):
        return None
    try:
        return parse_decimal(text, locale=reader_locale(), strict=True)
    except NumberFormatError:
        pass
    if text.count(".") + text.count(",") == 1:
        return Decimal(text.replace(",", "."))
    return None


PLAIN_NUMBER = re.compile(r"[-+]?(\d[\d.,]*|[.,]\d+)", re.ASCII)


def amount_text(group, amount: Decimal) -> str:
    """An amount of the group's money for people: "€12.50", "12,50 €", "12.000 ₫"."""
    return format_money(amount, group.currency)


def signed_text(group, amount: Decimal) -> str:
    """ "+€12.50", "-€3.00", "€0.00": gains carry their sign too."""
    return format_money(amount, group.currency, signed=True)


def number_text(group, amount: Decimal) -> str:
    """Without the currency: where a heading or an axis already names it."""
    return format_number(amount, group.decimals)
