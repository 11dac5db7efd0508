"""The chart of a game played in rounds: each player's money after each round."""

from decimal import Decimal
from functools import partial

from django.utils.translation import gettext as _

from core.locale_money import number_text
from core.web import charts


def money_after_each_round(group, board, rounds: list, title: str):
    """Each player's money after each of `rounds` (played rounds, in order): the running sum of
    their results' `net`, under `title`."""
    values: dict[str, list[Decimal]] = {name: [Decimal(0)] for name in board.names}
    lines = {
        name: charts.Line(short, values[name], title=name)
        for name, short in zip(board.names, board.short_names, strict=True)
    }
    running = dict.fromkeys(board.names, Decimal(0))
    for played in rounds:
        for name, line_values in values.items():
            running[name] += played.result.net[name]
            line_values.append(running[name])
    return charts.line_chart(
        list(lines.values()),
        title=title,
        # Translators: the horizontal axis of a chart, counted in rounds.
        x_label=_("round"),
        fmt=partial(number_text, group),
    )
