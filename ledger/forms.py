from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.bounds import LARGEST_COUNT
from core.idempotency import IdempotencyKeyField, new_idempotency_key
from core.money import money_field
from core.names import by_name
from ledger import banks
from ledger.payments import NOTE_MAX


class VersionField(forms.IntegerField):
    """The version of the group's pages a form was rendered from, written by the page."""

    widget = forms.HiddenInput

    def __init__(self, **kwargs):
        super().__init__(min_value=0, max_value=LARGEST_COUNT, **kwargs)


class PaymentForm(forms.Form):
    """A payment typed in: who paid whom, how much (in the reader's language), and a note."""

    payer = forms.TypedChoiceField(coerce=int, label=gettext_lazy("Who paid"))
    payee = forms.TypedChoiceField(coerce=int, label=gettext_lazy("Who received"))
    note = forms.CharField(
        max_length=NOTE_MAX, required=False, label=gettext_lazy("Note (optional)")
    )
    version = VersionField()
    once = IdempotencyKeyField()

    def __init__(self, *args, group, **kwargs):
        super().__init__(*args, **kwargs)
        self.players = {player.pk: player for player in by_name(group.players.all())}
        choices = [("", "—")] + [(pk, player.name) for pk, player in self.players.items()]
        payer, payee = self.fields["payer"], self.fields["payee"]
        assert isinstance(payer, forms.ChoiceField) and isinstance(payee, forms.ChoiceField)
        payer.choices = payee.choices = choices
        self.fields["amount"] = money_field(
            group, _("Amount (%(currency)s)") % {"currency": group.currency}
        )
        self.order_fields(["payer", "payee", "amount", "note", "version", "once"])
        # Drawn for the balances as they are now, with a new key: sent twice, one payment.
        self.fields["version"].initial = group.version
        self.fields["once"].initial = new_idempotency_key()

    def clean(self):
        data = super().clean()
        assert data is not None
        for role in ("payer", "payee"):
            if role in data:
                data[role] = self.players[data[role]]
        return data


class PaidForm(PaymentForm):
    """A suggested transfer recorded as paid, in full, with one tap: every field is written by
    the page, the amount plainly ("2.50", "30000") whatever the reader's language."""

    def __init__(self, *args, group, **kwargs):
        super().__init__(*args, group=group, **kwargs)
        self.fields["amount"] = money_field(group, _("Amount"), hidden=True)
        for name in ("payer", "payee"):
            self.fields[name].widget = forms.HiddenInput()
        del self.fields["note"]


class PaymentDetailsForm(forms.Form):
    """A player's payment details as typed: the fields of the group's kind (payment_details.py
    checks them), and the version of them the page showed."""

    holder = forms.CharField(max_length=70, required=False, label=gettext_lazy("Account holder"))
    iban = forms.CharField(max_length=50, required=False, label=gettext_lazy("IBAN"))
    bic = forms.CharField(max_length=20, required=False, label=gettext_lazy("BIC (optional)"))
    bank_bin = forms.ChoiceField(required=False, label=gettext_lazy("Bank"))
    account = forms.CharField(max_length=30, required=False, label=gettext_lazy("Account number"))
    text = forms.CharField(
        max_length=140,
        required=False,
        label=gettext_lazy("How to pay this player"),
        help_text=gettext_lazy("For example “PayPal: chi@example.com”."),
    )
    number = forms.IntegerField(min_value=0, max_value=LARGEST_COUNT, widget=forms.HiddenInput)

    KINDS = {"iban": ("holder", "iban", "bic"), "bank": ("bank_bin", "account"), "text": ("text",)}

    def __init__(self, *args, kind, latest, **kwargs):
        super().__init__(*args, **kwargs)
        for name in [n for n in self.fields if n != "number" and n not in self.KINDS[kind]]:
            del self.fields[name]
        if "bank_bin" in self.fields:
            bank_bin = self.fields["bank_bin"]
            assert isinstance(bank_bin, forms.ChoiceField)
            bank_bin.choices = [("", "—"), *banks.by_name()]
        if latest is not None and not self.is_bound:
            self.initial = {**latest.values, "iban": latest.iban_formatted}
        self.fields["number"].initial = latest.number if latest else 0
