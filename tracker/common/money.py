"""Money as the table sees it: amounts typed into forms, and signed amounts with their colour.

Amounts are Decimal in the group's currency, never float, with no more decimals than the
currency has. The colour of an amount (gain, loss, nothing) is decided here and nowhere else.
"""

from decimal import Decimal

from django import forms

from tracker.rules import RulesError
from tracker.rules.catte_settings import MOST_MONEY


def tone(amount) -> str:
    """The CSS class of a signed amount: "pos" for a gain, "neg" for a loss, "" for nothing."""
    return "pos" if amount > 0 else "neg" if amount < 0 else ""


def signed(group, amount: Decimal) -> dict:
    """An amount for display: text with its sign, and the colour class."""
    return {"text": group.format_signed(amount), "tone": tone(amount)}


def money_field(group, label: str, required: bool = True, help_text: str = ""):
    decimals = group.decimals
    too_fine = (
        f"{group.currency} amounts have no decimals."
        if decimals == 0
        else f"{group.currency} amounts have at most {decimals} decimals."
    )
    return forms.DecimalField(
        label=label,
        required=required,
        min_value=Decimal(0),
        max_value=MOST_MONEY,
        max_digits=12,
        decimal_places=decimals,
        help_text=help_text,
        error_messages={
            "required": f"{label}: the table agrees on an amount.",
            "max_decimal_places": too_fine,
            "min_value": f"{label}: cannot be negative.",
            "max_value": f"{label}: at most {MOST_MONEY:,}.",
            "invalid": f"{label}: an amount such as {'5' if decimals == 0 else '0.50'}.",
        },
        widget=forms.TextInput(
            attrs={"inputmode": "decimal" if decimals else "numeric", "autocomplete": "off"}
        ),
    )


def check_in_currency(group, amounts: dict) -> None:
    """Refuse an amount (what → Decimal) the group's currency cannot hold: more decimals than
    it has (VND has none), negative, or past the bound every amount has."""
    for what, value in amounts.items():
        if value is None:
            continue
        amount = Decimal(value)
        if not Decimal(0) <= amount <= MOST_MONEY:
            raise RulesError(f"{what}: {amount} is not an amount from 0 to {MOST_MONEY:,}")
        if amount != amount.quantize(Decimal(1).scaleb(-group.decimals)):
            places = "no decimals" if group.decimals == 0 else f"{group.decimals} decimals"
            raise RulesError(f"{what}: {group.currency} amounts have {places}, not {amount}")
