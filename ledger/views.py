import csv

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse, StreamingHttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from ledger import reports
from ledger.balances import group_balances
from ledger.forms import PaymentForm
from ledger.models import Posting, Transaction
from ledger.payments import PaymentError, record_payment, reverse_payment
from tracker.common.permissions import group_for
from tracker.common.views import live_part, once_key, render_page
from tracker.models import Role

LATEST_PAYMENTS = 10


@login_required
@require_GET
def balances(request, pk):
    group = group_for(request, pk)
    can_score = group.membership.allows(Role.SCORER)

    def context():
        payments = group.transactions.filter(kind=Transaction.Kind.PAYMENT)
        return {
            "group": group,
            "balances": group_balances(group),
            "can_score": can_score,
            "payments": payments.select_related("reversed_by").order_by("-created_at", "-pk")[
                :LATEST_PAYMENTS
            ],
        }

    live = live_part(request, "ledger/balances.html", (group.pk, group.version, can_score), context)
    return render_page(request, "ledger/balances.html", {"group": group, "live": live})


@login_required
@require_http_methods(["GET", "POST"])
def payment_new(request, pk):
    group = group_for(request, pk, role=Role.SCORER)
    form = PaymentForm(request.POST or None, group=group, initial=request.GET.dict())
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            payer, payee, amount = data["payer"], data["payee"], data["amount"]
            note, once = data["note"], data["once"] or None
            entry = record_payment(group, payer, payee, amount, request.user, note, once)
            messages.success(request, _("Recorded: %(payment)s.") % {"payment": entry.line})
            return redirect("balances", pk=group.pk)
        except PaymentError as error:
            form.add_error(None, str(error))
    return render(request, "ledger/payment_form.html", {"group": group, "form": form})


@login_required
@require_POST
def payment_reverse(request, pk, transaction_pk):
    group = group_for(request, pk, role=Role.SCORER)
    entry = get_object_or_404(group.transactions, pk=transaction_pk)
    try:
        reverse_payment(entry, request.user, once_key(request))
        messages.success(
            request,
            _("Reversed: %(payment)s. Both entries stay in the ledger.") % {"payment": entry.line},
        )
    except PaymentError as error:
        messages.error(request, str(error))
    return redirect("balances", pk=group.pk)


def page_number(request, last: int = 100_000) -> int:
    """The ?page= of a list, from 1; anything else reads as the first page."""
    text = request.GET.get("page", "")
    return int(text) if text.isdigit() and 1 <= int(text) <= last else 1


@login_required
@require_GET
def statement(request, pk, player_pk):
    group = group_for(request, pk)
    number = page_number(request)

    def context():
        # Only drawn for a player of this group (a kept statement was one): 404 otherwise.
        player = get_object_or_404(group.players, pk=player_pk)
        page = reports.statement_page(group, player, number)
        return {"group": group, "player": player, "page": page, "lines": page.lines}

    key = (group.pk, group.version, player_pk, number)
    live = live_part(request, "ledger/statement.html", key, context)
    return render_page(request, "ledger/statement.html", {"group": group, "live": live})


@login_required
@require_GET
def summary(request, pk):
    group = group_for(request, pk)
    text = reports.balances_text(group_balances(group))
    return HttpResponse(text, content_type="text/plain; charset=utf-8")


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
