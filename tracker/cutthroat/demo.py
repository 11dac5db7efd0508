"""The demo group's tournament (`manage.py demo`): one game of six hands at a table of four."""

from tracker.cutthroat import rules as cutthroat

PLAYERS = ["An", "Bình", "Chi", "Dũng"]


def hand(bids, tricks, jd, jc) -> dict:
    return {
        "bids": dict(zip(PLAYERS, bids, strict=True)),
        "tricks": dict(zip(PLAYERS, tricks, strict=True)),
        "jacks": {"JD": jd, "JC": jc},
    }


TOURNAMENT = {
    "format": cutthroat.FORMAT,
    "rules": {"preset": "300-five-bags"},
    "players": PLAYERS,
    "games": [
        {
            "hands": [
                hand([3, 4, "NIL", 4], [4, 4, 0, 5], "An", "Dũng"),
                hand([2, "1F", 5, 4], [3, 1, 5, 4], "Chi", "Bình"),
                hand([4, 3, 3, "2F"], [3, 4, 4, 2], "Bình", "Chi"),
                hand([5, 2, "NIL", 4], [6, 2, 1, 4], "An", "An"),
                hand(["B6", 3, 3, 1], [6, 3, 3, 1], "An", "Dũng"),
                hand([4, 4, 2, 2], [4, 5, 2, 2], "Bình", "Chi"),
            ]
        }
    ],
}
