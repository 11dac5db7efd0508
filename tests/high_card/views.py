"""High card's pages: start a table, its page (the money, the round to enter, the history of
changes), a round saved, corrected or undone, the table closed; the group's past tables are the
pages every game shares, reading its history module's `past`."""

from functools import partial

from django.contrib.auth.decorators import login_required
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from core.models import Role
from core.notices import REFUSED, SAVED, Notice, what_became_of
from core.web.permissions import game_for, group_for
from core.web.views import (
    GamePage,
    act_on_version,
    new_game_page,
    round_correction_told,
    round_undo_told,
    tell,
)
from tests.high_card import services
from tests.high_card.board import load
from tests.high_card.forms import RoundForm, StartForm
from tests.high_card.models import HighCard

TEMPLATE = "high_card/game.html"


def table_for(request, pk, highcard_pk, role=Role.VIEWER):
    return game_for(request, pk, HighCard, highcard_pk, role=role)


def shown(board, every: bool) -> dict:
    return {"money": board.state.money, "rounds": board.latest_rounds(None if every else 8)}


def entry_words(entry: dict | None, names: list[str]) -> str:
    """A round as stored, in words, for the history of changes."""
    if not entry or "winner" not in entry:
        return ""
    return _("%(winner)s wins") % {"winner": names[entry["winner"]]}


def scorer_forms(board, forms: dict) -> dict:
    initial = {"number": board.next_number, "version": board.table.version}
    forms.setdefault("round_form", RoundForm(board=board, initial=initial))
    return forms


PAGE = GamePage(TEMPLATE, "highcard", load, shown, entry_words, scorer_forms)


@login_required
@require_http_methods(["GET", "POST"])
def table_new(request, pk):
    group = group_for(request, pk, role=Role.SCORER)
    start = partial(started, group, request.user)
    last = group.high_cards.first()
    return new_game_page(request, group, StartForm, last, start, "high_card/new.html")


def started(group, user, data: dict):
    """The table the start form asked for."""
    return services.start(group, data["players"], data["stake"], user, data["name"])


@login_required
@require_GET
def table_page(request, pk, highcard_pk):
    group, table = table_for(request, pk, highcard_pk)
    return PAGE.render(request, group, table)


@login_required
@require_POST
def round_save(request, pk, highcard_pk):
    group, table = table_for(request, pk, highcard_pk, role=Role.SCORER)
    board = load(table)
    form = RoundForm(request.POST, board=board)

    def save(data):
        once = data["once"]
        services.record_round(board, data["winner"], request.user, data["number"], once)
        return Notice(SAVED, _("Round %(number)s saved.") % {"number": data["number"]})

    def came_first(board, data, refusal):
        return Notice(REFUSED, str(refusal), place="form")

    notice, board = what_became_of(form, board, save, came_first, load)
    forms = {"round_form": form} if notice.place == "form" else {}
    page = partial(PAGE.render, request, group, board.table, board, forms=forms)
    return tell(request, notice, table, page)


@login_required
@require_http_methods(["GET", "POST"])
def round_edit(request, pk, highcard_pk, number):
    group, table = table_for(request, pk, highcard_pk, role=Role.SCORER)
    board = load(table)
    initial = {"number": number, "version": table.version}
    form = RoundForm(request.POST or None, board=board, initial=initial)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        winner = data["winner"]
        correct = partial(services.correct_round, board, number, data["version"], winner)
        return round_correction_told(request, table, number, correct)
    context = {"group": group, "highcard": table, "form": form, "number": number}
    return render(request, "high_card/round_edit.html", context)


@login_required
@require_POST
def round_undo(request, pk, highcard_pk):
    _group, table = table_for(request, pk, highcard_pk, role=Role.SCORER)
    return round_undo_told(request, load(table), services.undo_last)


@login_required
@require_POST
def table_close(request, pk, highcard_pk):
    group, table = table_for(request, pk, highcard_pk, role=Role.SCORER)
    close = partial(services.close, load(table), user=request.user)
    return act_on_version(request, table, close, _("The table is closed."))
