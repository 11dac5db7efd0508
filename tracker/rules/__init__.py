"""The rules of the games, as plain functions over dataclasses, ints and Decimal.

Nothing under this package may import Django: the same code scores a hand in a web page,
in ``manage.py replay`` and in the tests. Their words are those every layer shares (the
``basics`` package): refusals (``basics.errors.RulesError``) and phrases (``basics.phrases``),
English templates marked with ``_`` and the names and numbers they speak of, shown in the
language of the moment.
"""

# A log is an evening or a tournament as a table plays it: a few hundred hands or rounds. Past
# this, it is no game record, and replaying or importing it would hold the server for minutes.
MOST_ENTRIES = 5_000
