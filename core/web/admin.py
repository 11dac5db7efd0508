"""What the admin may do with the rows only the services write."""


class ReadOnlyAdmin:
    """For a ModelAdmin or an inline of game or ledger rows: staff may look, never write.

    Those rows change only through the services, which bump the versions the cached page
    fragments are keyed by and keep the state and the balances in step with the rows; an edit
    here would do neither. Viewing keeps Django's own check (a superuser, or the view permission).
    """

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
