from django.contrib.auth.decorators import login_required
from django.utils.functional import SimpleLazyObject
from django.views.decorators.http import require_GET

from core import games
from core.versioning import version_key
from core.web.permissions import game_for
from core.web.shared_part import shared_key
from core.web.views import game_pk, live_part, render_page


@login_required
@require_GET
def game_table(request, pk, kind, **address):
    """A game of any kind for the screen in the middle of the table; any member may open it.
    Its address names the game's id as the game's own pages do ("session_pk"). The page is
    the same for every kind; the kind's own template draws its live part."""
    game_kind = games.kind_named(kind)
    assert game_kind is not None  # the address is one of a registered kind's
    group, game = game_for(request, pk, game_kind.model, game_pk(kind, address))
    shown = SimpleLazyObject(lambda: game_kind.table_context(game))
    template = game_kind.table_template
    context = {"group": group, "game": game, "shown": shown, "table_template": template}
    context["version_key"] = version_key(game)
    context["live_html"] = live_part(request, template, context, shared_key(group, game))
    return render_page(request, "tracker/table.html", context)
