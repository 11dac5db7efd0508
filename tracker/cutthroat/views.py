from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from tracker.common.permissions import group_for
from tracker.common.versioning import AlreadyRecorded
from tracker.common.views import log_download, run_on_version
from tracker.cutthroat import services as tournaments
from tracker.cutthroat.forms import (
    BidsForm,
    CorrectionForm,
    PlayedForm,
    TournamentForm,
    correction_initial,
)
from tracker.models import Role
from tracker.rules import cutthroat

LATEST = 20  # hands listed on the scoreboard; ?all=1 lists every hand of every game


def tournament_for(request, pk, tournament_pk, role=Role.VIEWER):
    group = group_for(request, pk, role=role)
    return group, get_object_or_404(group.tournaments, pk=tournament_pk)


def scoreboard(request, group, board, **forms):
    can_score = group.membership.allows(Role.SCORER)
    if can_score and not board.result.finished:
        if board.pending is None:
            forms.setdefault("bids_form", BidsForm(board=board))
        else:
            initial = {f"tricks_{seat}": 0 for seat in range(len(board.names))}
            initial.update(number=board.pending.number, hand=board.pending.pk)
            forms.setdefault("played_form", PlayedForm(board=board, initial=initial))
    context = {"group": group, "board": board, "can_score": can_score, **forms}
    context["standings"] = tournaments.standings(board)
    context["history"] = tournaments.history(board, None if request.GET.get("all") else LATEST)
    context["just_won"] = tournaments.just_won(board)
    context["rules_in_words"] = cutthroat.describe_settings(
        board.settings, len(board.names)
    ) + tournaments.money_in_words(board.tournament)
    context["changes"] = tournaments.change_rows(board)
    template = "tracker/tournament.html"
    return render(request, f"{template}#entry" if request.htmx else template, context)


@login_required
@require_http_methods(["GET", "POST"])
def tournament_new(request, pk):
    group = group_for(request, pk, role=Role.SCORER)
    players = list(group.players.all())
    form = TournamentForm(request.POST or None, group=group, players=players)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        tournament = tournaments.start(
            group,
            data["players"],
            data["rules"],
            request.user,
            name=data["name"],
            money={"game_stake": data["game_stake"], "buy_in": data["buy_in"]},
        )
        return redirect(tournament)
    return render(request, "tracker/tournament_new.html", {"group": group, "form": form})


@login_required
@require_GET
def tournament_detail(request, pk, tournament_pk):
    group, tournament = tournament_for(request, pk, tournament_pk)
    return scoreboard(request, group, tournaments.load(tournament))


@login_required
@require_POST
def hand_bids(request, pk, tournament_pk):
    group, tournament = tournament_for(request, pk, tournament_pk, role=Role.SCORER)
    board = tournaments.load(tournament)
    form = BidsForm(request.POST, board=board)
    if not form.is_valid():
        return scoreboard(request, group, board, bids_form=form)
    try:
        tournaments.record_bids(board, form.cleaned_data["bids"], request.user)
    except AlreadyRecorded as refusal:
        messages.warning(request, f"{refusal} This is the current state.")
    return redirect_or_swap(request, group, tournament)


@login_required
@require_POST
def hand_played(request, pk, tournament_pk):
    group, tournament = tournament_for(request, pk, tournament_pk, role=Role.SCORER)
    board = tournaments.load(tournament)
    form = PlayedForm(request.POST, board=board)
    if not form.is_valid():
        return scoreboard(request, group, board, played_form=form)
    try:
        data = form.cleaned_data
        number, tricks, jacks = data["number"], data.get("tricks"), data.get("jacks")
        if tricks is None:
            raise AlreadyRecorded(
                f"Hand {number} is already recorded, or its bids changed on another phone."
            )
        tournaments.record_tricks(board, number, tricks, jacks, request.user)
    except AlreadyRecorded as refusal:
        messages.warning(request, f"{refusal} This is the current state.")
    return redirect_or_swap(request, group, tournament)


def redirect_or_swap(request, group, tournament):
    if request.htmx:
        return scoreboard(request, group, tournaments.load(tournament))
    return redirect(tournament.get_absolute_url() + "#entry")


@login_required
@require_http_methods(["GET", "POST"])
def hand_edit(request, pk, tournament_pk, number):
    group, tournament = tournament_for(request, pk, tournament_pk, role=Role.SCORER)
    board = tournaments.load(tournament)
    if not 1 <= number <= len(board.hands):
        return redirect(tournament)
    hand = board.hands[number - 1]
    form = CorrectionForm(
        request.POST or None, board=board, initial=correction_initial(board, hand)
    )
    warnings = []
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        warnings = form.correction.winner_changes
        if not warnings or data["confirm"]:
            entry = (data["bids"], data["tricks"], data["jacks"])
            run_on_version(
                request,
                lambda version: tournaments.correct_hand(
                    board, number, version, *entry, request.user
                ),
                f"Hand {number} corrected; every later hand rescored.",
            )
            return redirect(tournament)
    context = {"group": group, "board": board, "hand": hand, "form": form, "warnings": warnings}
    return render(request, "tracker/hand_edit.html", context)


@login_required
@require_POST
def hand_undo(request, pk, tournament_pk):
    group, tournament = tournament_for(request, pk, tournament_pk, role=Role.SCORER)
    board = tournaments.load(tournament)
    run_on_version(
        request,
        lambda version: tournaments.undo_last(board, version, request.user),
        "The last hand was undone; it is kept in the history.",
    )
    return redirect(tournament)


@login_required
@require_GET
def tournament_export(request, pk, tournament_pk):
    group, tournament = tournament_for(request, pk, tournament_pk)
    log = tournaments.export_log(tournaments.load(tournament))
    return log_download(log, f"cutthroat-{tournament.pk}.json")
