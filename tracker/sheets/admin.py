"""Score sheets in the admin: staff look, never write (core.web.admin)."""

from core.admin import register_game
from tracker.sheets.models import Sheet, SheetRound, SheetSeat

columns = ["__str__", "group", "round_count", "created_at"]
register_game(Sheet, SheetSeat, SheetRound, columns, ["number"], seats_page=False)
