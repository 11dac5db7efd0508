"""Two phones at one table: every write to a tournament or session is checked against the
version the writer read, and stores what the rules computed with the version it belongs to.

Every write to a group's games, players and money bumps the group's version (`touch_group`,
`claim_group_version`) in its own transaction: that update is also where a write to a group
being restored is refused (RestoreRunning, see core/models/restores.py). Each of them also
announces the new version to the pages that follow it (core/live.py). An edit of a row read
before (a group's name, a player's) claims the group first, then writes only the columns its
form changed (`changed_fields`)."""

from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext as _

from core import games
from core.live import GROUP, announce
from core.models import Group
from core.models.restores import RestoreRunning, refuse_while_restored, unrestored

__all__ = [
    "AlreadyRecorded",
    "RestoreRunning",
    "StalePage",
    "changed_fields",
    "claim_group_version",
    "game_identity",
    "save_state",
    "touch_group",
    "version_key",
]


class AlreadyRecorded(Exception):
    """Somebody else saved this hand or round first; nothing was saved."""


class StalePage(Exception):
    """The tournament or session changed since the page was rendered; nothing was saved."""


def save_state(game, state: dict, expected: int, **fields) -> None:
    """Compare-and-swap on a tournament's or session's version, storing `state` with the new
    version (and any other `fields`).

    `expected` is the version the change was computed from; when another phone changed the
    game since, nothing is written and the page is told so.
    """
    new = expected + 1
    changes = {"version": new, "state": state, "state_version": new, **fields}
    rows = type(game).objects.filter(pk=game.pk, version=expected)
    with transaction.atomic():
        touch_group(game.group_id)  # first: a group being restored refuses before the game waits
        if not rows.update(**changes):
            raise StalePage(games.kind_of(game).changed_elsewhere())
        announce(games.kind_of(game).kind, game.pk)
    game.version = game.state_version = new
    game.state = state
    for name, value in fields.items():
        setattr(game, name, value)


def game_identity(game) -> tuple:
    """What tells a tournament or session apart in whatever is cached of it, even from one that had
    its number before (a number freed by a database rolled back)."""
    return (game.pk, game.created_at.timestamp())


def version_key(game) -> tuple:
    """What a game's cached fragments are keyed by: the game, its version and its group's (names
    and currency are the group's), as its page reads them (`game.group` read with it)."""
    return (*game_identity(game), game.version, game.group.version)


def touch_group(group_id: int, *, while_restored: bool = False) -> None:
    """Something the group's pages show has changed (in the same transaction as the change).

    RestoreRunning, and the change's transaction rolls back, while a restore holds the group:
    the update waits for a step that holds the group's row and reads the column the step set.
    `while_restored`: a change that goes on meanwhile (members and invites, which no backup
    holds; the admin's, an operator's own hand)."""
    rows = Group.objects.filter(pk=group_id)
    if not (rows if while_restored else rows.filter(unrestored())).update(version=F("version") + 1):
        refuse_while_restored(group_id)
    announce(GROUP, group_id)


def claim_group_version(group, expected: int) -> None:
    """Compare-and-swap on the group's version, for a payment or its reversal: it is recorded
    only against the balances its page showed (`expected`); never while a restore holds the
    group (RestoreRunning)."""
    rows = Group.objects.filter(unrestored(), pk=group.pk, version=expected)
    if not rows.update(version=expected + 1):
        refuse_while_restored(group.pk)
        raise StalePage(_("The balances changed on another phone; here they are now."))
    announce(GROUP, group.pk)
    group.version = expected + 1


def changed_fields(form) -> list[str]:
    """The columns a model form changed: all that an edit of a row writes
    (`save(update_fields=...)`). The rest of the row is as it was read when the request began;
    written back, it would put back what changed meanwhile: the version bumped by a payment, the
    restore that took the group, another owner's edit of another field."""
    columns = {field.name for field in form.instance._meta.concrete_fields}
    return [name for name in form.changed_data if name in columns]
