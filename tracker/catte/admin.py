"""Cắt Tê sessions in the admin: staff look, never write (core.web.admin)."""

from core.admin import register_game
from tracker.catte.models import CatteSession, Round, SessionSeat

columns = ["__str__", "group", "round_count", "created_at", "closed_at"]
register_game(CatteSession, SessionSeat, Round, columns, entry_columns=["number"])
