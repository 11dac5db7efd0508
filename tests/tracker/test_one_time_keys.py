"""One-time keys belong to their group and game and to the form they were rendered for: a key
from elsewhere, a key used before or a key that is not one records nothing and answers no 500."""

import pytest
from django.urls import reverse

from core.changes import changes_of
from core.models import Change, Role
from ledger.models import Transaction
from tests.factories import GroupFactory, MembershipFactory, PlayerFactory, pay
from tests.page_forms import form_on, submit
from tracker.catte import board as catte_board
from tracker.catte import services
from tracker.catte.models import CatteSession
from tracker.catte.rules import Round
from tracker.cutthroat import board as cutthroat_board
from tracker.cutthroat import services as cutthroat


@pytest.fixture
def other_group(alice):
    group = GroupFactory(name="Sunday table", currency="EUR")
    MembershipFactory(group=group, user=alice, role=Role.OWNER)
    return group, [PlayerFactory(group=group, name=name) for name in ["Ann", "Ben"]]


def payment_form(client, group):
    return form_on(client.get(reverse("payment_new", args=[group.pk])), "/payments/new/")


def test_a_key_used_in_another_group_records_the_payment_here(
    as_alice, group, players, other_group
):
    first = pay(group, players[0], players[1], "3.00", None, note="secret-A-note")
    first.idempotency_key = "a" * 32
    first.save(update_fields=["idempotency_key"])
    elsewhere, ann_and_ben = other_group
    typed = {"payer": ann_and_ben[0].pk, "payee": ann_and_ben[1].pk, "amount": "1.00"}
    page = as_alice.get(
        submit(as_alice, payment_form(as_alice, elsewhere), **typed, once="a" * 32)["Location"]
    )
    assert "secret-A-note" not in page.content.decode()
    assert Transaction.objects.filter(group=elsewhere, kind="payment").count() == 1


def test_a_key_used_for_a_payment_does_not_reverse_another(as_alice, group, players):
    first = pay(group, players[0], players[1], "3.00", None)
    second = pay(group, players[2], players[1], "2.00", None)
    first.idempotency_key = "b" * 32
    first.save(update_fields=["idempotency_key"])
    url = reverse("payment_reverse", args=[group.pk, second.pk])
    reverse_form = form_on(as_alice.get(reverse("balances", args=[group.pk])), url)
    assert submit(as_alice, reverse_form, once="b" * 32).status_code == 302
    assert not Transaction.objects.filter(kind="reversal").exists()


@pytest.fixture
def evening(group, players, bob):
    session = services.logs.start(group, players, {"stake": "1.00"}, bob)
    for winner in ["An", "Bình"]:
        services.rounds.record_round(
            catte_board.load(CatteSession.objects.get()), Round([winner] * 4), bob
        )
    return CatteSession.objects.get(pk=session.pk)


@pytest.mark.parametrize("action", ["round_undo", "session_close"])
def test_a_key_an_earlier_change_used_records_nothing_and_answers(as_bob, evening, action):
    saved = changes_of(evening).filter(action="round").first()
    Change.objects.filter(pk=saved.pk).update(idempotency_key="c" * 32)  # the key saved a round
    url = reverse(action, args=[evening.group_id, evening.pk])
    form = form_on(as_bob.get(evening.get_absolute_url()), url)
    changes = Change.objects.count()
    assert submit(as_bob, form, once="c" * 32).status_code == 302
    assert Change.objects.count() == changes


@pytest.mark.parametrize("forged", ["0" * 32 + "\n", "0" * 31, "Z" * 32, "0" * 33, "\x00" * 32])
def test_a_key_that_is_not_one_is_no_key(as_bob, group, players, forged):
    typed = {"payer": players[1].pk, "payee": players[0].pk, "amount": "1.00"}
    assert submit(as_bob, payment_form(as_bob, group), **typed, once=forged).status_code == 302
    assert Transaction.objects.get(kind="payment").idempotency_key is None


def test_a_reversal_with_a_key_of_another_group_reverses_here(
    as_alice, group, players, other_group
):
    first = pay(group, players[0], players[1], "3.00", None)
    Transaction.objects.filter(pk=first.pk).update(idempotency_key="d" * 32)
    elsewhere, ann_and_ben = other_group
    payment = pay(elsewhere, ann_and_ben[0], ann_and_ben[1], "1.00", None)
    url = reverse("payment_reverse", args=[elsewhere.pk, payment.pk])
    reverse_form = form_on(as_alice.get(reverse("balances", args=[elsewhere.pk])), url)
    submit(as_alice, reverse_form, once="d" * 32)
    assert Transaction.objects.filter(group=elsewhere, reverses=payment).count() == 1
    assert not Transaction.objects.filter(group=group, kind="reversal").exists()


def test_a_tournament_undo_with_a_key_a_bid_used_records_nothing(as_bob, group, players, bob):
    tournament = cutthroat.start(group, players[:3], {"preset": "official"}, bob)
    bids = dict.fromkeys(["An", "Bình", "Chi"], 5)
    cutthroat.record_bids(cutthroat_board.load(tournament), bids, bob)
    changes_of(tournament).filter(action="bids").update(idempotency_key="e" * 32)
    url = reverse("hand_undo", args=[group.pk, tournament.pk])
    form = form_on(as_bob.get(tournament.get_absolute_url()), url)
    assert submit(as_bob, form, once="e" * 32).status_code == 302
    assert not Change.objects.filter(action="undo").exists()


def test_a_reopen_with_a_key_a_round_used_records_nothing(as_bob, evening, bob):
    services.closing.close(catte_board.load(evening), evening.version, bob)
    changes_of(evening).filter(action="round").filter(number=1).update(idempotency_key="f" * 32)
    url = reverse("session_reopen", args=[evening.group_id, evening.pk])
    form = form_on(as_bob.get(evening.get_absolute_url()), url)
    assert submit(as_bob, form, once="f" * 32).status_code == 302
    assert not Change.objects.filter(action="reopen").exists()
