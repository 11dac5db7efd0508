import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect

from basics.errors import RulesError
from core import games
from core.models import Restore, Role
from core.seats import MissingPlayers
from core.versioning import StalePage
from core.web.permissions import group_for
from core.web.views import game_pk, log_download, render_page
from tracker.gamelogs import backup, cancelling, registry, restoring
from tracker.gamelogs.forms import ImportForm, RestoreForm, RestoreStepForm


@login_required
@require_http_methods(["GET", "POST"])
def log_import(request, pk):
    """A game log into the group, as a new game or as more of an open one; only an owner may
    add the players it names that the group does not have (adding players is an owner's job)."""
    group = group_for(request, pk, role=Role.SCORER)
    can_add = group.membership.allows(Role.OWNER)
    form = ImportForm(
        request.POST or None, request.FILES or None, group=group, can_add_players=can_add
    )
    missing = []
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            return _imported(request, group, data, can_add and data.get("create_missing", False))
        except MissingPlayers as refusal:
            form, missing = _asked_for_players(form, refusal, data, can_add, group)
        except RulesError as refusal:
            form.add_error(None, str(refusal))
        except StalePage:  # another phone's entry, or this part sent twice: nothing was added
            changed = _(
                "%(game)s changed since this page was shown: look at it before adding more."
            )
            messages.error(request, changed % {"game": data["into"][0]})
            return redirect("log_import", group.pk)
    context = {"group": group, "form": form, "missing": missing, "can_add_players": can_add}
    return render(request, "tracker/log_import.html", context)


def _asked_for_players(form, refusal: MissingPlayers, data: dict, can_add: bool, group):
    """A log naming players the group does not have: an owner is shown the form again to add
    them (the names it would add); a scorer is told to ask an owner."""
    if not can_add:
        ask = _("%(refusal)s — ask an owner of the group to add them, or import as an owner.")
        form.add_error(None, ask % {"refusal": refusal})
        return form, []
    text = json.dumps(data["log"], ensure_ascii=False, indent=1)
    kept = {"text": text, "create_missing": True, "session": data.get("session")}
    return ImportForm(initial=kept, group=group), refusal.names


def _imported(request, group, data: dict, create: bool):
    """The log imported as the form asked: the game's page, with what was done."""
    if data["into"] is None:
        imported = registry.import_log(group, data["log"], request.user, create, **data["options"])
        messages.success(request, _("Imported as %(game)s.") % {"game": imported})
        return redirect(imported)
    game, version = data["into"]
    registry.append_log(game, data["log"], request.user, version)
    messages.success(request, _("The log's entries were added to %(game)s.") % {"game": game})
    return redirect(game)


@login_required
@require_GET
def game_export(request, pk, kind, **address):
    """A game's log, of any registered kind, as a file."""
    group = group_for(request, pk)
    game_kind = games.kind_named(kind)
    assert game_kind is not None  # the address is one of a registered kind's
    games_of_group = game_kind.model._default_manager.filter(group=group)
    game = get_object_or_404(games_of_group, pk=game_pk(kind, address))
    return log_download(game_kind.export_log(game), f"{game_kind.game}-{game.pk}.json")


@login_required
@require_GET
def group_backup(request, pk):
    group = group_for(request, pk)
    response = HttpResponse(backup.export_zip(group), content_type="application/zip")
    response["Content-Disposition"] = f'attachment; filename="cardtable-group-{group.pk}.zip"'
    return response


@login_required
@require_http_methods(["GET", "POST"])
def group_restore(request, pk):
    group = group_for(request, pk, role=Role.OWNER)
    form = RestoreForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        try:
            data = form.cleaned_data
            restore = restoring.begin(group, data["backup"], request.user, data["data"])
            if restore.is_running:
                return redirect(restore)
            messages.success(request, _("The backup was restored into this group."))
            return redirect(group)
        except RulesError as refusal:
            form.add_error(None, str(refusal))
    return render(request, "tracker/group_restore.html", {"group": group, "form": form})


@login_required
@require_http_methods(["GET", "POST"])
def restore_progress(request, pk, restore_pk):
    """A restore too large for one request, going on a step per post: htmx posts the next step
    as soon as the last one is shown; without JavaScript the owner taps "Go on". Any member
    sees how far it has got (a change refused meanwhile links here)."""
    group = group_for(request, pk, role=Role.OWNER if request.method == "POST" else Role.VIEWER)
    cancelling.cancel_if_left(group)
    restore = get_object_or_404(group.restores, pk=restore_pk)
    form = RestoreStepForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        restore = restoring.take_step(restore, form.cleaned_data["version"], request.user)
        if restore.state == Restore.State.DONE:
            messages.success(request, _("The backup was restored into this group."))
            if request.htmx:
                return HttpResponseClientRedirect(group.get_absolute_url())
            return redirect(group)
    context = {"group": group, "restore": restore, "pause_ms": restoring.PAUSE_MS}
    context["is_owner"] = group.membership.allows(Role.OWNER)
    return render_page(request, "tracker/restore_progress.html", context, fragment="progress")


@login_required
@require_POST
def restore_cancel(request, pk, restore_pk):
    """The second tap of "Cancel the restore": its steps then remove what it wrote."""
    group = group_for(request, pk, role=Role.OWNER)
    restore = get_object_or_404(group.restores, pk=restore_pk)
    if cancelling.cancel(restore):
        messages.success(request, _("The restore is cancelled: what it restored is being removed."))
    else:
        messages.info(request, _("This restore had already stopped."))
    return redirect(restore)
