"""The history of changes of a tournament or session: who changed what, when, before and after,
and which form asked for it (its idempotency key), so that the same tap sent again is done once."""

from contextlib import contextmanager
from contextvars import ContextVar
from functools import partial

from django.db.models import F
from django.utils.translation import gettext as _

from basics.errors import RulesError
from core import games
from core.fragments import CachedRow, digest
from core.idempotency import done_once
from core.models import Change
from core.models.history import SUMMARY_LENGTH
from core.stored_messages import as_stored, render_stored
from core.versioning import AlreadyRecorded, StalePage

LATEST = 8  # on a game's page; ?all=1 lists them all
EVERY = 1000


def change_rows(game, names: list[str], describe, every: bool = False) -> list[CachedRow]:
    """The latest changes of a tournament or session, newest first, each with the entry before
    and after in words (`describe(entry, names)` gives "" for what is not a hand or round).
    A change is never rewritten: _changes.html caches each line under its key, so a save
    renders its one new line, and a cached line's words are never worked out."""
    changes = changes_of(game).annotate(username=F("user__username")).order_by("-at", "-pk")
    shown = changes[:EVERY] if every else _folded(changes)
    return [_change_row(change, names, describe) for change in shown]


def _folded(changes) -> list[Change]:
    """The latest changes, a run of changes of one entry while it was being entered (each tap
    of a round) shown as its latest alone: what it came to. Every change lists them all."""
    shown: list[Change] = []
    for change in changes.iterator(chunk_size=4 * LATEST):
        if shown and _same_draft(shown[-1], change):
            continue
        shown.append(change)
        if len(shown) == LATEST:
            break
    return shown


def _same_draft(newer: Change, change: Change) -> bool:
    drafts = newer.action == change.action == Change.Action.DRAFT
    return drafts and newer.number == change.number


def changes_of(game):
    """A game's changes, whatever its kind."""
    return Change.objects.filter(game_kind=games.kind_of(game).kind, game_id=game.pk)


def _change_row(change: Change, names: list[str], describe) -> CachedRow:
    key = digest([change.pk, change.at.timestamp(), change.username, names])
    return CachedRow(
        key,
        lambda: {
            "change": change,
            "line": line_of(change),
            "before": describe(change.before, names),
            "after": describe(change.after, names),
        },
    )


def change_context(game, names: list[str], describe, every: bool) -> dict:
    """The history of changes for a game's page: the latest ones, or with `every` all."""
    rows = change_rows(game, names, describe, every)
    return {"changes": rows, "more_changes": not every and len(rows) == LATEST}


def record_change(*, game, summary, **fields) -> Change:
    """A change in the history of `game`; `summary` given as a phrase
    (core/stored_messages) is stored as its message and values, to be read in each
    reader's language, and as English text."""
    words, english = as_stored(summary, SUMMARY_LENGTH)
    where = {"group_id": game.group_id, "game_kind": games.kind_of(game).kind, "game_id": game.pk}
    return Change.objects.create(summary=english, words=words, **where, **fields)


@contextmanager
def once_per_key(game, idempotency_key: str | None, action: str):
    """Around a change of `game` (an `action`) asked for with `idempotency_key`: the
    same tap sent again raises AlreadyDone with the change the first one recorded, also when
    it was sent at the same moment and the database refused the second one. Within a change
    that looked its key up already (a round sent later decides what to do with it first), the
    key is not looked up again."""
    asked = (games.kind_of(game).kind, game.pk, idempotency_key, action)
    if idempotency_key and _LOOKED_UP.get() == asked:
        yield
        return
    first_made = partial(_made_with_key, game, idempotency_key, action)
    looking = _LOOKED_UP.set(asked)
    try:
        with done_once(first_made, (StalePage, RulesError, AlreadyRecorded)):
            yield
    finally:
        _LOOKED_UP.reset(looking)


# The change whose key the outermost `once_per_key` looks up: (kind, game, key, action).
_LOOKED_UP: ContextVar[tuple | None] = ContextVar("looked_up", default=None)


def _made_with_key(game, idempotency_key: str | None, action: str) -> Change | None:
    if not idempotency_key:
        return None
    first = changes_of(game).filter(idempotency_key=idempotency_key).first()
    if first is not None and first.action != action:
        # A key is minted for one form: sent with another, it is forged or stale.
        raise StalePage(_("Reload the page and try again."))
    return first


def line_of(change: Change) -> str:
    """A change's summary in the reader's language."""
    return render_stored(change.words, change.summary)


def phone_of(user) -> str:
    """Whose phone made a change: "bob's phone", or "Another phone" without a user."""
    if not user:
        return _("Another phone")
    return _("%(user)s's phone") % {"user": user.get_username()}
