"""What the games' rules share to name things in words: tables of phrases by key (the bids,
the hands, the cards, the presets of a game)."""

from collections.abc import Mapping
from typing import TypeVar

from basics.phrases import Phrase

Key = TypeVar("Key")


def phrases(templates: Mapping[Key, str]) -> dict[Key, Phrase]:
    """Each key's words: its English template (marked with `_`) as a phrase, shown in the
    language of the moment."""
    return {key: Phrase(template) for key, template in templates.items()}
