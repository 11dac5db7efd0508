"""In the middle of the table: the read-only view of a game for a tablet or a TV."""
