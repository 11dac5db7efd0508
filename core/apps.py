from django.apps import AppConfig
from django.utils.translation import gettext, gettext_lazy, ngettext

from basics.phrases import install_translator


class CoreConfig(AppConfig):
    name = "core"
    verbose_name = gettext_lazy("Card table")

    def ready(self):
        # The rules speak in phrases; shown here, they follow the language of each request.
        install_translator(gettext, ngettext)
        from core.web import checks  # noqa: F401  (registers the deploy check)
