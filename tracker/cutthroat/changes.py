"""The kinds of change only a tournament's history has, beside the recorder's own."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class Action(models.TextChoices):
    BIDS = "bids", _("Bids entered")
    PLAYED = "played", _("Hand entered")
