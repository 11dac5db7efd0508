from datetime import timedelta
from decimal import Decimal

import factory
from django.contrib.auth import get_user_model
from django.utils import timezone

from basics.names import name_key
from core import recording
from core.models import Group, Invite, Membership, Player, Role
from ledger.payments import record_payment, reverse_payment
from tracker.catte import board as catte_board
from tracker.catte import rules as catte
from tracker.catte import services
from tracker.catte.models import Round

PASSWORD = "deal-the-cards-42"


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)

    username = "alice"
    password = factory.django.Password(PASSWORD)


class GroupFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Group

    name = "Friday table"
    currency = "EUR"


class MembershipFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Membership

    group = factory.SubFactory(GroupFactory)
    user = factory.SubFactory(UserFactory)
    role = Role.OWNER


class PlayerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Player

    group = factory.SubFactory(GroupFactory)
    name = factory.Sequence(
        lambda n: ["An", "Bình", "Chi", "Dũng", "Jörg", "Änne"][n % 6] + ("" if n < 6 else str(n))
    )
    name_key = factory.LazyAttribute(lambda player: name_key(player.name))


class InviteFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Invite

    group = factory.SubFactory(GroupFactory)
    role = Role.SCORER
    token = factory.Sequence(lambda n: f"invite-token-{n}")
    expires_at = factory.LazyFunction(lambda: timezone.now() + timedelta(days=7))


def fresh(row):
    """The row as the database holds it now: a page always reads its tournament or session
    afresh, and so must a test that looks at one after changing it through the app."""
    row.refresh_from_db()
    return row


def session_of_sweeps(group, players, user, rounds: int):
    """A Cắt Tê session at a stake of 1.00 whose `rounds` rounds are all sweeps by the first
    seat, with its state and money as the services store them."""
    session = services.logs.start(group, players, {"stake": "1.00"}, user)
    Round.objects.bulk_create(
        Round(session=session, number=n, entry={"tricks": [0, 0, 0, 0]})
        for n in range(1, rounds + 1)
    )
    recording.catch_up(session)
    return session


def pay(group, payer, payee, amount, user, note=""):
    """A payment recorded through the payments' gate, against the group as it is now."""
    group.refresh_from_db(fields=["version"])
    amount = Decimal(amount)
    return record_payment(group, payer, payee, amount, user, version=group.version, note=note)


def take_back(payment, user):
    """A payment reversed through the payments' gate, against the group as it is now."""
    payment.group.refresh_from_db(fields=["version"])
    return reverse_payment(payment, user, version=payment.group.version)


def closed_evening(group, players, user):
    """A closed Cắt Tê session with two sweeps, a side pot, taps on a round never saved and a
    player who left: its page's version is far from its saved changes' count."""
    session = services.logs.start(group, players, {"stake": "1.00", "side_pot_stake": "0.50"}, user)
    for sweeper in ("Chi", "An"):
        round_ = catte.Round(tricks=[sweeper] * 4, side_pot_upturned="QS")
        services.rounds.record_round(catte_board.load(session), round_, user)
    for version, tap in enumerate(["uKH", "c-", "t0", "t1"]):
        services.tapping.tap(catte_board.load(session), 3, version, tap, user)
    services.seating.leave(catte_board.load(session), players[3].pk, 2, user)
    services.closing.close(catte_board.load(session), 3, user, draft_version=4)
    return session
