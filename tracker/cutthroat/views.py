from functools import partial

from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from basics.errors import RulesError
from core.models import Role
from core.notices import SAVED, Notice, what_became_of
from core.web.permissions import game_for, group_for
from core.web.views import (
    GamePage,
    correction_told,
    new_game_page,
    tell,
    undo_told,
    wants_json,
)
from tracker.cutthroat import display, notices, services
from tracker.cutthroat.board import load
from tracker.cutthroat.forms import (
    BidsForm,
    CorrectionForm,
    KeptTricksForm,
    NextHandForm,
    PlayedForm,
    correction_initial,
    kept_sheet_key,
    typed_values,
)
from tracker.cutthroat.models import Tournament
from tracker.cutthroat.tournament_form import TournamentForm

LATEST = 8  # hands listed on the scoreboard; ?all=1 lists every hand of every game
TEMPLATE = "cutthroat/tournament.html"


def tournament_for(request, pk, tournament_pk, role=Role.VIEWER):
    return game_for(request, pk, Tournament, tournament_pk, role=role)


def scoreboard(request, group, tournament, board=None, notice=None, **forms):
    """The scoreboard, or only its #entry part for htmx; `forms` as the user left them, and
    `notice`, what the phone is told of the entry it sent, beside the notices carried here."""
    return PAGE.render(request, group, tournament, board, notice, forms)


def shown_context(board, every: bool) -> dict:
    return display.scoreboard_context(board, every, LATEST)


def scorer_forms(board, forms: dict) -> dict:
    """The live part's forms as `forms` has them, the others as the hand to enter asks."""
    context = entry_context(board, forms)
    return {**context, **forms, "entering": "bids_form" in forms or "played_form" in forms}


def entry_context(board, forms: dict) -> dict:
    """What a scorer's forms show: the hand to enter (its bids or tricks form, unless `forms`
    has it as he left it), the offline forms of the sheet held beside the page and what an
    undo takes back."""
    if not board.standings.finished:
        forms.update(kept_sheet_forms(board))
        if board.pending is None:
            forms.setdefault("bids_form", BidsForm(board=board))
        else:
            initial = {"number": board.pending.number, "hand": board.pending.pk}
            forms.setdefault("played_form", PlayedForm(board=board, initial=initial))
    next_game, next_number = board.next_hand()
    return {
        "next_game": next_game,
        "next_number": next_number,
        "game_over": display.game_over(board),
        "undo": display.undo(board),
    }


def kept_sheet_forms(board) -> dict:
    """The forms for a phone whose network goes, held beside the live part (`kept_sheet` in
    tournament.html) under `kept_sheet_key`: the tricks after bids kept on the phone, and the
    hands after the one the page enters."""
    return {
        "kept_sheet_key": kept_sheet_key(board),
        "offline_tricks_form": KeptTricksForm(board=board),
        "offline_next_form": NextHandForm(board=board, auto_id="next_%s"),
    }


def reader_forms() -> dict:
    """A reader who does not score enters nothing."""
    return {"entering": False}


PAGE = GamePage(
    TEMPLATE,
    "tournament",
    load,
    shown_context,
    display.describe_entry,
    scorer_forms,
    reader_forms,
    kept_sheet="kept_sheet",
)


@login_required
@require_http_methods(["GET", "POST"])
def tournament_new(request, pk):
    group = group_for(request, pk, role=Role.SCORER)

    def start(data):
        money_rules = {"game_stake": data["game_stake"], "buy_in": data["buy_in"]}
        entry = (data["players"], data["rules"], request.user, data["name"], money_rules)
        return services.start(group, *entry)

    last = group.tournaments.first()
    template = "cutthroat/tournament_new.html"
    return new_game_page(request, group, TournamentForm, last, start, template)


@login_required
@require_GET
def tournament_detail(request, pk, tournament_pk):
    group, tournament = tournament_for(request, pk, tournament_pk)
    return scoreboard(request, group, tournament)


@login_required
@require_GET
def tournament_sheet(request, pk, tournament_pk):
    """The offline forms a phone holds beside the page in case its network goes; fetched again
    only when what they show changes (static/js/kept_sheet.js)."""
    group, tournament = tournament_for(request, pk, tournament_pk)
    return PAGE.kept_sheet_response(request, group, tournament)


FORM_NAMES = {BidsForm: "bids_form", PlayedForm: "played_form"}


