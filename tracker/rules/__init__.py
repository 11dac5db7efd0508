"""The rules of the games, as plain functions over dataclasses, ints and Decimal.

Nothing under this package may import Django: the same code scores a hand in a web page,
in ``manage.py replay`` and in the tests.
"""


class RulesError(ValueError):
    """Input that breaks a rule; the message names the hand or round, the player and the problem."""


# A log is an evening or a tournament as a table plays it: a few hundred hands or rounds. Past
# this, it is no game record, and replaying or importing it would hold the server for minutes.
MOST_ENTRIES = 5_000
