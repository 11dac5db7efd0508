"""The history of changes of a tournament or session: who changed what, when, before and after."""

from tracker.common.said import kept, shown
from tracker.models import Change

LATEST = 8  # on a game's page; ?all=1 lists them all
EVERY = 1000


def change_rows(changes, names: list[str], describe, limit: int = LATEST) -> list[dict]:
    """The latest changes, newest first, each with the entry before and after in words
    (`describe(entry, names)` gives "" for what is not a hand or round)."""
    return [
        {
            "change": change,
            "line": line_of(change),
            "before": describe(change.before, names),
            "after": describe(change.after, names),
        }
        for change in changes.select_related("user")[:limit]
    ]


def change_context(changes, names: list[str], describe, every: bool) -> dict:
    """The history of changes for a game's page: the latest ones, or with `every` all."""
    rows = change_rows(changes, names, describe, EVERY if every else LATEST)
    return {"changes": rows, "more_changes": not every and len(rows) == LATEST}


def record_change(*, summary, **fields) -> Change:
    """A change in a game's history; `summary` given as words (tracker/common/said) is kept as
    words, to be read in each reader's language, and as English text."""
    words, english = kept(summary, Change._meta.get_field("summary").max_length)
    return Change.objects.create(summary=english, words=words, **fields)


def line_of(change: Change) -> str:
    """A change's summary in the reader's language."""
    return shown(change.words, change.summary)
