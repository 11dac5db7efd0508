"""The demo group's Tiến lên sheet (`manage.py demo`): four rounds at 10,000 a unit: the worked
example of the house rules (leftovers and a chop chopped in turn), a frozen player, an instant
win with a dragon, and a round of three with a chop of a pair of 2s."""

from tracker.sheets import rules as sheet

SHEET = {
    "format": sheet.FORMAT,
    "rules": {"stake": "1.00", "preset": "tien_len"},
    "players": ["An", "Bình", "Chi", "Dũng"],
    "rounds": [
        {
            "places": ["An", "Bình", "Chi", "Dũng"],
            "leftovers": {"Dũng": ["red_two", "black_two"]},
            "chops": [
                [
                    {"chopper": "Chi", "chopped": "Dũng", "what": "black_two"},
                    {"chopper": "Bình", "chopped": "Chi", "what": "three_pairs"},
                ]
            ],
        },
        {"places": ["Chi", "An", "Bình", "Dũng"], "frozen": ["Dũng"]},
        {"instant_win": {"player": "Bình", "hand": "dragon"}},
        {
            "absent": ["An"],
            "places": ["Dũng", "Chi", "Bình"],
            "chops": [[{"chopper": "Dũng", "chopped": "Bình", "what": "pair_of_mixed_twos"}]],
        },
    ],
}
