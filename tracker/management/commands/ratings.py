import json

from django.core.management.base import BaseCommand, CommandError

from core.models import Group
from tracker.history.ratings import as_numbers, group_ratings
from tracker.history.seasons import season_named


class Command(BaseCommand):
    help = (
        "Recompute a group's ratings from its whole history (docs/ratings.md) and print them as "
        "JSON: for each game registered, by its key, the players best first with rating "
        "(mu - 3 sigma), mu, sigma and games."
    )

    def add_arguments(self, parser):
        parser.add_argument("--group", required=True, help="the group's name")
        seasons = parser.add_mutually_exclusive_group()
        seasons.add_argument(
            "--season",
            help='only this season: one the owners named, or a calendar year such as "2026"',
        )
        seasons.add_argument("--year", type=int, help="only this calendar year (--season YEAR)")

    def handle(self, *args, **options):
        groups = Group.objects.filter(name=options["group"])
        if len(groups) != 1:
            found = "no group" if not groups else f"{len(groups)} groups"
            raise CommandError(f"{found} named {options['group']!r}")
        group = groups[0]
        name = options["season"] or (str(options["year"]) if options["year"] else None)
        season = season_named(group, name) if name else None
        if name and season is None:
            raise CommandError(f"no season named {name!r} in {group.name!r}")
        # Recomputed here, not read from the cache: the command is how anyone checks the page.
        ratings = as_numbers(group_ratings(group, season))
        self.stdout.write(json.dumps(ratings, ensure_ascii=False, indent=1))
