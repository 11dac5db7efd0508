"""Two phones at one table: what a second, late or stale submission is told."""

from django.db.models import F


class AlreadyRecorded(Exception):
    """Somebody else saved this hand or round first; nothing was saved."""


class StalePage(Exception):
    """The tournament or session changed since the page was drawn; nothing was saved."""


def bump_version(game, expected: int | None = None) -> None:
    """Compare-and-swap on a tournament's or session's version.

    Every write bumps it; with `expected` (the version the page was drawn from) a stale page
    changes nothing and is told so.
    """
    rows = type(game).objects.filter(pk=game.pk)
    if expected is not None:
        rows = rows.filter(version=expected)
    if not rows.update(version=F("version") + 1):
        noun = game._meta.verbose_name
        raise StalePage(f"This {noun} was changed on another phone; here is the new state.")
    game.refresh_from_db(fields=["version"])
