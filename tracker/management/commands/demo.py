from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from schwifty import IBAN

from core import games
from core.models import Group, Membership, Role
from ledger.payment_details import change_details


class Command(BaseCommand):
    help = "Fill the database with a demo group: players and a game of each kind, money owed."

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
        # Each game adds its own, players created as it needs them.
        added = [str(game) for kind in games.every_kind() if (game := kind.demo(group, owner))]
        for number, player in enumerate(group.players.order_by("pk")):
            # Made-up accounts at the bank of the IBAN standard's example, to scan "Pay by QR".
            iban = IBAN.generate("DE", bank_code="37040044", account_code=f"05320130{number:02d}")
            details = {"holder": player.name, "iban": iban.compact}
            change_details(group, player, owner, details, number=0)
        said = [", ".join(added[:-1]), added[-1]] if len(added) > 1 else added
        self.stdout.write(f"Created {group.name}: {' and '.join(said)}.")
        if password:
            self.stdout.write(f"Log in as 'demo' with the password '{password}'.")
