from django.conf import settings
from django.db import models


class Preferences(models.Model):
    """What a person chose for himself, kept with his account so every phone he logs in on
    follows it."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, primary_key=True, related_name="+"
    )
    # A code from settings.LANGUAGES; blank: follow the browser.
    language = models.CharField(max_length=8, blank=True)

    def __str__(self):
        return f"{self.user}: {self.language or 'browser'}"
