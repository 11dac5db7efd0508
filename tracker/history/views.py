"""The group's history: lists of past tournaments and sessions, their charts, player pages, and
what each session and tournament played for money settles.

Read-only pages for every member (viewers too); each one costs a fixed number of queries.
"""

from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from ledger.balances import any_payment
from tracker.catte import board as catte_board
from tracker.common.permissions import group_for
from tracker.cutthroat import board as cutthroat_board
from tracker.history import services as history
from tracker.history.ratings import cached_ratings, leaderboards
from tracker.rules.ratings import PROVISIONAL_GAMES


@login_required
@require_GET
def tournament_list(request, pk):
    group = group_for(request, pk)
    page = history.page_of(history.tournaments_of(group), request.GET.get("page"))
    rows = [history.tournament_row(group, cutthroat_board.load(t)) for t in page]
    context = {"group": group, "page": page, "tournaments": rows}
    return render(request, "tracker/history_tournaments.html", context)


@login_required
@require_GET
def tournament_charts(request, pk, tournament_pk):
    group = group_for(request, pk)
    tournament = get_object_or_404(history.tournaments_of(group), pk=tournament_pk)
    board = cutthroat_board.load(tournament)
    context = {
        "group": group,
        "row": history.tournament_row(group, board),
        "games": history.tournament_charts(board),
    }
    return render(request, "tracker/history_tournament.html", context)


@login_required
@require_GET
def session_list(request, pk):
    group = group_for(request, pk)
    page = history.page_of(history.sessions_of(group), request.GET.get("page"))
    rows = [history.session_row(group, catte_board.load(s)) for s in page]
    context = {"group": group, "page": page, "sessions": rows}
    return render(request, "tracker/history_sessions.html", context)


@login_required
@require_GET
def session_chart(request, pk, session_pk):
    group = group_for(request, pk)
    session = get_object_or_404(history.sessions_of(group), pk=session_pk)
    board = catte_board.load(session)
    context = {
        "group": group,
        "row": history.session_row(group, board),
        "chart": history.money_chart(group, board) if board.rounds_played else None,
    }
    return render(request, "tracker/history_session.html", context)


@login_required
@require_GET
def player_stats(request, pk, player_pk):
    group = group_for(request, pk)
    player = get_object_or_404(group.players, pk=player_pk)
    context = {"group": group, "player": player, **history.player_page(group, player)}
    return render(request, "tracker/player.html", context)


@login_required
@require_GET
def ratings(request, pk):
    """Every player's rating in each game, recomputed from the group's history."""
    group = group_for(request, pk)
    context = {
        "group": group,
        "games": leaderboards(group, cached_ratings(group)),
        "provisional_games": PROVISIONAL_GAMES,
    }
    return render(request, "tracker/ratings.html", context)


@login_required
@require_GET
def settlements(request, pk):
    """Who pays whom for each session alone, and for each tournament played for money."""
    group = group_for(request, pk)
    page = history.page_of(history.sessions_of(group), request.GET.get("page"))
    context = {
        "group": group,
        "page": page,
        "sessions": history.session_settlements(group, page),
        "tournaments": history.tournament_settlements(group),
        "payments_made": any_payment(group),
    }
    return render(request, "ledger/by_session.html", context)
