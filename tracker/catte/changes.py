"""The kinds of change only a session's history has, beside the recorder's own."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class Action(models.TextChoices):
    JOIN = "join", _("Player joined")
    LEAVE = "leave", _("Player left")
    BACK = "back", _("Player back")
    # In a closed session's history: its side pot, or some players' shares of it, taken over
    # by a later session.
    CARRIED = "carried", _("Side pot carried over")
