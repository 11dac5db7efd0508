from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand

from core.web.catalogs import compile_catalogs


class Command(BaseCommand):
    help = "Compile the translations (locale/*/LC_MESSAGES/django.po) into what Django reads."

    def handle(self, *args, **options):
        for locale_dir in settings.LOCALE_PATHS:
            for written in compile_catalogs(Path(locale_dir)):
                self.stdout.write(f"compiled {written}")
