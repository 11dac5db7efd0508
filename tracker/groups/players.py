from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods, require_POST

from tracker.common.permissions import group_for
from tracker.groups.forms import PlayerForm
from tracker.models import Role


@login_required
@require_POST
def player_add(request, pk):
    group = group_for(request, pk, role=Role.OWNER)
    form = PlayerForm(request.POST, group=group)
    if form.is_valid():
        player = form.save()
        messages.success(request, f"{player.name} joined the table.")
        form = PlayerForm(group=group)
    elif not request.htmx:
        messages.error(request, " ".join(form.errors["name"]))
        return redirect(group)
    if not request.htmx:
        return redirect(group)
    context = {"group": group, "players": group.players.select_related("user"), "form": form}
    context["is_owner"] = True
    return render(request, "tracker/group_detail.html#players", context)


@login_required
@require_http_methods(["GET", "POST"])
def player_edit(request, pk, player_pk):
    group = group_for(request, pk, role=Role.OWNER)
    player = get_object_or_404(group.players, pk=player_pk)
    form = PlayerForm(request.POST or None, instance=player, group=group)
    members = group.memberships.select_related("user")
    if request.method == "POST" and form.is_valid():
        linked = request.POST.get("user")
        player.user = next((m.user for m in members if str(m.user_id) == linked), None)
        form.save()
        messages.success(request, f"{player.name} saved.")
        return redirect(group)
    context = {"group": group, "player": player, "form": form, "members": members}
    return render(request, "tracker/player_form.html", context)
