from django import template
from django.utils.html import format_html_join
from django.utils.safestring import mark_safe

from core.locale_money import amount_text, signed_text
from ledger.payment_codes import svg
from ledger.payment_details import changed_by_another, pay_code, reference

register = template.Library()


@register.simple_tag
def money(group, amount, signed=False):
    """An amount with the group currency's decimals: "12.50", "-3.00", "50000"."""
    return signed_text(group, amount) if signed else amount_text(group, amount)


@register.simple_tag
def paid_fields(balances, transfer):
    """Hidden fields that record a suggested transfer as paid, in full, with one tap: the
    amount written plainly ("2.50", "30000"), the same in every language, and the version
    of the balances it was suggested for."""
    group = balances.group
    values = {
        "payer": balances.row_of(transfer.payer).player.pk,
        "payee": balances.row_of(transfer.payee).player.pk,
        "amount": group.plain_amount(transfer.amount),
        "version": group.version,
    }
    return format_html_join(
        "", '<input type="hidden" name="{}" value="{}">', sorted(values.items())
    )


@register.inclusion_tag("ledger/_pay_by_qr.html")
def pay_by_qr(balances, transfer, details, today):
    """For a transfer to a player with payment details: the code to scan and the same as text,
    and how many days ago they were changed when someone else than the payee changed them
    lately."""
    group = balances.group
    payer = balances.row_of(transfer.payer).player
    payee = balances.row_of(transfer.payee).player
    found = details.get(payee.pk)
    if found is None:
        return {"details": None}
    text = reference(group, payer, payee)
    code = pay_code(group, found, transfer.amount, text)
    return {
        "group": group, "payer": payer, "payee": payee, "details": found, "reference": text,
        "amount": amount_text(group, transfer.amount),
        "plain_amount": group.plain_amount(transfer.amount),
        "svg": mark_safe(svg(code)) if code else "",  # segno's markup: no text of a person
        "changed_days_ago": changed_by_another(found, payee, today),
    }  # fmt: skip
