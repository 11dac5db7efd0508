import json

from django.core.management.base import BaseCommand, CommandError

from core.models import Group
from ledger.balances import group_balances


class Command(BaseCommand):
    help = "Print a group's balances, side pot and fewest settling transfers as JSON."

    def add_arguments(self, parser):
        parser.add_argument("--group", required=True, help="the group's name")

    def handle(self, *args, **options):
        groups = list(Group.objects.filter(name=options["group"])[:2])
        if len(groups) != 1:
            problem = "No group" if not groups else "More than one group"
            raise CommandError(f"{problem} is named {options['group']!r}.")
        balances = group_balances(groups[0])
        self.stdout.write(json.dumps(document(balances), ensure_ascii=False, indent=1))


def document(balances) -> dict:
    group = balances.group
    amount = group.plain_amount
    return {
        "currency": group.currency,
        "balances": {row.player.name: amount(row.balance) for row in balances.rows},
        "side_pot": amount(balances.side_pot),
        "transfers": [
            {"from": t.payer, "to": t.payee, "amount": amount(t.amount)} for t in balances.transfers
        ],
    }
