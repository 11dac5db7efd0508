"""The history of changes of a tournament or session: who changed what, when, before and after."""

LATEST = 8  # on a game's page; ?all=1 lists them all
EVERY = 1000


def change_rows(changes, names: list[str], describe, limit: int = LATEST) -> list[dict]:
    """The latest changes, newest first, each with the entry before and after in words
    (`describe(entry, names)` gives "" for what is not a hand or round)."""
    return [
        {
            "change": change,
            "before": describe(change.before, names),
            "after": describe(change.after, names),
        }
        for change in changes.select_related("user")[:limit]
    ]


def change_context(changes, names: list[str], describe, every: bool) -> dict:
    """The history of changes for a game's page: the latest ones, or with `every` all."""
    rows = change_rows(changes, names, describe, EVERY if every else LATEST)
    return {"changes": rows, "more_changes": not every and len(rows) == LATEST}
