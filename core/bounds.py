"""The largest integers a form takes, as the database columns they are compared with hold them
(PostgreSQL's integer and bigint): a larger number is refused by the form, never by the database.
Money has its bound here too: the ledger refuses to post past it (ledger/posting.py)."""

LARGEST_COUNT = 2**31 - 1  # a PositiveIntegerField: versions, numbers of rounds and hands
LARGEST_KEY = 2**63 - 1  # a BigAutoField: a row's key
# A BigIntegerField: a posting's amount and an account's balance, in minor units (cents, dong).
# What the group's players are owed altogether stays within it too, so any total adds up.
LARGEST_MONEY_MINOR = 2**63 - 1
