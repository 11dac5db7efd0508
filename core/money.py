"""Money as the table sees it: amounts typed into forms, and signed amounts with their colour.

Amounts are Decimal in the group's currency, never float, with no more decimals than the
currency has. The colour of an amount (gain, loss, nothing) is decided here and nowhere else.
"""

from decimal import Decimal
from typing import TYPE_CHECKING

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from basics.errors import RulesError
from basics.money import MOST_MONEY
from core.locale_money import format_number, parse_amount, plain_number, signed_text

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


def tone(amount) -> str:
    """The CSS class of a signed amount: "pos" for a gain, "neg" for a loss, "" for nothing."""
    return "pos" if amount > 0 else "neg" if amount < 0 else ""


def signed(group, amount: Decimal) -> dict:
    """An amount for display: text with its sign, and the colour class."""
    return {"text": signed_text(group, amount), "tone": tone(amount)}


class MoneyField(forms.DecimalField):
    """An amount typed in the reader's language ("1,50" in German) and shown back the same way."""

    def to_python(self, value):
        if value in self.empty_values:
            return None
        if isinstance(value, Decimal):
            return value
        amount = parse_amount(str(value)[:40])
        if amount is None:
            raise forms.ValidationError(self.error_messages["invalid"], code="invalid")
        return amount

    def prepare_value(self, value):
        if isinstance(value, Decimal):
            return plain_number(value, self.decimal_places or 0)
        return value


# The amount a refused entry's message gives as an example: one a table of that currency might
# stake ("ví dụ 50.000" for dong, never "5"); others, 5 or 0.50 by their decimals.
EXAMPLE_AMOUNTS = {"VND": Decimal(50000), "KRW": Decimal(5000), "JPY": Decimal(500)}


def example_amount(group) -> str:
    """An example amount of the group's money, written as the reader writes it: "50.000"."""
    usual = Decimal(5) if group.decimals == 0 else Decimal("0.50")
    return format_number(EXAMPLE_AMOUNTS.get(group.currency, usual), group.decimals)


def money_field(
    group,
    label: "StrOrPromise",
    required: bool = True,
    help_text: "StrOrPromise" = "",
    hidden=False,
):
    """An amount of the group's money, typed in the reader's language; `hidden`, a value the
    page wrote plainly ("2.50", "30000"), read the same in every language."""
    decimals = group.decimals
    too_fine = (
        _("%(currency)s amounts have no decimals.") % {"currency": group.currency}
        if decimals == 0
        else ngettext(
            "%(currency)s amounts have at most %(decimals)d decimal.",
            "%(currency)s amounts have at most %(decimals)d decimals.",
            decimals,
        )
        % {"currency": group.currency, "decimals": decimals}
    )
    field_class: type[forms.DecimalField]
    widget: forms.Widget | type[forms.Widget]
    field_class, widget = (
        MoneyField,
        forms.TextInput(
            attrs={"inputmode": "decimal" if decimals else "numeric", "autocomplete": "off"}
        ),
    )
    if hidden:
        field_class, widget = forms.DecimalField, forms.HiddenInput
    return field_class(
        label=label,
        required=required,
        min_value=Decimal(0),
        max_value=MOST_MONEY,
        max_digits=12,
        decimal_places=decimals,
        help_text=help_text,
        error_messages={
            "required": _("%(label)s: the table agrees on an amount.") % {"label": label},
            "max_decimal_places": too_fine,
            "min_value": _("%(label)s: cannot be negative.") % {"label": label},
            "max_value": _("%(label)s: at most %(most)s.")
            % {"label": label, "most": format_number(MOST_MONEY, 0)},
            "invalid": _("%(label)s: an amount such as %(example)s.")
            % {"label": label, "example": example_amount(group)},
        },
        widget=widget,
    )


def check_in_currency(group, amounts: dict) -> None:
    """Refuse an amount (what → Decimal) the group's currency cannot hold: more decimals than
    it has (VND has none), negative, or past the bound every amount has."""
    for what, value in amounts.items():
        if value is None:
            continue
        amount = Decimal(value)
        if not Decimal(0) <= amount <= MOST_MONEY:
            raise RulesError(
                gettext_noop("%(what)s: %(amount)s is not an amount from 0 to %(most)s"),
                what=what,
                amount=amount,
                most=f"{MOST_MONEY:,}",
            )
        if amount != amount.quantize(Decimal(1).scaleb(-group.decimals)):
            if group.decimals == 0:
                template = gettext_noop(
                    "%(what)s: %(currency)s amounts have no decimals, not %(amount)s"
                )
            else:
                template = gettext_noop(
                    "%(what)s: %(currency)s amounts have %(places)s decimals, not %(amount)s"
                )
            raise RulesError(
                template,
                what=what,
                currency=group.currency,
                places=group.decimals,
                amount=amount,
            )
