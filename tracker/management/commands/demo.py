from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from schwifty import IBAN

from ledger.payment_details import change_details
from tracker.gamelogs import registry
from tracker.models import Group, Membership, Role

PLAYERS = ["An", "Bình", "Chi", "Dũng"]


def cutthroat_hand(bids, tricks, jd, jc):
    return {
        "bids": dict(zip(PLAYERS, bids, strict=True)),
        "tricks": dict(zip(PLAYERS, tricks, strict=True)),
        "jacks": {"JD": jd, "JC": jc},
    }


TOURNAMENT = {
    "format": "cutthroat-log/1",
    "rules": {"preset": "300-five-bags"},
    "players": PLAYERS,
    "games": [
        {
            "hands": [
                cutthroat_hand([3, 4, "NIL", 4], [4, 4, 0, 5], "An", "Dũng"),
                cutthroat_hand([2, "1F", 5, 4], [3, 1, 5, 4], "Chi", "Bình"),
                cutthroat_hand([4, 3, 3, "2F"], [3, 4, 4, 2], "Bình", "Chi"),
                cutthroat_hand([5, 2, "NIL", 4], [6, 2, 1, 4], "An", "An"),
                cutthroat_hand(["B6", 3, 3, 1], [6, 3, 3, 1], "An", "Dũng"),
                cutthroat_hand([4, 4, 2, 2], [4, 5, 2, 2], "Bình", "Chi"),
            ]
        }
    ],
}

SESSION = {
    "format": "catte-log/1",
    "rules": {"stake": "1.00", "side_pot_stake": "0.25", "ace_penalty": True},
    "players": PLAYERS,
    "rounds": [
        {"tricks": ["An", "An", "An", "An"], "side_pot": {"upturned": "7H", "claimed_by": None}},
        {
            "tricks": ["Bình", "An", "Chi", "Bình", "An", "Bình"],
            "folds": ["Dũng"],
            "side_pot": {"upturned": "AS", "claimed_by": None},
        },
        {
            "tricks": ["Chi", "Chi", "Chi", "Chi"],
            "ace_withheld_by": "Dũng",
            "side_pot": {"upturned": "10D", "claimed_by": None},
        },
        {
            "tricks": ["Dũng", "Chi", "An", "Dũng", "Dũng", "Chi"],
            "side_pot": {"upturned": "KC", "claimed_by": "Bình"},
        },
    ],
}


class Command(BaseCommand):
    help = "Fill the database with a demo group: players, a Cutthroat tournament, a Cắt Tê session."

    def add_arguments(self, parser):
        parser.add_argument("--user", help="an existing account to own the demo group")

    @transaction.atomic
    def handle(self, *args, **options):
        users = get_user_model().objects
        if options["user"]:
            owner = users.filter(username=options["user"]).first()
            if owner is None:
                raise CommandError(f"No account named {options['user']!r}.")
            password = None
        else:
            owner, created = users.get_or_create(username="demo")
            password = "cards-on-the-table"
            owner.set_password(password)
            owner.save()
        group = Group.objects.create(name="Demo table", currency="EUR")
        group.membership = Membership.objects.create(group=group, user=owner, role=Role.OWNER)
        tournament = registry.import_log(group, TOURNAMENT, owner, create_missing=True)
        # Left open, so the demo's evening can go on.
        session = registry.import_log(group, SESSION, owner, create_missing=True, closed=False)
        for number, player in enumerate(group.players.order_by("pk")):
            # Made-up accounts at the bank of the IBAN standard's example, to scan "Pay by QR".
            iban = IBAN.generate("DE", bank_code="37040044", account_code=f"05320130{number:02d}")
            details = {"holder": player.name, "iban": iban.compact}
            change_details(group, player, owner, details, number=0)
        self.stdout.write(f"Created {group.name}: {tournament} and {session}.")
        if password:
            self.stdout.write(f"Log in as 'demo' with the password '{password}'.")
