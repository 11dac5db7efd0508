"""The idempotency key of a change and of a transaction took its ecosystem's name (`once` became
`idempotency_key`) with a migration that keeps every key and its uniqueness."""

import pytest
from django.db import IntegrityError, connection, transaction
from django.db.migrations.executor import MigrationExecutor

from core.models import Change
from ledger.models import Transaction

# A past migration replayed on an old database: make test and CI run it, make check does not.
pytestmark = pytest.mark.migration

BEFORE = [("tracker", "0019_session_is_a_catte_session"), ("ledger", "0009_payment_details")]


@pytest.fixture
def migrated(transactional_db):
    """A session's change and a payment, each with its key, written before the rename."""
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    apps = executor.loader.project_state(BEFORE).apps
    group = apps.get_model("tracker", "Group").objects.create(name="Thursday", currency="EUR")
    session = apps.get_model("tracker", "CatteSession").objects.create(group=group, rules={})
    apps.get_model("tracker", "Change").objects.create(
        session=session, action="round", summary="Round 1", once="a" * 32
    )
    apps.get_model("ledger", "Transaction").objects.create(
        group=group, kind="payment", description="An paid Bình €1.00", once="b" * 32
    )
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
    return session.pk


def test_a_change_keeps_its_key_and_the_key_stays_unique(migrated):
    change = Change.objects.get(game_kind="session", game_id=migrated)
    assert change.idempotency_key == "a" * 32
    with pytest.raises(IntegrityError), transaction.atomic():
        Change.objects.create(
            group=change.group,
            game_kind="session",
            game_id=migrated,
            action="undo",
            idempotency_key="a" * 32,
        )


def test_a_transaction_keeps_its_key_and_the_key_stays_unique(migrated):
    payment = Transaction.objects.get(kind="payment")
    assert payment.idempotency_key == "b" * 32
    with pytest.raises(IntegrityError), transaction.atomic():
        Transaction.objects.create(group=payment.group, kind="payment", idempotency_key="b" * 32)
