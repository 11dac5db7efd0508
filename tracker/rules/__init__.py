"""The rules of the games, as plain functions over dataclasses, ints and Decimal.

Nothing under this package may import Django: the same code scores a hand in a web page,
in ``manage.py replay`` and in the tests. Their words are phrases (``tracker.rules.phrases``):
English templates marked with ``_`` and the names and numbers they speak of, shown in the
language of the moment.
"""

from tracker.rules.phrases import Phrase, _, install_translator, plural_phrase

__all__ = ["MOST_ENTRIES", "Phrase", "RulesError", "_", "install_translator", "plural_phrase"]


class RulesError(ValueError):
    """Input that breaks a rule; the message names the hand or round, the player and the problem.

    ``message`` is a template marked with ``_`` and filled with ``params`` (or a built
    ``Phrase``). ``str(error)`` shows it in the language of the moment; ``error.args[0]`` is
    the English text and ``error.phrase`` the phrase itself.
    """

    def __init__(self, message: str | Phrase, /, **params):
        if isinstance(message, Phrase):
            if params:
                raise TypeError("a built phrase takes no more params")
            phrase = message
        else:
            phrase = Phrase(message, **params)
        super().__init__(phrase.english())
        self.phrase = phrase

    def __str__(self) -> str:
        return str(self.phrase)


# A log is an evening or a tournament as a table plays it: a few hundred hands or rounds. Past
# this, it is no game record, and replaying or importing it would hold the server for minutes.
MOST_ENTRIES = 5_000
