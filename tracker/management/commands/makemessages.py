"""Django's makemessages, also finding the messages stored with their values (tracker/common/said:
`said(text, ...)` and `said_plural(singular, plural, count, ...)`), and leaving out the tests,
whose own phrases are no text of the app."""

from django.core.management.commands import makemessages

NOT_THE_APP = ["tests/*"]


class Command(makemessages.Command):
    xgettext_options = [
        *makemessages.Command.xgettext_options,
        "--keyword=said",
        "--keyword=said_plural:1,2",
    ]

    def handle(self, *args, **options):
        options["ignore_patterns"] = [*options.get("ignore_patterns", []), *NOT_THE_APP]
        return super().handle(*args, **options)
