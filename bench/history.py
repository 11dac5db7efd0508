"""Groups with a long history, made quickly: rows written in bulk, then brought up to date once.

Saving 10,000 hands one by one through the services would take far longer than the benchmark
itself; writing the rows in bulk and having the services derive what they store from them, once,
gives the same database.
"""

from decimal import Decimal

from django.contrib.auth import get_user_model

from core import recording
from core.models import Group, Membership, Player, Role
from ledger.payments import record_payment
from tracker.catte import services
from tracker.catte.models import Round
from tracker.cutthroat import services as tournaments
from tracker.cutthroat.models import Hand

NAMES = ["An", "Bình", "Chi", "Dũng"]

# A target no one reaches, so no game is ever won and every hand stays in the first game,
# however many are played during the benchmark.
CUTTHROAT_RULES = {"preset": "official", "target": 1_000_000}
# Every bid made exactly (4 + 4 + 4 + 1 = 13 tricks for four players): no bags and no one ever
# far enough behind to need a Blind 6. Seat 0 catches J♦, seat 1 J♣ (both took tricks).
BIDS = [4, 4, 4, 1]
TRICKS = [4, 4, 4, 1]
JACKS = {"JD": 0, "JC": 1}

# A side pot that is never claimed: it only grows, whatever the number of rounds.
CATTE_RULES = {"stake": "1.00", "side_pot_stake": "0.25", "sweep_double_min_players": None}
# Seat 0 wins the first four tricks (a sweep); the upturned 7♥ is claimed by no one.
# Stored as a round entry, with players written as seat numbers.
SWEEP = {"tricks": [0, 0, 0, 0], "side_pot": {"upturned": "7H", "claimed_by": None}}

PAYMENTS = [(1, 0, "5.00"), (2, 0, "2.50"), (3, 1, "1.00")]  # payer seat, payee seat, amount


def benchmark_user(username: str = "benchmark"):
    user, _ = get_user_model().objects.get_or_create(username=username)
    return user


def make_group(name: str, user) -> tuple[Group, list[Player]]:
    """A group the user owns, four players, and a few payments for the statement page."""
    group = Group.objects.create(name=name, currency="EUR")
    Membership.objects.create(group=group, user=user, role=Role.OWNER)
    players = [Player(group=group).set_name(name) for name in NAMES]
    for player in players:
        player.save()
    for payer, payee, amount in PAYMENTS:
        # Against the group's version as it is now (each payment moves it on).
        payment = (players[payer], players[payee], Decimal(amount), user)
        record_payment(group, *payment, version=group.version)
    return group, players


def make_history(group, user, players, hands: int, rounds: int):
    """One Cutthroat tournament with `hands` played hands and one Cắt Tê session with `rounds`
    rounds, both still open, with their state and money as the services store them."""
    tournament = tournaments.start(group, players, CUTTHROAT_RULES, user)
    Hand.objects.bulk_create(
        (
            Hand(
                tournament=tournament,
                number=number,
                bids=BIDS,
                tricks=TRICKS,
                jacks=JACKS,
                entered_by=user,
            )
            for number in range(1, hands + 1)
        ),
        batch_size=2000,
    )
    session = services.logs.start(group, players, CATTE_RULES, user)
    Round.objects.bulk_create(
        (
            Round(session=session, number=number, entry=SWEEP, entered_by=user)
            for number in range(1, rounds + 1)
        ),
        batch_size=2000,
    )
    _brought_up_to_date(tournament, session, user)
    return tournament, session


def _brought_up_to_date(tournament, session, user) -> None:
    """What the services store from hands and rounds (computed state, ledger), made once for
    rows written in bulk.

    The one place that knows which services do that, so that it follows them when they move.
    """
    recording.catch_up(tournament, user)
    recording.catch_up(session, user)
