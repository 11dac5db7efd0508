"""Uploads: a game log, or a whole group's backup."""

from django import forms

from tracker.logs import registry
from tracker.rules import RulesError


class RestoreForm(forms.Form):
    file = forms.FileField(label="Backup (.zip)")

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > 20_000_000:
            raise forms.ValidationError("A backup file is at most 20 MB.")
        return upload


class ImportForm(forms.Form):
    """A game log, uploaded as a file or pasted."""

    file = forms.FileField(required=False, label="Log file (.json)")
    text = forms.CharField(required=False, label="…or paste the log", widget=forms.Textarea)
    create_missing = forms.BooleanField(
        required=False, label="Add players who are not in the group yet"
    )

    def clean(self):
        data = super().clean()
        upload, text = data.get("file"), data.get("text", "").strip()
        if not upload and not text:
            raise forms.ValidationError("Choose a log file or paste a log.")
        if upload and upload.size > 2_000_000:
            raise forms.ValidationError("A log file is at most 2 MB.")
        try:
            data["log"] = registry.read(upload.read() if upload else text)
        except RulesError as error:
            raise forms.ValidationError(str(error)) from error
        return data
