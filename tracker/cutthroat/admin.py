"""Tournaments in the admin: staff look, never write (core.web.admin)."""

from core.admin import register_game
from tracker.cutthroat.models import Hand, Tournament, TournamentSeat

columns = ["__str__", "group", "hand_count", "champion", "game_stake", "buy_in", "created_at"]
entry_columns = ["number", "bids", "tricks"]
register_game(Tournament, TournamentSeat, Hand, columns, entry_columns, raw_ids=["champion"])
