from tracker.models.catte import Round, Session, SessionSeat
from tracker.models.cutthroat import Hand, Tournament, TournamentSeat
from tracker.models.groups import CURRENCIES, Group, Invite, Membership, Player, Role
from tracker.models.history import Change

__all__ = [
    "CURRENCIES",
    "Change",
    "Group",
    "Hand",
    "Invite",
    "Membership",
    "Player",
    "Role",
    "Round",
    "Session",
    "SessionSeat",
    "Tournament",
    "TournamentSeat",
]
