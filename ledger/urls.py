from django.urls import path

from ledger import views

urlpatterns = [
    path("balances/", views.balances, name="balances"),
    path("balances/chat/", views.summary, name="balances_summary"),
    path("ledger.csv", views.ledger_csv, name="ledger_csv"),
    path("payments/new/", views.payment_new, name="payment_new"),
    path("payments/paid/", views.transfer_paid, name="transfer_paid"),
    path("payments/<id:transaction_pk>/reverse/", views.payment_reverse, name="payment_reverse"),
    path("players/<id:player_pk>/statement/", views.statement, name="statement"),
    path(
        "players/<id:player_pk>/payment-details/",
        views.payment_details,
        name="payment_details",
    ),
]
