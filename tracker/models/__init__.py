from tracker.models.catte import CatteSession, Round, SessionSeat
from tracker.models.cutthroat import Hand, Tournament, TournamentSeat
from tracker.models.groups import CURRENCIES, Group, Invite, Membership, Player, Role
from tracker.models.history import Change
from tracker.models.people import Preferences, ThrottledPost
from tracker.models.restores import Restore
from tracker.models.seasons import Season

__all__ = [
    "CURRENCIES",
    "Change",
    "Group",
    "Hand",
    "Invite",
    "Membership",
    "Player",
    "Preferences",
    "Restore",
    "Role",
    "Round",
    "Season",
    "CatteSession",
    "SessionSeat",
    "Tournament",
    "ThrottledPost",
    "TournamentSeat",
]
