"""The parts of a round's form (round_form.py): its tap grids of players, cards and counts, how
many chops, leftovers and payments a round offers, and a recorded round drawn as the form's
fields (`initial_of`)."""

from django.utils.translation import gettext as _

from core.web.widgets import TapGrid, TapTypedChoiceField
from tracker.sheets import rules as sheet

CHAINS, LINKS = 3, 3  # chains of chops a round offers, chops in a chain
LEFTOVER_LINES, PAYMENT_LINES = 2, 3
LEFTOVER_COUNTS = {"black_two": 2, "red_two": 2, "three_pairs": 2, "four_kind": 3}
CHOPPED_IN_TURN = ("three_pairs", "four_kind")


def seat_grid(label, board, required=False, error=None) -> TapTypedChoiceField:
    """One tap on a player: his seat."""
    names = board.short_names
    words = {str(seat): name for seat, name in enumerate(board.names) if name != names[seat]}
    count = min(len(names), 5)
    return TapTypedChoiceField(
        label=label,
        coerce=int,
        required=required,
        empty_value=None,
        choices=[(str(seat), short) for seat, short in enumerate(names)],
        widget=TapGrid(attrs={"class": f"names n{count}"}, words=words),
        error_messages={"required": error or _("Tap a player.")},
    )


def kind_grid(label, kinds) -> TapTypedChoiceField:
    """One tap on a kind of card or hand, named as the rules name it."""
    return TapTypedChoiceField(
        label=label,
        required=False,
        empty_value=None,
        choices=[(kind, str(name)) for kind, name in kinds],
        widget=TapGrid(attrs={"class": "kinds"}),
    )


def count_grid(label, most: int) -> TapTypedChoiceField:
    return TapTypedChoiceField(
        label=label,
        coerce=int,
        required=False,
        # Django's TypedChoiceField takes any empty value; the stubs allow only a string.
        empty_value=0,  # type: ignore[arg-type]
        initial=0,
        choices=[(str(count), str(count)) for count in range(most + 1)],
        widget=TapGrid(attrs={"class": "counts"}),
    )


def initial_of(board, round_: sheet.Round) -> dict:
    """The round form's fields as they draw `round_` (a round to correct): the inverse of
    `RoundForm.clean`."""
    seat = board.names.index
    initial: dict = {f"absent_{seat(name)}": True for name in round_.absent}
    initial |= {f"points_{seat(name)}": points for name, points in round_.points.items()}
    initial |= {f"frozen_{seat(name)}": True for name in round_.frozen}
    placed = [name for name in round_.places if name not in round_.frozen]
    rows = min(len(board.names), board.settings.fewest_and_most()[1]) - 1
    initial |= {f"place_{place}": seat(name) for place, name in enumerate(placed[:rows], 1)}
    if round_.instant_win is not None:
        initial |= {"winner": seat(round_.instant_win[0]), "hand": round_.instant_win[1]}
    for line, (name, held) in enumerate(round_.leftovers.items(), start=1):
        initial[f"leftover_{line}_player"] = seat(name)
        for what in LEFTOVER_COUNTS:
            initial[f"leftover_{line}_{what}"] = held.count(what)
    for chain, links in enumerate(round_.chops, start=1):
        first = links[0]
        initial |= {f"chop_{chain}_1_chopper": seat(first.chopper)}
        initial |= {
            f"chop_{chain}_1_chopped": seat(first.chopped),
            f"chop_{chain}_1_what": first.what,
        }
        for link, chop in enumerate(links[1:], start=2):
            initial |= {f"chop_{chain}_{link}_chopper": seat(chop.chopper)}
            initial |= {f"chop_{chain}_{link}_what": chop.what}
    named = {(line.name, line.units): index for index, line in enumerate(board.settings.lines)}
    for line, payment in enumerate(round_.payments, start=1):
        initial |= {
            f"pay_{line}_payer": seat(payment.payer),
            f"pay_{line}_payee": seat(payment.payee),
        }
        if (payment.name, payment.units) in named:
            initial[f"pay_{line}_line"] = named[payment.name, payment.units]
        else:
            initial |= {f"pay_{line}_name": payment.name, f"pay_{line}_units": payment.units}
    return initial
