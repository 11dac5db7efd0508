"""What both games share of the domain: money (in the reader's language), seats and names, versions
and the changes of a game, the "changed?" question of live pages, idempotency keys, and words stored
to be read in each reader's language."""
