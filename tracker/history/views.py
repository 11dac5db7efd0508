"""The group's history: player pages, ratings, seasons, and what each game played for money
settles (each game's own past games and charts are its own pages).

Pages for every member to read (viewers too), each at a fixed number of queries; only owners
name seasons.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from core.models import Role
from core.versioning import RestoreRunning
from core.web.permissions import group_for
from ledger.balances import any_payment
from tracker.history import ratings as rated
from tracker.history import seasons
from tracker.history import services as history
from tracker.history.forms import SeasonForm
from tracker.rules.ratings import PROVISIONAL_GAMES


@login_required
@require_GET
def player_stats(request, pk, player_pk):
    group = group_for(request, pk)
    player = get_object_or_404(group.players, pk=player_pk)
    context = {
        "group": group,
        "player": player,
        **history.player_page(group, player),
        "rating_charts": rated.rating_charts(group, player),
        "first_rated": rated.first_rated(),
        "nights": rated.player_nights(group, player),
    }
    return render(request, "tracker/player.html", context)


@login_required
@require_GET
def ratings(request, pk):
    """Each game's leaderboard over a season (?season=, all time without), recomputed from the
    group's history."""
    group = group_for(request, pk)
    chosen = request.GET.get("season", "")[:100]
    season = seasons.season_named(group, chosen) if chosen else None
    if chosen and season is None:
        raise Http404(_("No such season"))
    context = {
        "group": group,
        "season": season,
        "seasons": seasons.seasons_of(group),
        "games": rated.leaderboards(group, rated.cached_leaderboards(group, season)),
        "how_rated": rated.how_rated(),
        "provisional_games": PROVISIONAL_GAMES,
    }
    return render(request, "tracker/ratings.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def season_list(request, pk):
    """The group's named seasons for every member; owners add them here."""
    group = group_for(request, pk, role=Role.OWNER if request.method == "POST" else Role.VIEWER)
    form = SeasonForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            typed = form.cleaned_data
            season = seasons.add_season(group, typed["name"], typed["starts_on"], typed["ends_on"])
            messages.success(request, _("%(season)s added.") % {"season": season.name})
            return redirect("seasons", pk=group.pk)
        except seasons.Refused as refusal:
            form.add_error(refusal.field, str(refusal))
        except RestoreRunning as refusal:
            form.add_error(None, str(refusal))
    context = {"group": group, "form": form, "is_owner": group.membership.allows(Role.OWNER)}
    return render(request, "tracker/seasons.html", {**context, "named": group.seasons.all()})


@login_required
@require_POST
def season_remove(request, pk, season_pk):
    group = group_for(request, pk, role=Role.OWNER)
    season = get_object_or_404(group.seasons, pk=season_pk)
    try:
        seasons.remove_season(group, season)
        messages.success(request, _("%(season)s removed.") % {"season": season.name})
    except RestoreRunning as refusal:
        messages.error(request, str(refusal))
    return redirect("seasons", pk=group.pk)


@login_required
@require_GET
def settlements(request, pk):
    """Who pays whom for each game alone (each session, each tournament played for money), as
    each registered game settles it."""
    group = group_for(request, pk)
    context = {
        "group": group,
        **history.settlements(group, request.GET.get("page")),
        "payments_made": any_payment(group),
    }
    return render(request, "ledger/by_session.html", context)
