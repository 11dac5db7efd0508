"""The score sheet's money, written again from the house rules alone (their sections "Score
sheet: any other game the table plays" and "Tiến lên"; the project reads no file of them),
apart from tracker.sheets.rules: the property tests check
the app against it. It reads a round as plain data and trusts it to be valid; it refuses nothing.

A round is a dict with "players" (those in the round, absent players left out) and then:
- points mode: "points", each player's points;
- places mode: "places", everyone in the round from first to last (frozen players last);
- Tiến lên also: "instant_win" (winner, hand) instead of places, "frozen" (names),
  "leftovers" (name -> what he still held), "chains" (each a list of (chopper, chopped, what));
- any mode: "lines", (payer, payee, units) each.
Settings are a dict: "stake", "mode" ("points", "places" or "tien_len"), "lowest_wins",
"payouts" (count of players -> list), "units" (the Tiến lên unit settings by their names).
"""

from decimal import Decimal

TIEN_LEN_DEFAULTS = {
    "first_from_last": 2,
    "second_from_third": 1,
    "instant_win": 2,
    "frozen": 4,
    "leftover_black_two": 1,
    "leftover_red_two": 2,
    "leftover_three_pairs": 3,
    "leftover_four_kind": 4,
    "chop_black_two": 1,
    "chop_red_two": 2,
    "chop_three_pairs": 3,
    "chop_four_kind": 4,
}
PAYOUT_DEFAULTS = {2: [1, -1], 3: [1, 0, -1], 4: [2, 1, -1, -2]}


def money(settings: dict, round_: dict) -> dict[str, Decimal]:
    """Each player in the round -> what he wins (positive) or loses in it."""
    stake = settings["stake"]
    units = dict.fromkeys(round_["players"], 0)

    def pays(payer, payee, amount):
        units[payer] -= amount
        units[payee] += amount

    if settings["mode"] == "points":
        # Every pair settles the difference of their points; Hearts turns the sign.
        sign = -1 if settings.get("lowest_wins") else 1
        points = round_["points"]
        for one in round_["players"]:
            for other in round_["players"]:
                if one < other:
                    pays(other, one, sign * (points[one] - points[other]))
    elif settings["mode"] == "places":
        payout = settings["payouts"][len(round_["places"])]
        for place, name in enumerate(round_["places"]):
            units[name] += payout[place]
    else:
        _tien_len(settings["units"], round_, pays)
    for payer, payee, count in round_.get("lines", []):
        pays(payer, payee, count)
    return {name: stake * count for name, count in units.items()}


def _tien_len(u: dict, round_: dict, pays) -> None:
    players = round_["players"]
    if round_.get("instant_win"):
        winner = round_["instant_win"][0]
        for name in players:
            if name != winner:
                pays(name, winner, u["instant_win"])
        return
    order = round_["places"]
    first, frozen = order[0], set(round_.get("frozen", []))
    # Who pays whom by place: "with 4 players the last pays the first and the third pays the
    # second; with 3 players the last pays the first; with 2 the second pays the first".
    if len(order) == 4:
        by_place = [(order[3], order[0], u["first_from_last"]),
                    (order[2], order[1], u["second_from_third"])]  # fmt: skip
    else:
        by_place = [(order[-1], order[0], u["first_from_last"])]
    for payer, payee, count in by_place:
        if payer not in frozen:  # a frozen player pays "instead of any place payment"
            pays(payer, payee, count)
    for name in frozen:
        pays(name, first, u["frozen"])
    leftover = {
        "black_two": u["leftover_black_two"],
        "red_two": u["leftover_red_two"],
        "three_pairs": u["leftover_three_pairs"],
        "four_kind": u["leftover_four_kind"],
    }
    for name, held in round_.get("leftovers", {}).items():
        pays(name, first, sum(leftover[what] for what in held))
    black, red = u["chop_black_two"], u["chop_red_two"]
    chop = {
        "black_two": black,
        "red_two": red,
        # "a pair of 2s the sum of its two cards"
        "pair_of_black_twos": black + black,
        "pair_of_red_twos": red + red,
        "pair_of_mixed_twos": black + red,
        "three_pairs": u["chop_three_pairs"],
        "four_kind": u["chop_four_kind"],
    }
    for chain in round_.get("chains", []):
        # Only the last chop is paid: the last one chopped pays the last chopper every chop.
        last_chopper, last_chopped, _what = chain[-1]
        pays(last_chopped, last_chopper, sum(chop[what] for _, _, what in chain))
