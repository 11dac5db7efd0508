"""The group's seasons: those its owners named, and a calendar year each; and the one gate
through which a named season is added or removed."""

import re
from datetime import date

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from basics.names import name_key, name_problem
from core.text import sentence
from core.versioning import touch_group
from tracker.history.ratings import cached_matches
from tracker.models import Season as NamedSeason
from tracker.models.seasons import MOST_SEASONS, SEASON_NAME_MAX
from tracker.rules.leaderboard import Season, calendar_year, calendar_years

YEAR = re.compile(r"[1-9][0-9]{3}")
NAME, ENDS_ON = "name", "ends_on"  # the fields of the season form a refusal is about


class Refused(Exception):
    """A season that cannot be added as asked; `field` is the form field it is about."""

    def __init__(self, field: str, message: str):
        super().__init__(message)
        self.field = field


def as_season(named: NamedSeason) -> Season:
    return Season(named.name, named.starts_on, named.ends_on)


def seasons_of(group) -> list[Season]:
    """The seasons the ratings page offers: the named ones, then every calendar year that has
    a match (unless a named season already goes by its number); the latest first in each."""
    named = [as_season(row) for row in group.seasons.all()]
    taken = {name_key(season.name) for season in named}
    matches = cached_matches(group)
    years = calendar_years(match for played in matches.values() for match in played)
    return named + [year for year in years if name_key(year.name) not in taken]


def season_named(group, name: str) -> Season | None:
    """The group's season called `name` (whatever the case), or else the calendar year `name`
    writes ("2026"); None when it is neither."""
    for row in group.seasons.all():
        if name_key(row.name) == name_key(name):
            return as_season(row)
    if YEAR.fullmatch(name):
        return calendar_year(int(name))
    return None


def add_season(group, name: str, starts: date, ends: date) -> NamedSeason:
    """A named season of `group` from `starts` to `ends`, both included."""
    name = name.strip()
    if not name:
        raise Refused(NAME, _("Give the season a name."))
    problem = name_problem(name, SEASON_NAME_MAX)
    if problem:
        raise Refused(NAME, sentence(problem))
    if ends < starts:
        raise Refused(ENDS_ON, _("A season ends on the day it starts or later."))
    taken = _("%(season)s is already a season of %(group)s.") % {
        "season": name,
        "group": group.name,
    }
    try:
        with transaction.atomic():
            # The group's row held until the season is in: adds at once count one at a time.
            type(group).objects.select_for_update().only("pk").get(pk=group.pk)
            keys = set(group.seasons.values_list("name_key", flat=True))
            if name_key(name) in keys:
                raise Refused(NAME, taken)
            if len(keys) >= MOST_SEASONS:
                most = _("A group has at most %(most)d seasons.") % {"most": MOST_SEASONS}
                raise Refused(NAME, most)
            season = NamedSeason.objects.create(
                group=group, name=name, name_key=name_key(name), starts_on=starts, ends_on=ends
            )
            touch_group(group.pk)
    except IntegrityError:  # another phone added the same name a moment before
        raise Refused(NAME, taken) from None
    return season


def remove_season(group, season: NamedSeason) -> None:
    """The season is gone; the games it held stay, in every other season and all time."""
    with transaction.atomic():
        season.delete()
        touch_group(group.pk)
