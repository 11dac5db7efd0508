"""Cached fragments of a page: a key for what one of its parts shows, and rows worked out only
when they are rendered.

A game's page renders its forms for each request and caches only what holds no form: its
`{% cache %}` tags are keyed by the game's and the group's versions and, inside those, by what
each part (a round's card, a row of a game's table, a line of its history, the standings)
shows, so a save renders only the parts it changed; a cached row's words and amounts need not
even be worked out.
"""

import hashlib
import json
from functools import cached_property


def digest(shown) -> str:
    """A key for what a part of a page shows, to cache it under (lazy translations in it count
    as their text)."""
    return hashlib.sha256(json.dumps(shown, default=str).encode()).hexdigest()


class CachedRow:
    """A row of a page cached under `key`. What it shows (the dict `work_out()` gives) is worked
    out the first time the template asks for it, which it does only when the row is not in the
    cache."""

    def __init__(self, key: str, work_out):
        self.key, self._work_out = key, work_out

    @cached_property
    def shown(self) -> dict:
        return self._work_out()

    def __getattr__(self, name: str):
        if name.startswith("_") or name not in self.shown:
            raise AttributeError(name)
        return self.shown[name]
