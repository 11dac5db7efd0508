from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.db.models import F
from django.shortcuts import render
from django.views.decorators.http import require_GET, require_POST

from core.models import Group, Player, Role
from core.web.permissions import group_for

BARE_ROWS = 4


@require_GET
def bare(request):
    """The least a page of this app can do: read a few rows and render a small template.

    It asks nothing of the session (no login), so a page's ratio to it includes what logging
    in costs every page.
    """
    return _bare_answer(request)


@login_required
@require_POST
def bare_save(request, pk):
    """The least a save of this app can do: a logged-in POST with its CSRF token, the group read
    through the permission helper, one row changed in a transaction (on disk before the answer)
    and the bare view's small template as the answer. No game is read, checked or rendered."""
    group = group_for(request, pk, role=Role.SCORER)
    with transaction.atomic():
        Group.objects.filter(pk=group.pk).update(version=F("version") + 1)
    return _bare_answer(request)


def _bare_answer(request):
    players = Player.objects.order_by("pk")[:BARE_ROWS]
    return render(request, "bench/bare.html", {"players": players})
