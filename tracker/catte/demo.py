"""The demo group's Cắt Tê session (`manage.py demo`): four rounds with a side pot, a fold and
an ace withheld, the pot claimed in the last."""

from tracker.catte import rules as catte

SESSION = {
    "format": catte.FORMAT,
    "rules": {"stake": "1.00", "side_pot_stake": "0.25", "ace_penalty": True},
    "players": ["An", "Bình", "Chi", "Dũng"],
    "rounds": [
        {"tricks": ["An", "An", "An", "An"], "side_pot": {"upturned": "7H", "claimed_by": None}},
        {
            "tricks": ["Bình", "An", "Chi", "Bình", "An", "Bình"],
            "folds": ["Dũng"],
            "side_pot": {"upturned": "AS", "claimed_by": None},
        },
        {
            "tricks": ["Chi", "Chi", "Chi", "Chi"],
            "ace_withheld_by": "Dũng",
            "side_pot": {"upturned": "10D", "claimed_by": None},
        },
        {
            "tricks": ["Dũng", "Chi", "An", "Dũng", "Dũng", "Chi"],
            "side_pot": {"upturned": "KC", "claimed_by": "Bình"},
        },
    ],
}
