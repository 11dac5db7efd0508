"""Players' names as pages show them: in the order the players read them, and short where there
is no room for the whole name, read from the players of a group. The how is plain Python below
every layer (basics.collation and basics.names); this is it over the rows of players."""

from django.utils.translation import gettext as _

from basics.collation import sort_key
from basics.names import short_names


def name_taken(name: str, group) -> str:
    """The refusal of `name` for a player of `group` when another player of it has that name
    (whatever its case or encoding: Player.named)."""
    return _("%(player)s is already a player of %(group)s.") % {
        "player": name,
        "group": group.name,
    }


def by_name(rows, name=lambda row: row.name) -> list:
    """`rows` (players, or anything `name` reads a player's name from) in alphabetical order."""
    return sorted(rows, key=lambda row: sort_key(name(row)))


def short_names_of(players) -> list[str]:
    """The short name of each of `players` (one table, or one group), in their order: his own
    if he has one, else one derived from his name that no other of them has."""
    players = list(players)
    return short_names([p.name for p in players], [p.short_name for p in players])


def derived_short_name(player, players) -> str:
    """The short name `player` goes by among `players` (his group) without one of his own; at
    a table with no namesake of his it may be shorter still: just his given name."""
    players = list(players)
    chosen = ["" if other.pk == player.pk else other.short_name for other in players]
    index = [other.pk for other in players].index(player.pk)
    return short_names([other.name for other in players], chosen)[index]
