from functools import cache

from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.utils.translation import gettext as _

from tracker.common.sql import column, first, rows, table
from tracker.models import Group, Membership, Role

# Keys the databases can hold; a larger number in an address names nothing.
LARGEST_KEY = 2**63 - 1


def group_for(request, pk, role: str = Role.VIEWER) -> Group:
    """The group `pk` as seen by the logged-in user.

    Outsiders get 404 (no hint that the group exists); members below `role` get 403.
    Viewers read, scorers write results, owners manage the group.
    """
    group = _read(Group, _group_sql(), pk, request.user.pk)
    if group is None:
        raise Http404(_("No such group"))
    group.membership = Membership(group=group, user=request.user, role=group.reader_role)
    if not group.membership.allows(role):
        raise PermissionDenied(
            _("This needs the %(role)s role in %(group)s") % {"role": role, "group": group.name}
        )
    return group


def game_for(request, pk, model, game_pk, role: str = Role.VIEWER):
    """(group, game): the group `pk` as `group_for` sees it, and its tournament or session
    `game_pk` (`model`); a game of another group is 404 like a stranger's."""
    group = group_for(request, pk, role)
    game = _read(model, _game_sql(model), game_pk, pk)
    if game is None:
        raise Http404(_("No such group"))
    game.group = group
    return group, game


# Every page and every save asks these two: written once as SQL, they cost a third of what
# the ORM spends composing the same queries on each request.
def _read(model, sql: str, *keys):
    """The row of `model` that `sql` finds for `keys`; None when there is none or a key is not
    one a database can hold (an address may carry any number)."""
    if not all(isinstance(key, int) and 0 < key <= LARGEST_KEY for key in keys):
        return None
    return first(rows(model, sql, keys))


@cache
def _group_sql() -> str:
    """The group, with the reader's role in it as `reader_role`, if he is a member."""
    key = _of(Group, "pk")
    return (
        f"SELECT {table(Group)}.*, {_of(Membership, 'role')} AS reader_role FROM {table(Group)}"
        f" JOIN {table(Membership)} ON {_of(Membership, 'group')} = {key}"
        f" WHERE {key} = %s AND {_of(Membership, 'user')} = %s"
    )


@cache
def _game_sql(model) -> str:
    key, group = column(model, "pk"), column(model, "group")
    return f"SELECT * FROM {table(model)} WHERE {key} = %s AND {group} = %s"


def _of(model, field: str) -> str:
    """A column named with its table, where two tables are joined."""
    return f"{table(model)}.{column(model, field)}"
