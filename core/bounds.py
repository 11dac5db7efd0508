"""The largest integers a form takes, as the database columns they are compared with hold them
(PostgreSQL's integer and bigint): a larger number is refused by the form, never by the database."""

LARGEST_COUNT = 2**31 - 1  # a PositiveIntegerField: versions, numbers of rounds and hands
LARGEST_KEY = 2**63 - 1  # a BigAutoField: a row's key
