from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class SheetsConfig(AppConfig):
    name = "sheets"
    verbose_name = gettext_lazy("Score sheets")
