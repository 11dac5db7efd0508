from django.core.exceptions import PermissionDenied
from django.db.models import F
from django.http import Http404
from django.utils.translation import gettext as _

from tracker.models import Group, Membership, Role


def _check(group: Group, membership: Membership | None, role: str) -> Group:
    if membership is None:
        raise Http404(_("No such group"))
    if not membership.allows(role):
        raise PermissionDenied(
            _("This needs the %(role)s role in %(group)s") % {"role": role, "group": group.name}
        )
    group.membership = membership
    return group


def group_for(request, pk, role: str = Role.VIEWER) -> Group:
    """The group `pk` as seen by the logged-in user.

    Outsiders get 404 (no hint that the group exists); members below `role` get 403.
    Viewers read, scorers write results, owners manage the group.
    """
    membership = (
        Membership.objects.select_related("group").filter(group_id=pk, user=request.user).first()
    )
    return _check(membership and membership.group, membership, role)


def game_for(request, pk, model, game_pk, role: str = Role.VIEWER):
    """(group, game): the group `pk` as `group_for` sees it, and its tournament or session
    `game_pk` (`model`), read together; a game of another group is 404 like a stranger's."""
    games = (
        model.objects.select_related("group")
        .filter(pk=game_pk, group_id=pk, group__memberships__user=request.user)
        .annotate(reader_role=F("group__memberships__role"))
        .order_by()  # one row by its key: the model's ordering would only cost time
    )
    game = next(iter(games[:1]), None)
    if game is None:
        raise Http404(_("No such group"))
    membership = Membership(group=game.group, user=request.user, role=game.reader_role)
    return _check(game.group, membership, role), game
