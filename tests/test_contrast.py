"""The colours of static/css/app.css read well in light and in dark mode: WCAG AA contrast, 4.5:1
for text and 3:1 for the edges of controls, measured on the custom properties themselves; text
at 16 px or more and tap targets of 44 px or more."""

import re
from pathlib import Path

import pytest

from core.web import charts

CSS = (Path(__file__).resolve().parent.parent / "static/css/app.css").read_text()
DARK = re.compile(r"@media\s*\(prefers-color-scheme:\s*dark\)\s*\{\s*:root\s*\{(.*?)\}", re.S)


def properties(block: str) -> dict[str, str]:
    return dict(re.findall(r"--([\w-]+)\s*:\s*([^;]+?)\s*;", block))


def palettes() -> dict[str, dict[str, str]]:
    light = properties(re.search(r"^:root\s*\{(.*?)\}", CSS, re.S | re.M).group(1))
    return {"light": light, "dark": {**light, **properties(DARK.search(CSS).group(1))}}


def colours(palette: dict[str, str]) -> dict[str, str]:
    return {name: value for name, value in palette.items() if value.startswith("#")}


def luminance(colour: str) -> float:
    digits = colour.lstrip("#")
    if len(digits) == 3:
        digits = "".join(digit * 2 for digit in digits)
    channels = [int(digits[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(one: str, other: str) -> float:
    high, low = sorted([luminance(one), luminance(other)], reverse=True)
    return (high + 0.05) / (low + 0.05)


TEXT = 4.5  # WCAG AA, normal text
UI = 3.0  # WCAG AA, large text and the edges of controls
PAIRS = [  # (foreground, background, least contrast)
    *(
        (fg, bg, TEXT)
        for fg in ("fg", "muted", "accent", "danger", "good", "warn")
        for bg in ("bg", "card")
    ),  # fmt: skip
    ("accent-fg", "accent", TEXT),  # a button's label
    ("control", "bg", UI),  # an input's edge, on the page and on a card
    ("control", "card", UI),
]
MODES = ["light", "dark"]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(("fg", "bg", "least"), PAIRS, ids=lambda v: str(v))
def test_text_and_controls_stand_out_in_both_modes(mode, fg, bg, least):
    palette = colours(palettes()[mode])
    ratio = contrast(palette[fg], palette[bg])
    assert ratio >= least, f"{mode}: --{fg} on --{bg} is {ratio:.2f}:1, needs {least}:1"


def test_dark_mode_sets_every_colour_of_light_mode():
    light, dark = palettes()["light"], properties(DARK.search(CSS).group(1))
    assert set(colours(light)) <= set(dark)


def test_inputs_are_edged_with_the_control_colour():
    rule = re.search(r"input\[type=text\][^{]*\{([^}]*)\}", CSS).group(1)
    assert "border: 1px solid var(--control)" in rule


@pytest.mark.parametrize("mode", MODES)
def test_chart_lines_stand_out_on_the_card(mode):
    card = colours(palettes()[mode])["card"]
    assert min(contrast(colour, card) for colour in charts.COLOURS) >= UI


def rem(selector: str) -> float:
    return float(re.search(rf"{re.escape(selector)} \{{ font-size: ([\d.]+)rem", CSS).group(1))


def test_running_text_is_16_px_or_more_and_targets_44_px_or_more():
    root = palettes()["light"]
    base = float(re.search(r"font-size:\s*(\d+)px", CSS).group(1))
    assert base >= 16
    for selector in (".help", ".footnote"):
        assert base * rem(selector) >= 16, selector
    assert int(root["tap"].removesuffix("px")) >= 44
