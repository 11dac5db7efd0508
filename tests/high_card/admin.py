"""Tables of high card in the admin: staff look, never write (core.web.admin)."""

from core.admin import register_game
from tests.high_card.models import HighCard, HighCardRound, HighCardSeat

columns = ["__str__", "group", "round_count"]
register_game(HighCard, HighCardSeat, HighCardRound, columns, ["number"])
