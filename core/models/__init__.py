"""The rows every game and the ledger share: groups, their players and members, invites, a
person's preferences, the history of changes and restores. They were the tracker app's first
models and keep its tables (`db_table`), so moving them here moved no row."""

from core.models.groups import CURRENCIES, Group, Invite, Membership, Player, Role
from core.models.history import Change
from core.models.people import Preferences, ThrottledPost
from core.models.restores import Restore

__all__ = [
    "CURRENCIES",
    "Change",
    "Group",
    "Invite",
    "Membership",
    "Player",
    "Preferences",
    "Restore",
    "Role",
    "ThrottledPost",
]
