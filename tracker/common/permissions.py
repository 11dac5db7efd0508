from django.core.exceptions import PermissionDenied
from django.http import Http404

from tracker.models import Group, Membership, Role


def group_for(request, pk, role: str = Role.VIEWER) -> Group:
    """The group `pk` as seen by the logged-in user.

    Outsiders get 404 (no hint that the group exists); members below `role` get 403.
    Viewers read, scorers write results, owners manage the group.
    """
    membership = (
        Membership.objects.select_related("group").filter(group_id=pk, user=request.user).first()
    )
    if membership is None:
        raise Http404("No such group")
    if not membership.allows(role):
        raise PermissionDenied(f"This needs the {role} role in {membership.group.name}")
    group = membership.group
    group.membership = membership
    return group
