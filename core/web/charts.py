"""Line charts as inline SVG, drawn on the server: no JavaScript, nothing from a CDN.

A chart is sized for a phone 360 px wide (its viewBox is 320 units wide, about one CSS pixel
each there) and scales up on wider screens. Each line ends with its player's short name
(basics.names.short_names: at most 12 characters, never cut here) and last value, pushed
apart so that no two labels overlap; the whole name is the line's tooltip. Lines differ by
colour and by dash pattern.
The colours are mid-tones that keep a contrast of at least 3:1 both on the light card (#fff)
and on the dark one (#1d201d); axes and text use ``currentColor``, the page's own text colour.

The values are given, never computed here: this module only turns numbers into coordinates.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import ROUND_CEILING, ROUND_FLOOR, Decimal

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

COLOURS = (
    "#3b82f6",  # blue
    "#e0542b",  # vermilion
    "#16a34a",  # green
    "#a855f7",  # purple
    "#b7791f",  # ochre
    "#db2777",  # pink
    "#0e9aa7",  # teal
    "#8a8a8a",  # grey
)
DASHES = ("", "7 3", "2 3", "9 3 2 3")
WIDTH, HEIGHT = 320, 200
TOP, BOTTOM, LEFT = 12, 26, 40
FONT = 12  # viewBox units, about 12 px on a phone; svg.chart in app.css sets the same
LABEL_GAP = 14  # least vertical distance between two end labels
# Room kept right of the plot for the end labels, as much as the longest takes (each label is
# set flush with the chart's right edge, so a longer one than reckoned reaches left, into the
# plot, never past the edge): a character of the bold label is at most about 0.68 of the
# font; at most a 12-character short name, a space and an amount such as -12345.50 (the plot
# then keeps a third of the width).
CHAR_WIDTH = 0.68 * FONT  # generous: wide letters (D, M, W) and Vietnamese marks
MOST_LABEL_ROOM = 8 + round(CHAR_WIDTH * (12 + 1 + 9))
TICK_CHAR_WIDTH = 0.62 * FONT  # the gridlines' values, in plain digits


@dataclass
class Line:
    """One player's values: the first is before anything was played (usually 0). `label` ends
    the line (the player's short name); `title`, the tooltip, is the whole name."""

    label: str
    values: Sequence[int | Decimal]
    title: str = ""


def nice_step(span: float, ticks: int = 4) -> Decimal:
    """A round step (1, 2 or 5 times a power of ten) giving about `ticks` gridlines."""
    raw = Decimal(str(span / ticks)) if span > 0 else Decimal(1)
    power = Decimal(10) ** raw.adjusted()
    for factor in (1, 2, 5):
        if raw <= factor * power:
            return factor * power
    return 10 * power


def tick_values(low, high) -> list[int | Decimal]:
    """Gridline values covering low..high, multiples of a nice step."""
    step = nice_step(float(high) - float(low))
    first = (Decimal(str(low)) / step).to_integral_value(rounding=ROUND_FLOOR) * step
    last = (Decimal(str(high)) / step).to_integral_value(rounding=ROUND_CEILING) * step
    count = max(1, int((last - first) / step))
    values = [first + step * index for index in range(count + 1)]
    return [int(v) if v == v.to_integral_value() else v.normalize() for v in values]


def spread(positions: list[float], gap: float, low: float, high: float) -> list[float]:
    """Move label positions apart by at least `gap`, keeping them within low..high."""
    order = sorted(range(len(positions)), key=lambda i: positions[i])
    placed = [min(max(positions[i], low), high) for i in order]
    for index in range(1, len(placed)):
        placed[index] = max(placed[index], placed[index - 1] + gap)
    overflow = placed[-1] - high if placed else 0
    if overflow > 0:
        placed = [max(low, y - overflow) for y in placed]
        for index in range(1, len(placed)):
            placed[index] = max(placed[index], placed[index - 1] + gap)
    result = [0.0] * len(positions)
    for slot, index in enumerate(order):
        result[index] = placed[slot]
    return result


def _number(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def line_chart(
    lines: Sequence[Line],
    *,
    title: str,
    x_label: str,
    fmt: Callable[[object], str] = str,
    reference: tuple[int | Decimal, str] | None = None,
) -> SafeString:
    """An SVG line chart: one polyline per line, x = 0..n steps, gridlines on round values.

    `fmt` writes a value (tick labels, end labels); `reference` draws a dashed level line,
    such as the target score of a game.
    """
    steps = max((len(line.values) for line in lines), default=1) - 1
    every = [value for line in lines for value in line.values] or [0]
    levels = [*every, 0] + ([reference[0]] if reference else [])
    ticks = tick_values(min(levels), max(levels))
    low, high = float(ticks[0]), float(ticks[-1])
    # Room left of the plot for the longest gridline value, such as "-10,00".
    left = max(LEFT, 8 + round(TICK_CHAR_WIDTH * max(len(fmt(tick)) for tick in ticks)))
    labels = [f"{line.label} {fmt(line.values[-1])}" for line in lines if line.values]
    longest = max((len(text) for text in labels), default=0)
    right = min(MOST_LABEL_ROOM, 8 + int(CHAR_WIDTH * longest))
    plot_w, plot_h = WIDTH - left - right, HEIGHT - TOP - BOTTOM

    def x(step: int) -> float:
        return left + (plot_w * step / steps if steps else 0)

    def y(value) -> float:
        return TOP + plot_h * (high - float(value)) / ((high - low) or 1)

    parts = [
        f'<svg class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" width="100%" role="img" '
        # Sized and lettered by svg.chart in app.css: the CSP refuses style attributes.
        f'aria-label="{escape(title)}" xmlns="http://www.w3.org/2000/svg">',
        f"<title>{escape(title)}</title>",
    ]
    for tick in ticks:
        opacity = ".45" if tick == 0 else ".15"
        parts.append(
            f'<line x1="{left}" x2="{left + plot_w}" y1="{_number(y(tick))}" '
            f'y2="{_number(y(tick))}" stroke="currentColor" stroke-opacity="{opacity}"/>'
            f'<text x="{left - 4}" y="{_number(y(tick) + 4)}" text-anchor="end" '
            f'fill="currentColor" fill-opacity=".7">{escape(fmt(tick))}</text>'
        )
    if reference is not None:
        level, name = reference
        parts.append(
            f'<line x1="{left}" x2="{left + plot_w}" y1="{_number(y(level))}" '
            f'y2="{_number(y(level))}" stroke="currentColor" stroke-opacity=".6" '
            f'stroke-dasharray="4 4"/><text x="{left + 2}" y="{_number(y(level) - 3)}" '
            f'fill="currentColor" fill-opacity=".7">{escape(name)}</text>'
        )
    bottom = TOP + plot_h
    for step in sorted({0, steps // 2, steps}):
        parts.append(
            f'<text x="{_number(x(step))}" y="{bottom + 14}" text-anchor="middle" '
            f'fill="currentColor" fill-opacity=".7">{step}</text>'
        )
    parts.append(
        f'<text x="{left + plot_w}" y="{HEIGHT - 1}" text-anchor="end" fill="currentColor" '
        f'fill-opacity=".7">{escape(x_label)}</text>'
    )
    drawn = [(index, line) for index, line in enumerate(lines) if line.values]
    ends = spread([y(line.values[-1]) + 4 for _, line in drawn], LABEL_GAP, TOP + 4, bottom + 4)
    for (index, line), label_y, text in zip(drawn, ends, labels, strict=True):
        colour, dash = COLOURS[index % len(COLOURS)], DASHES[index % len(DASHES)]
        points = " ".join(
            f"{_number(x(step))},{_number(y(value))}" for step, value in enumerate(line.values)
        )
        dashes = f' stroke-dasharray="{dash}"' if dash else ""
        parts.append(
            f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="2.5" '
            f'stroke-linejoin="round" stroke-linecap="round"{dashes}>'
            f"<title>{escape(line.title or line.label)}</title></polyline>"
            f'<text x="{WIDTH - 1}" y="{_number(label_y)}" text-anchor="end" '
            f'fill="{colour}" font-weight="700">{escape(text)}</text>'
        )
    parts.append("</svg>")
    return mark_safe("".join(parts))  # every text above went through escape()
