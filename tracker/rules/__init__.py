"""The rules of the games, as plain functions over dataclasses, ints and Decimal.

Nothing under this package may import Django: the same code scores a hand in a web page,
in ``manage.py replay`` and in the tests.
"""


class RulesError(ValueError):
    """Input that breaks a rule; the message names the hand or round, the player and the problem."""
