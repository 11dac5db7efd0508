"""The words of a value every game may add to (a change's action, a transaction's or an
account's kind): the model's own choices, then each game's from the registry of games."""

from collections.abc import Callable

from django.db.models import Choices

from core import games


def with_each_game(
    own: type[Choices], of_game: Callable[[games.GameKind], dict[str, str]]
) -> dict[str, str]:
    """Every value of `own` with its words, then each game's (`of_game`, one of a game's hooks
    asked of every game in the registry)."""
    labels = {value: str(label) for value, label in own.choices}
    for game_kind in games.every_kind():
        labels.update(of_game(game_kind))
    return labels
