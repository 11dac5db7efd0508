import json

from django.core.management.base import BaseCommand, CommandError

from tracker.history.ratings import as_numbers, group_ratings
from tracker.models import Group


class Command(BaseCommand):
    help = (
        "Recompute a group's ratings from its whole history (docs/ratings.md) and print them as "
        "JSON: for each game, the players best first with rating (mu - 3 sigma), mu, sigma and "
        "games."
    )

    def add_arguments(self, parser):
        parser.add_argument("--group", required=True, help="the group's name")
        parser.add_argument("--year", type=int, help="only the games started in this year")

    def handle(self, *args, **options):
        groups = Group.objects.filter(name=options["group"])
        if len(groups) != 1:
            found = "no group" if not groups else f"{len(groups)} groups"
            raise CommandError(f"{found} named {options['group']!r}")
        # Recomputed here, not read from the cache: the command is how anyone checks the page.
        ratings = as_numbers(group_ratings(groups[0], options["year"]))
        self.stdout.write(json.dumps(ratings, ensure_ascii=False, indent=1))
