from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class CutthroatConfig(AppConfig):
    """Cutthroat Spades: its tournaments, seats and hands are its own models."""

    name = "tracker.cutthroat"
    label = "cutthroat"
    verbose_name = gettext_lazy("Cutthroat")
