"""What a page keeps drawn: a key for what one of its parts shows, and rows worked out only
when they are drawn.

The `{% cache %}` tags of a game's page keep each part (a round's card, a row of a game's table,
a line of its history, the standings) under the key of what it shows, so a save draws only the
parts it changed; a kept row's words and amounts need not even be worked out.
"""

import hashlib
import json
from functools import cached_property


def digest(shown) -> str:
    """A key for what a part of a page shows, to keep it drawn under (lazy translations in it
    count as their text)."""
    return hashlib.sha256(json.dumps(shown, default=str).encode()).hexdigest()


class CachedRow:
    """A row of a page kept drawn under `key`. What it shows (the dict `draw()` gives) is worked
    out the first time the template asks for it, which it does only when the row is not kept."""

    def __init__(self, key: str, draw):
        self.key, self._draw = key, draw

    @cached_property
    def shown(self) -> dict:
        return self._draw()

    def __getattr__(self, name: str):
        if name.startswith("_") or name not in self.shown:
            raise AttributeError(name)
        return self.shown[name]