def save_entry(request, pk, tournament_pk, form_class, save):
    """A step of a hand from its form (the bids; or the tricks and jacks, with the bids of a
    hand a phone kept offline), through `save(board, data)`, which records it and says what it
    saved. Told in one notice to the page (htmx, or a form sent without JavaScript) or to the
    phone's outbox (JSON); a refusal is shown on the form, which keeps what was entered."""
    group, tournament = tournament_for(request, pk, tournament_pk, role=Role.SCORER)
    board = load(tournament)
    form = form_class(request.POST, board=board, keyed=wants_json(request))
    notice, board = entered(request, board, form, save)
    forms = {FORM_NAMES[form_class]: form} if notice.place == "form" else {}

    def page(notice):
        shown = None if forms else notice  # a refusal: the form says why
        return scoreboard(request, group, board.tournament, board, shown, **forms)

    return tell(request, notice, tournament, page)


def entered(request, board, form, save) -> tuple:
    """What became of an entry: its notice, and the board the page is drawn from after it."""

    def came_first(board, data, _refusal):
        typed = notices.typed_entry(data, board.names)
        return notices.came_first(board, typed, request.user, data.get("once"))

    def saved(data):
        return Notice(SAVED, save(board, data))

    return what_became_of(form, board, saved, came_first, load)


@login_required
@require_POST
def hand_bids(request, pk, tournament_pk):
    def save(board, data):
        bids, key = data["bids"], data.get("once")
        services.record_bids(board, bids, request.user, data["number"], idempotency_key=key)
        return notices.bids_saved(board, bids)

    return save_entry(request, pk, tournament_pk, BidsForm, save)


@login_required
@require_POST
def hand_played(request, pk, tournament_pk):
    """Tricks and jacks of a hand on the bids the page showed, or, from a phone's outbox, a
    hand it kept while offline, with its bids unless they were saved before (PlayedForm)."""

    def save(board, data):
        tricks, jacks, hand = data["tricks"], data["jacks"], data["hand"]
        entry = (request.user, hand, data.get("once"))
        played = services.record_tricks(board, data["number"], tricks, jacks, *entry, data["bids"])
        return notices.hand_saved(board, played)

    return save_entry(request, pk, tournament_pk, PlayedForm, save)


@login_required
@require_http_methods(["GET", "POST"])
def hand_edit(request, pk, tournament_pk, number):
    """A played hand corrected; `number` counts across the tournament, the page says which
    game and hand of it that is."""
    group, tournament = tournament_for(request, pk, tournament_pk, role=Role.SCORER)
    board = load(tournament)
    hand = tournament.hands.filter(number=number, tricks__isnull=False).first()
    if hand is None:
        return redirect(tournament)
    # Filled in with what a phone entered (a refused save), when the address carries it.
    typed = typed_values(board, request.GET)
    initial = {**correction_initial(board, hand), **typed}
    form = CorrectionForm(request.POST or None, board=board, hand=hand, initial=initial)
    warnings = []
    if request.method == "POST" and form.is_valid():
        try:
            return correct(request, board, hand, form.cleaned_data)
        except services.NeedsConfirmation as changes:
            warnings = changes.changes
        except RulesError as refusal:
            form.add_error(None, str(refusal))
    name = display.played_name(hand)
    context = {"group": group, "board": board, "hand": hand, "form": form, "name": name}
    if typed and not form.is_bound:
        context["saved"] = display.describe_entry(hand.as_entry(), board.names)
    return render(request, "cutthroat/hand_edit.html", {**context, "warnings": warnings})


def correct(request, board, hand, data):
    """Save a correction and say what it did; back to the scoreboard."""
    where = {"game": hand.result["game"], "hand": hand.result["number"]}
    entry = (data["bids"], data["tricks"], data["jacks"], request.user, data["confirm"])
    save = partial(services.correct_hand, board, hand.number, data["version"], *entry)
    unchanged = _("Nothing changed: game %(game)s · hand %(hand)s is as it was.") % where
    corrected = _("Game %(game)s · hand %(hand)s corrected; every later hand rescored.") % where
    return correction_told(request, board.tournament, save, unchanged, corrected)


@login_required
@require_POST
def hand_undo(request, pk, tournament_pk):
    group, tournament = tournament_for(request, pk, tournament_pk, role=Role.SCORER)
    board = load(tournament)
    undone = services.undone(board) or _("Nothing")
    undo = partial(services.undo_last, board, user=request.user)
    return undo_told(request, tournament, undo, undone)
