"""Two phones at one table: what a second, late or stale submission is told."""


class AlreadyRecorded(Exception):
    """Somebody else saved this hand or round first; nothing was saved."""


class StalePage(Exception):
    """The tournament or session changed since the page was drawn; nothing was saved."""
