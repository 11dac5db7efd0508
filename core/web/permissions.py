from django.core.exceptions import PermissionDenied
from django.db.models import F
from django.http import Http404
from django.utils.translation import gettext as _

from core.bounds import LARGEST_KEY
from core.models import Group, Membership, Role


def group_for(request, pk, role: str = Role.VIEWER) -> Group:
    """The group `pk` as seen by the logged-in user.

    Outsiders get 404 (no hint that the group exists); members below `role` get 403.
    Viewers read, scorers write results, owners manage the group.
    """
    group = None
    if _is_key(pk) and request.user.is_authenticated:
        memberships = Group.objects.filter(pk=pk, memberships__user=request.user)
        group = memberships.annotate(reader_role=F("memberships__role")).first()
    if group is None:
        raise Http404(_("No such group"))
    return _allowed(request, group, group.reader_role, role)


def game_for(request, pk, model, game_pk, role: str = Role.VIEWER):
    """(group, game): the group `pk` as `group_for` sees it, and its tournament or session
    `game_pk` (`model`), read together; a game of another group is 404 like a stranger's."""
    game = None
    if _is_key(pk) and _is_key(game_pk) and request.user.is_authenticated:
        games = model.objects.filter(pk=game_pk, group=pk, group__memberships__user=request.user)
        game = games.select_related("group").annotate(role=F("group__memberships__role")).first()
    if game is None:
        raise Http404(_("No such group"))
    return _allowed(request, game.group, game.role, role), game


def _allowed(request, group: Group, reader_role: str, role: str) -> Group:
    """`group` with the reader's membership; 403 when his role is below `role`."""
    group.membership = Membership(group=group, user=request.user, role=reader_role)
    if not group.membership.allows(role):
        raise PermissionDenied(
            _("This needs the %(role)s role in %(group)s") % {"role": role, "group": group.name}
        )
    return group


def _is_key(key) -> bool:
    """A key a database can hold: an address may carry any number."""
    return isinstance(key, int) and 0 < key <= LARGEST_KEY  # a larger number names nothing
