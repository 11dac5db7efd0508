"""Logs of any length of each game, for the import benchmark (`bench/imports.py`): a worked
example's rounds repeated (a Cắt Tê evening, a Tiến lên sheet with chops and leftovers), and a
Cutthroat tournament whose target no one reaches, so that every hand stays in its first game."""

import json
from pathlib import Path

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
NAMES = ["An", "Bình", "Chi", "Dũng"]


def repeated(example: str, count: int) -> dict:
    log = json.loads((EXAMPLES / f"{example}.json").read_text())
    log["rounds"] = (log["rounds"] * (count // len(log["rounds"]) + 1))[:count]
    return log


def cutthroat(count: int) -> dict:
    # Every bid made exactly (4 + 4 + 4 + 1 = 13 tricks for four players): no bags, no Blind 6.
    hand = {
        "bids": dict(zip(NAMES, [4, 4, 4, 1], strict=True)),
        "tricks": dict(zip(NAMES, [4, 4, 4, 1], strict=True)),
        "jacks": {"JD": "An", "JC": "Bình"},
    }
    return {
        "format": "cutthroat-log/1",
        "rules": {"preset": "official", "target": 1_000_000},
        "players": NAMES,
        "games": [{"hands": [hand] * count}],
    }


def largest(game: str, count: int) -> dict:
    """A log of `count` rounds or hands of `game` ("catte", "sheet", "cutthroat")."""
    if game == "catte":
        return repeated("catte-evening", count)
    if game == "sheet":
        return repeated("sheet-tien-len-example", count)
    return cutthroat(count)
