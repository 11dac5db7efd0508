"""Django's makemessages, also finding the messages kept with their values (tracker/common/said:
`said(text, ...)` and `said_plural(singular, plural, count, ...)`)."""

from django.core.management.commands import makemessages


class Command(makemessages.Command):
    xgettext_options = [
        *makemessages.Command.xgettext_options,
        "--keyword=said",
        "--keyword=said_plural:1,2",
    ]
