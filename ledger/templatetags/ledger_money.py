from django import template
from django.utils.html import format_html_join

register = template.Library()


@register.simple_tag
def money(group, amount, signed=False):
    """An amount with the group currency's decimals: "12.50", "-3.00", "50000"."""
    return group.format_signed(amount) if signed else group.format_amount(amount)


@register.simple_tag
def payment_fields(balances, transfer):
    """Hidden fields that record a suggested transfer as paid, in full, with one tap."""
    values = {
        "payer": balances.row_of(transfer.payer).player.pk,
        "payee": balances.row_of(transfer.payee).player.pk,
        "amount": balances.group.format_amount(transfer.amount),
    }
    return format_html_join(
        "", '<input type="hidden" name="{}" value="{}">', sorted(values.items())
    )
