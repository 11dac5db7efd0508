"""Uploads: a game log, or a whole group's backup.

The size of an upload is checked before a byte of it is read; what is read goes to the one
reading path of its kind (`registry.read`, `backup.read_zip`), which checks everything else.
"""

import re

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from basics.errors import RulesError
from core import games
from core.bounds import LARGEST_COUNT
from tracker.gamelogs import backup, registry
from tracker.gamelogs.limits import MAX_BACKUP_BYTES, MAX_LOG_BYTES, megabytes


class RestoreForm(forms.Form):
    file = forms.FileField(label=_("Backup (.zip)"))

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > MAX_BACKUP_BYTES:
            raise forms.ValidationError(
                gettext("A backup file is at most %(size)s.")
                % {"size": megabytes(MAX_BACKUP_BYTES)}
            )
        data = upload.read(MAX_BACKUP_BYTES + 1)
        try:
            self.cleaned_data["backup"] = backup.read_zip(data)
        except RulesError as error:
            raise forms.ValidationError(str(error)) from error
        self.cleaned_data["data"] = data
        return upload


class RestoreStepForm(forms.Form):
    """The next step of a restore, from a page that showed the restore at `version`."""

    version = forms.IntegerField(min_value=0, max_value=LARGEST_COUNT, widget=forms.HiddenInput)


NEW = "new"
GAME_CHOSEN = re.compile(r"(?P<kind>[a-z_]{1,40})-(?P<pk>[0-9]{1,10})-(?P<version>[0-9]{1,10})")


class ImportForm(forms.Form):
    """A game log, uploaded as a file or pasted; only an owner is offered to add players."""

    file = forms.FileField(required=False, label=_("Log file (.json)"))
    text = forms.CharField(required=False, label=_("…or paste the log"), widget=forms.Textarea)
    create_missing = forms.BooleanField(
        required=False, label=_("Add players who are not in the group yet")
    )
    # A Cắt Tê session exported mid-evening goes on at this table; a whole evening is closed.
    session = forms.ChoiceField(
        choices=[
            ("closed", _("a finished evening (closed)")),
            ("open", _("keep playing it (open)")),
        ],
        initial="closed",
        required=False,
        widget=forms.RadioSelect,
        label=_("A Cắt Tê session is imported as"),
    )

    # A new game, or more of an open game of the group ("session-12-7": its kind, its id and its
    # version as the page showed it, so that the same part sent twice is added once).
    into = forms.CharField(
        required=False, initial=NEW, label=_("Import it as"), widget=forms.RadioSelect
    )

    def __init__(self, *args, group=None, can_add_players: bool = True, **kwargs):
        super().__init__(*args, **kwargs)
        self.group = group
        if not can_add_players:
            del self.fields["create_missing"]
        offered = [(NEW, gettext("a new game"))]
        for game_kind, game in registry.open_games(group) if group is not None else []:
            more_of = gettext("more of %(game)s (%(kind)s)")
            value = f"{game_kind.kind}-{game.pk}-{game.version}"
            offered.append((value, more_of % {"game": game, "kind": game_kind.name()}))
        self.fields["into"].widget.choices = offered
        self.fields["into"].help_text = registry.parts_explained()

    def clean_into(self):
        """None for a new game; else the open game the log goes on and its version."""
        value = self.cleaned_data.get("into") or NEW
        if value == NEW:
            return None
        chosen = GAME_CHOSEN.fullmatch(value)
        game_kind = games.kind_named(chosen["kind"]) if chosen else None
        game = None
        if chosen and game_kind and max(int(chosen["pk"]), int(chosen["version"])) <= LARGEST_COUNT:
            of_group = game_kind.model._default_manager.filter(group=self.group)
            game = of_group.filter(pk=chosen["pk"]).first()
        if chosen is None or game is None:
            raise forms.ValidationError(gettext("That game is not one of this group's."))
        return game, int(chosen["version"])

    def clean(self):
        data = super().clean()
        assert data is not None
        upload, text = data.get("file"), data.get("text", "").strip()
        if not upload and not text:
            raise forms.ValidationError(gettext("Choose a log file or paste a log."))
        if upload and upload.size > MAX_LOG_BYTES:
            raise forms.ValidationError(
                gettext("A log file is at most %(size)s.") % {"size": megabytes(MAX_LOG_BYTES)}
            )
        try:
            data["log"] = registry.read(upload.read(MAX_LOG_BYTES + 1) if upload else text)
            goes_on = registry.format_of(data["log"]).may_go_on
            registry.check_size(data["log"])
        except RulesError as error:
            raise forms.ValidationError(str(error)) from error
        data["options"] = {"closed": data.get("session") != "open"} if goes_on else {}
        return data
