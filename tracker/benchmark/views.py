from django.shortcuts import render
from django.views.decorators.http import require_GET

from tracker.models import Player

BARE_ROWS = 4


@require_GET
def bare(request):
    """The least a page of this app can do: read a few rows and render a small template.

    It asks nothing of the session (no login), so a page's ratio to it includes what logging
    in costs every page.
    """
    players = Player.objects.order_by("pk")[:BARE_ROWS]
    return render(request, "benchmark/bare.html", {"players": players})
