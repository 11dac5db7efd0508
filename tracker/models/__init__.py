from tracker.models.catte import CatteSession, Round, SessionSeat
from tracker.models.cutthroat import Hand, Tournament, TournamentSeat
from tracker.models.seasons import Season

__all__ = [
    "CatteSession",
    "Hand",
    "Round",
    "Season",
    "SessionSeat",
    "Tournament",
    "TournamentSeat",
]
