from django.contrib import admin

from core.web.admin import ReadOnlyAdmin
from ledger.models import Account, PaymentDetails, Posting, Transaction

# Money moves only through ledger.posting, which keeps every balance the sum of its postings.


@admin.register(Account)
class AccountAdmin(ReadOnlyAdmin, admin.ModelAdmin):
    list_display = ["__str__", "group", "kind"]
    list_filter = ["kind"]
    search_fields = ["player__name", "group__name"]
    raw_id_fields = ["group", "player"]


class PostingInline(ReadOnlyAdmin, admin.TabularInline):
    model = Posting
    extra = 0


@admin.register(Transaction)
class TransactionAdmin(ReadOnlyAdmin, admin.ModelAdmin):
    list_display = ["description", "group", "kind_label", "created_at", "created_by"]
    list_filter = ["kind"]
    search_fields = ["description", "group__name"]
    inlines = [PostingInline]


@admin.register(Posting)
class PostingAdmin(ReadOnlyAdmin, admin.ModelAdmin):
    list_display = ["transaction", "account", "amount_minor"]
    search_fields = ["account__player__name", "transaction__description"]
    raw_id_fields = ["transaction", "account"]


# Payment details change only through ledger.payment_details, which keeps every version.
@admin.register(PaymentDetails)
class PaymentDetailsAdmin(ReadOnlyAdmin, admin.ModelAdmin):
    list_display = ["__str__", "group", "changed_by", "changed_at"]
    search_fields = ["player__name", "group__name"]
    raw_id_fields = ["group", "player"]
