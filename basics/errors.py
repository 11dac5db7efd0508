"""The refusal every layer raises and shows: input that breaks a rule, said as a phrase."""

from basics.phrases import Phrase


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
