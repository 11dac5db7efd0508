import csv
from functools import partial

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import StreamingHttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.functional import SimpleLazyObject
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from core.models import Role
from core.versioning import RestoreRunning, StalePage
from core.web.permissions import group_for
from core.web.shared_part import shared_key
from core.web.views import (
    idempotency_key_of_request,
    live_part,
    page_version,
    render_chat_text,
    render_page,
    say_once,
)
from ledger import reports
from ledger.balances import cached_balances, group_balances
from ledger.forms import PaidForm, PaymentDetailsForm, PaymentForm
from ledger.models import Posting, Transaction
from ledger.payment_details import (
    DetailsRefused,
    change_details,
    current_details,
    details_of,
    kind_of,
    may_change,
    stale_details_message,
)
from ledger.payments import PaymentError, record_payment, reverse_payment

LATEST_PAYMENTS = 10
BALANCES_TEMPLATE = "ledger/balances.html"


@login_required
@require_GET
def balances(request, pk):
    group = group_for(request, pk)
    payments = group.transactions.filter(kind=Transaction.Kind.PAYMENT)
    context = {
        "group": group,
        "balances": cached_balances(group),
        "can_score": group.membership.allows(Role.SCORER),
        "payments": payments.select_related("reversed_by").order_by("-created_at", "-pk")[
            :LATEST_PAYMENTS
        ],
        # Read only when the render every reader shares is not kept yet.
        "details": SimpleLazyObject(partial(current_details, group)),
        "today": timezone.localdate(),  # a code says when the payee's details changed lately
    }
    shared = shared_key(group, group, context["today"])
    context["live_html"] = live_part(request, BALANCES_TEMPLATE, context, shared)
    return render_page(request, BALANCES_TEMPLATE, context)


@login_required
@require_http_methods(["GET", "POST"])
def payment_new(request, pk):
    group = group_for(request, pk, role=Role.SCORER)
    form = PaymentForm(request.POST or None, group=group, initial=request.GET.dict())
    if request.method == "POST" and form.is_valid():
        try:
            return recorded(request, group, form.cleaned_data)
        except StalePage as refusal:
            # The form stays as typed, rendered for the balances as they are now.
            form = PaymentForm({**request.POST.dict(), "version": group.version}, group=group)
            form.add_error(None, str(refusal))
        except (PaymentError, RestoreRunning) as error:
            form.add_error(None, str(error))
    return render(request, "ledger/payment_form.html", {"group": group, "form": form})


@login_required
@require_POST
def transfer_paid(request, pk):
    """A suggested transfer paid in full, with the one tap of its "Paid" button."""
    group = group_for(request, pk, role=Role.SCORER)
    form = PaidForm(request.POST, group=group)
    try:
        if form.is_valid():
            return recorded(request, group, form.cleaned_data)
        messages.error(request, _("Reload the page and try again."))
    except (StalePage, PaymentError, RestoreRunning) as refusal:
        messages.error(request, str(refusal))
    return redirect("balances", pk=group.pk)


def recorded(request, group, data):
    """Record the payment a form asked for; back to the balances, which say so."""
    entry = record_payment(
        group, data["payer"], data["payee"], data["amount"], request.user,
        version=data["version"], idempotency_key=data["once"], note=data.get("note", ""),
    )  # fmt: skip
    say_once(request, messages.SUCCESS, _("Recorded: %(payment)s.") % {"payment": entry.line})
    return redirect("balances", pk=group.pk)


@login_required
@require_POST
def payment_reverse(request, pk, transaction_pk):
    group = group_for(request, pk, role=Role.SCORER)
    entry = get_object_or_404(group.transactions, pk=transaction_pk)
    version = page_version(request)
    try:
        if version is None:
            raise PaymentError(_("Reload the page and try again."))
        reverse_payment(
            entry,
            request.user,
            version=version,
            idempotency_key=idempotency_key_of_request(request),
        )
        done = _("Reversed: %(payment)s. Both entries stay in the ledger.")
        say_once(request, messages.SUCCESS, done % {"payment": entry.line})
    except (StalePage, PaymentError, RestoreRunning) as refusal:
        messages.error(request, str(refusal))
    return redirect("balances", pk=group.pk)


@login_required
@require_http_methods(["GET", "POST"])
def payment_details(request, pk, player_pk):
    """A player's payment details, every version of them, and (to whom it is allowed) a form."""
    group = group_for(request, pk)
    player = get_object_or_404(group.players, pk=player_pk)
    kind, latest = kind_of(group), details_of(player)
    form = PaymentDetailsForm(request.POST or None, kind=kind, latest=latest)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            change_details(group, player, request.user, data, number=data["number"])
            saved = _("Saved: %(player)s's payment details.") % {"player": player.name}
            messages.success(request, saved)
            return redirect("payment_details", pk=group.pk, player_pk=player.pk)
        except (DetailsRefused, RestoreRunning) as refusal:
            form = typed_again(request, kind, player, str(refusal))
    elif form.has_error("number"):  # a version no page drew: stale, like any other
        form = typed_again(request, kind, player, stale_details_message(player))
    context = {"group": group, "player": player, "form": form, "kind": kind}
    context["history"] = player.payment_details.select_related("changed_by")[:50]
    context["can_change"] = may_change(group, player)
    return render(request, "ledger/payment_details.html", context)


def typed_again(request, kind, player, refusal: str) -> PaymentDetailsForm:
    """The form as typed, against the details as they are now, saying why nothing was saved."""
    latest = details_of(player)
    typed = {**request.POST.dict(), "number": latest.number if latest else 0}
    form = PaymentDetailsForm(typed, kind=kind, latest=latest)
    form.add_error(None, refusal)
    return form


def page_number(request, last: int = 100_000) -> int:
    """The ?page= of a list, from 1; anything else reads as the first page."""
    text = request.GET.get("page", "")
    return int(text) if text.isdigit() and 1 <= int(text) <= last else 1


@login_required
@require_GET
def statement(request, pk, player_pk):
    group = group_for(request, pk)
    player = get_object_or_404(group.players, pk=player_pk)
    number = page_number(request)
    page = SimpleLazyObject(partial(reports.statement_page, group, player, number))
    context = {"group": group, "player": player, "page": page, "number": number}
    return render_page(request, "ledger/statement.html", context)


@login_required
@require_GET
def summary(request, pk):
    group = group_for(request, pk)
    text = reports.balances_text(group_balances(group))
    return render_chat_text(request, text, about=group.name, back=reverse("balances", args=[pk]))


@login_required
@require_GET
def ledger_csv(request, pk):
    group = group_for(request, pk)
    postings = (
        Posting.objects.filter(transaction__group=group)
        .select_related("transaction", "account__player")
        .order_by("transaction__created_at", "transaction_id", "pk")
    )
    writer = csv.writer(reports.Echo())
    rows = (writer.writerow(row) for row in reports.csv_rows(group, postings.iterator()))
    response = StreamingHttpResponse(rows, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="ledger-{group.pk}.csv"'
    return response
