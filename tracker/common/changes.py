"""The history of changes of a tournament or session: who changed what, when, before and after."""

LATEST = 30


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
