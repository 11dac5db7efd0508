import secrets

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ledger.payments import NOTE_MAX
from tracker.common.money import money_field
from tracker.common.names import by_name


class PaymentForm(forms.Form):
    payer = forms.TypedChoiceField(coerce=int, label=gettext_lazy("Who paid"))
    payee = forms.TypedChoiceField(coerce=int, label=gettext_lazy("Who received"))
    note = forms.CharField(
        max_length=NOTE_MAX, required=False, label=gettext_lazy("Note (optional)")
    )
    once = forms.RegexField(regex=r"^[0-9a-f]{32}$", required=False, widget=forms.HiddenInput)

    def __init__(self, *args, group, **kwargs):
        super().__init__(*args, **kwargs)
        self.players = {player.pk: player for player in by_name(group.players.all())}
        choices = [("", "—")] + [(pk, player.name) for pk, player in self.players.items()]
        self.fields["payer"].choices = self.fields["payee"].choices = choices
        self.fields["amount"] = money_field(
            group, _("Amount (%(currency)s)") % {"currency": group.currency}
        )
        self.order_fields(["payer", "payee", "amount", "note", "once"])
        # A new key for each form drawn: sent twice, it records one payment.
        self.fields["once"].initial = secrets.token_hex(16)

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        data["payer"], data["payee"] = self.players[data["payer"]], self.players[data["payee"]]
        if data["payer"] == data["payee"]:
            raise forms.ValidationError(
                _("%(player)s cannot pay themselves.") % {"player": data["payer"].name}
            )
        if data["amount"] <= 0:
            self.add_error("amount", _("A payment is more than zero."))
        return data
