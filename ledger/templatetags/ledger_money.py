from urllib.parse import urlencode

from django import template

register = template.Library()


@register.simple_tag
def money(group, amount, signed=False):
    """An amount with the group currency's decimals: "12.50", "-3.00", "50000"."""
    text = group.format_amount(amount)
    return f"+{text}" if signed and amount > 0 else text


@register.simple_tag
def payment_query(balances, transfer):
    """The payment form prefilled from a suggested transfer."""
    return urlencode(
        {
            "payer": balances.row_of(transfer.payer).player.pk,
            "payee": balances.row_of(transfer.payee).player.pk,
            "amount": balances.group.format_amount(transfer.amount),
        }
    )
