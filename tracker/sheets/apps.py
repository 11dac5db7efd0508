from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class SheetsConfig(AppConfig):
    name = "tracker.sheets"
    # The label it had as a top-level app: its tables, its migrations and what they name stay.
    label = "sheets"
    verbose_name = gettext_lazy("Score sheets")
