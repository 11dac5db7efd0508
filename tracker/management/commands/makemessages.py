"""Django's makemessages, also finding the messages of phrases (basics/phrases.py:
`Phrase(text, ...)` and `plural_phrase(singular, plural, count, ...)`), and leaving out the tests,
whose own phrases are no text of the app."""

from django.core.management.commands import makemessages

NOT_THE_APP = ["tests/*"]


class Command(makemessages.Command):
    xgettext_options = [
        *makemessages.Command.xgettext_options,
        "--keyword=Phrase",
        "--keyword=plural_phrase:1,2",
    ]

    def handle(self, *args, **options):
        options["ignore_patterns"] = [*options.get("ignore_patterns", []), *NOT_THE_APP]
        return super().handle(*args, **options)
