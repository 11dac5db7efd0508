import sys

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from basics.errors import RulesError
from core.models import CURRENCIES, Group
from tracker.gamelogs import registry


class Command(BaseCommand):
    help = "Import a game log as a new tournament or session of a group (created if missing)."

    def add_arguments(self, parser):
        parser.add_argument("log", help="path of the JSON log (docs/log-format.md)")
        parser.add_argument("--group", required=True, help="the group's name")
        parser.add_argument(
            "--currency", default="EUR", choices=sorted(CURRENCIES), help="for a new group"
        )

    def handle(self, *args, **options):
        try:
            with open(options["log"], "rb") as log_file:
                doc = registry.read(log_file.read())
        except OSError as error:
            raise CommandError(f"log: cannot be read ({error.strerror or error})") from error
        except RulesError as error:
            self.refuse(str(error))
        try:
            with transaction.atomic():
                group, created = find_or_create_group(options["group"], options["currency"])
                known = set(group.players.values_list("pk", flat=True))
                imported = registry.import_log(group, doc, None, create_missing=True)
        except RulesError as error:
            self.refuse(str(error))
        if created:
            self.stdout.write(f"Created group {group.name} ({group.currency}).")
        for player in group.players.exclude(pk__in=known):
            self.stdout.write(f"Created player {player.name}.")
        kind = registry.format_of(doc).kind
        self.stdout.write(f"Created {kind} {imported} (id {imported.pk}).")

    def refuse(self, message: str):
        sys.stderr.write(" ".join(message.split()) + "\n")
        sys.exit(1)


def find_or_create_group(name: str, currency: str):
    groups = list(Group.objects.filter(name=name)[:2])
    if len(groups) > 1:
        raise CommandError(f"More than one group is named {name!r}.")
    if groups:
        return groups[0], False
    return Group.objects.create(name=name, currency=currency), True
