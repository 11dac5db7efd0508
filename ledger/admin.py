from django.contrib import admin

from ledger.models import Account, Posting, Transaction


@admin.register(Account)
class AccountAdmin(admin.ModelAdmin):
    list_display = ["__str__", "group", "kind"]
    list_filter = ["kind"]
    search_fields = ["player__name", "group__name"]
    raw_id_fields = ["group", "player"]


class PostingInline(admin.TabularInline):
    model = Posting
    extra = 0
    can_delete = False
    readonly_fields = ["account", "amount_minor"]


@admin.register(Transaction)
class TransactionAdmin(admin.ModelAdmin):
    list_display = ["description", "group", "kind", "created_at", "created_by"]
    list_filter = ["kind"]
    search_fields = ["description", "group__name"]
    readonly_fields = [f.name for f in Transaction._meta.fields]
    inlines = [PostingInline]

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Posting)
class PostingAdmin(admin.ModelAdmin):
    list_display = ["transaction", "account", "amount_minor"]
    search_fields = ["account__player__name", "transaction__description"]
    raw_id_fields = ["transaction", "account"]

    def has_delete_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False
