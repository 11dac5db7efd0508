from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class TrackerConfig(AppConfig):
    name = "tracker"
    verbose_name = gettext_lazy("Games")
