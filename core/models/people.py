from django.conf import settings
from django.db import models
from django.utils import timezone


class Preferences(models.Model):
    """What a person chose for himself, stored with his account so every phone he logs in on
    follows it."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, primary_key=True, related_name="+"
    )
    # A code from settings.LANGUAGES; blank: follow the browser.
    language = models.CharField(max_length=8, blank=True)

    class Meta:
        db_table = "tracker_preferences"

    def __str__(self):
        return f"{self.user}: {self.language or 'browser'}"


class ThrottledPost(models.Model):
    """A post to a throttled address (signing up), by client address. Counted in the database,
    so that every server process counts every post; rows older than the window are removed."""

    what = models.CharField(max_length=100)  # the view
    address = models.CharField(max_length=45)  # an IPv6 address is at most 45 characters
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        db_table = "tracker_throttledpost"
        indexes = [models.Index(fields=["what", "address", "at"]), models.Index(fields=["at"])]

    def __str__(self):
        return f"{self.what} from {self.address} at {self.at:%Y-%m-%d %H:%M:%S}"
