import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from tracker import importing
from tracker.forms import ImportForm
from tracker.models import Role
from tracker.permissions import group_for
from tracker.rules import RulesError
from tracker.tournaments import MissingPlayers


@login_required
@require_http_methods(["GET", "POST"])
def log_import(request, pk):
    group = group_for(request, pk, role=Role.SCORER)
    form = ImportForm(request.POST or None, request.FILES or None)
    missing = []
    if request.method == "POST" and form.is_valid():
        create = form.cleaned_data["create_missing"]
        try:
            imported = importing.import_log(group, form.cleaned_data["log"], request.user, create)
            messages.success(request, f"Imported as {imported}.")
            return redirect(imported)
        except MissingPlayers as refusal:
            missing = refusal.names
            text = json.dumps(form.cleaned_data["log"], ensure_ascii=False, indent=1)
            form = ImportForm(initial={"text": text, "create_missing": True})
        except RulesError as refusal:
            form.add_error(None, str(refusal))
    context = {"group": group, "form": form, "missing": missing}
    return render(request, "tracker/log_import.html", context)
