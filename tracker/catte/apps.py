from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class CatteConfig(AppConfig):
    """Cắt Tê: its sessions, seats and rounds are its own models."""

    name = "tracker.catte"
    label = "catte"
    verbose_name = gettext_lazy("Cắt Tê")
