"""The inline SVG line charts: one polyline per player, labelled, readable light and dark."""

import re
from decimal import Decimal

import pytest

from core.web import charts

CARDS = {"light": "#ffffff", "dark": "#1d201d"}  # --card in static/css/app.css


def luminance(colour: str) -> float:
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(one: str, other: str) -> float:
    high, low = sorted([luminance(one), luminance(other)], reverse=True)
    return (high + 0.05) / (low + 0.05)


@pytest.mark.parametrize("mode", CARDS)
def test_every_line_colour_stands_out_on_the_card(mode):
    assert min(contrast(colour, CARDS[mode]) for colour in charts.COLOURS) >= 3


def test_it_draws_one_labelled_polyline_per_line():
    svg = charts.line_chart(
        [charts.Line("An", [0, 70, 120]), charts.Line("Bình", [0, 60, 110])],
        title="Game 1",
        x_label="hand",
    )
    assert svg.count("<polyline") == 2
    assert ">An 120</text>" in svg and ">Bình 110</text>" in svg
    assert 'viewBox="0 0 320 200"' in svg


def test_names_are_escaped_and_never_cut():
    svg = charts.line_chart(
        [charts.Line("<b>Ánh</b>", [0, 5], title="<b>Nguyễn Thị Ánh</b>")],
        title="<script>",
        x_label="round",
    )
    assert "<b>" not in svg and "<script>" not in svg
    assert ">&lt;b&gt;Ánh&lt;/b&gt; 5</text>" in svg  # the short name, whole
    assert "<title>&lt;b&gt;Nguyễn Thị Ánh&lt;/b&gt;</title></polyline>" in svg  # the whole name


def test_the_longest_short_name_and_amount_fit_inside_the_chart():
    svg = charts.line_chart(
        [charts.Line("Christophor.", [0, Decimal("-12345.50")])],
        title="Money",
        x_label="round",
        fmt=lambda amount: f"{amount:.2f}",
    )
    end = re.search(r'<text x="([\d.]+)" y="[\d.]+" text-anchor="end" fill="#', svg)
    assert float(end.group(1)) <= charts.WIDTH  # flush with the right edge, never past it
    polyline = re.search(r'<polyline points="[^"]* ([\d.]+),[\d.]+"', svg)
    label = "Christophor. -12345.50"
    assert float(polyline.group(1)) + charts.CHAR_WIDTH * len(label) <= charts.WIDTH


def test_end_labels_that_would_overlap_are_pushed_apart():
    svg = charts.line_chart(
        [charts.Line("An", [0, 100]), charts.Line("Bình", [0, 99]), charts.Line("Chi", [0, 98])],
        title="Close game",
        x_label="hand",
    )
    ends = [
        float(y)
        for y in re.findall(r'<text x="[\d.]+" y="([\d.]+)" text-anchor="end" fill="#', svg)
    ]
    assert len(ends) == 3
    assert all(abs(a - b) >= charts.LABEL_GAP for a in ends for b in ends if a != b)


def test_gridlines_fall_on_round_values():
    assert charts.tick_values(0, 520) == [0, 200, 400, 600]
    assert charts.tick_values(-230, 160) == [-300, -200, -100, 0, 100, 200]
    assert charts.tick_values(Decimal("-3.00"), Decimal("3.00")) == [-4, -2, 0, 2, 4]
    assert charts.tick_values(0, 0) == [0, 1]


def test_money_is_written_with_the_given_format():
    svg = charts.line_chart(
        [charts.Line("An", [Decimal(0), Decimal("2.50")])],
        title="Money",
        x_label="round",
        fmt=lambda amount: f"{amount:.2f}",
    )
    assert ">An 2.50</text>" in svg
