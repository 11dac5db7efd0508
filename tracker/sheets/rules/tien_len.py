"""A Tiến lên round on the sheet (the house rules, "Tiến lên"): places, an instant win, frozen
players, leftovers and chains of chops, each checked, and the lines of money they pay.

Cards are named by what the rules price, as the log writes them: a black 2 (♠ ♣) and a red 2
(♦ ♥), a pair of 2s (two black, two red, or one of each), three consecutive pairs, four of a
kind. Four consecutive pairs, the highest bomb, chops but is priced by nothing when chopped.
"""

from basics.phrases import Phrase, _
from tracker.sheets.rules.round import (
    CHOP,
    FROZEN,
    INSTANT_WIN,
    LEFTOVERS,
    PLACES,
    Chop,
    Line,
    Round,
    Table,
    check_places,
    place_name,
)
from tracker.sheets.rules.settings import TienLen

INSTANT_WIN_HANDS = ("four_twos", "dragon", "six_pairs", "five_pairs", "three_triples")
LEFTOVER_KINDS = ("black_two", "red_two", "three_pairs", "four_kind")
PAIRS_OF_TWOS = ("pair_of_black_twos", "pair_of_mixed_twos", "pair_of_red_twos")
BOMBS = ("three_pairs", "four_kind")  # what a chop may chop in turn, and is priced for
CHOPPED_KINDS = ("black_two", "red_two", *PAIRS_OF_TWOS, *BOMBS)
# The black and red 2s each kind holds: the deck has two of each colour.
TWOS = {
    "black_two": (1, 0),
    "red_two": (0, 1),
    "pair_of_black_twos": (2, 0),
    "pair_of_mixed_twos": (1, 1),
    "pair_of_red_twos": (0, 2),
}
CARDS_HELD = {"black_two": 1, "red_two": 1, "three_pairs": 6, "four_kind": 4}
HAND_SIZE = 13
MOST_CHAINS, MOST_LINKS = 20, 12


def chop_units(units: TienLen, what: str) -> int:
    """What chopping `what` costs: a pair of 2s is the sum of its two cards."""
    black, red = TWOS.get(what, (0, 0))
    if black or red:
        return black * units.chop_black_two + red * units.chop_red_two
    return units.chop_three_pairs if what == "three_pairs" else units.chop_four_kind


def leftover_units(units: TienLen, what: str) -> int:
    return getattr(units, f"leftover_{what}")


def tien_len_round(table: Table, round_: Round) -> tuple[list[Line], dict[str, int]]:
    """The lines a Tiến lên round pays, and each player's place in it (1 is first)."""
    units = table.settings.tien_len
    assert units is not None  # asked only of a Tiến lên sheet
    if round_.instant_win is not None:
        return _instant_win(table, round_, round_.instant_win, units)
    if not round_.places:
        table.fail(_("give the places, first to last, or an instant win"))
    order = check_places(table, round_.places)
    frozen = _frozen(table, round_.frozen, order)
    lines = _place_lines(table, order, frozen, units)
    lines += [table.line(name, order[0], units.frozen, FROZEN) for name in order if name in frozen]
    lines += _leftover_lines(table, round_.leftovers, order, frozen, units)
    lines += _chop_lines(table, round_.chops, frozen, units)
    _check_twos(table, round_)
    places = {name: place for place, name in enumerate(order, start=1)}
    return [line for line in lines if line.units], places


def _instant_win(table: Table, round_: Round, instant_win: tuple[str, str], units: TienLen):
    if not isinstance(instant_win, tuple) or len(instant_win) != 2:
        table.fail(_("an instant win is a player and his hand"))
    winner, hand = instant_win
    table.seated(winner, Phrase(_("win at the deal")))
    if hand not in INSTANT_WIN_HANDS:
        table.fail(
            _(
                '"%(hand)s" is no instant win; use four_twos, dragon, six_pairs, five_pairs '
                "or three_triples"
            ),
            winner,
            hand=hand,
        )
    if hand == "three_triples" and not units.instant_win_three_triples:
        table.fail(_("three consecutive triples is no instant win at this table"), winner)
    for key in ("places", "frozen", "leftovers", "chops"):
        if getattr(round_, key):
            table.fail(
                _("an instant win ends the round at the deal, so it has no %(key)s"), key=key
            )
    lines = [
        table.line(name, winner, units.instant_win, INSTANT_WIN, hand)
        for name in table.seats
        if name != winner and units.instant_win
    ]
    return lines, {name: 1 if name == winner else 2 for name in table.seats}


def _frozen(table: Table, frozen, order: list[str]) -> list[str]:
    if not isinstance(frozen, list) or not all(isinstance(name, str) for name in frozen):
        table.fail(_("%(key)s must be a list of player names"), key="frozen")
    table.check_list(frozen, "frozen", Phrase(_("be frozen")))
    count = len(order)
    if len(frozen) > count - 1:
        table.fail(
            _("at most %(most)s of %(count)s players can be frozen: one went out first"),
            most=count - 1,
            count=count,
        )
    for name in frozen:
        place = order.index(name) + 1
        if place <= count - len(frozen):
            table.fail(
                _("frozen, so takes one of the last places, not %(place)s"),
                name,
                place=place_name(place, count),
            )
    return list(frozen)


def _place_lines(table: Table, order: list[str], frozen: list[str], units: TienLen) -> list[Line]:
    """The last pays the first; with four, the third pays the second too. A frozen player
    pays for being frozen instead (his line is made by the caller)."""
    count = len(order)
    pairs = [(count, 1, units.first_from_last)]
    if count == 4:
        pairs.append((3, 2, units.second_from_third))
    return [
        table.line(order[payer - 1], order[payee - 1], paid, PLACES, payer, payee, count)
        for payer, payee, paid in pairs
        if order[payer - 1] not in frozen
    ]


def _leftover_lines(table, leftovers, order, frozen, units: TienLen) -> list[Line]:
    if not isinstance(leftovers, dict):
        table.fail(_("%(key)s must map a player to what he still held"), key="leftovers")
    lines = []
    for name in sorted(leftovers, key=lambda name: order.index(name) if name in order else -1):
        table.seated(name, Phrase(_("hold leftovers")))
        held = leftovers[name]
        if name != order[-1] and name not in frozen:
            table.fail(
                _("finished %(place)s; only the last player and frozen players pay for leftovers"),
                name,
                place=place_name(order.index(name) + 1, len(order)),
            )
        if not isinstance(held, list) or not held:
            table.fail(
                _("list what he still held: black_two, red_two, three_pairs or four_kind"), name
            )
        for what in held:
            if what not in LEFTOVER_KINDS:
                table.fail(
                    _(
                        '"%(what)s" is no leftover; use black_two, red_two, three_pairs or '
                        "four_kind"
                    ),
                    name,
                    what=what,
                )
        if sum(CARDS_HELD[what] for what in held) > HAND_SIZE:
            table.fail(_("holds more cards than a hand of %(cards)s"), name, cards=HAND_SIZE)
        paid = sum(leftover_units(units, what) for what in held)
        lines.append(table.line(name, order[0], paid, LEFTOVERS, *held))
    return lines


def _chop_lines(table: Table, chains, frozen: list[str], units: TienLen) -> list[Line]:
    """Only the last chop of a chain is paid: the last one chopped pays the last chopper
    every chop of the chain."""
    if not isinstance(chains, list) or len(chains) > MOST_CHAINS:
        table.fail(
            _("%(key)s must be a list of at most %(most)s chains"), key="chops", most=MOST_CHAINS
        )
    lines = []
    for number, chain in enumerate(chains, start=1):
        where = Phrase(_("chop %(number)s"), number=number)
        if not isinstance(chain, list) or not 1 <= len(chain) <= MOST_LINKS:
            table.fail(_("a chain has 1 to %(most)s chops"), where=where, most=MOST_LINKS)
        for link in range(len(chain)):
            _check_link(table, where, chain, link, frozen)
        last = chain[-1]
        paid = sum(chop_units(units, chop.what) for chop in chain)
        detail = [chop.what for chop in chain]
        lines.append(table.line(last.chopped, last.chopper, paid, CHOP, *detail))
    return lines


def _check_link(table: Table, where: Phrase, chain: list, link: int, frozen: list[str]) -> None:
    chop = chain[link]
    if not isinstance(chop, Chop):
        table.fail(_("not a chop"), where=where)
    table.seated(chop.chopper, Phrase(_("chop")), where)
    table.seated(chop.chopped, Phrase(_("be chopped")), where)
    for name in (chop.chopper, chop.chopped):
        if name in frozen:
            table.fail(
                _("frozen, he played no card, so cannot chop or be chopped"), name, where=where
            )
    if chop.chopper == chop.chopped:
        table.fail(_("cannot chop himself"), chop.chopper, where=where)
    if chop.what not in CHOPPED_KINDS:
        table.fail(
            _(
                '"%(what)s" is nothing a chop is paid for; use black_two, red_two, '
                "pair_of_black_twos, pair_of_mixed_twos, pair_of_red_twos, three_pairs or "
                "four_kind"
            ),
            where=where,
            what=chop.what,
        )
    if link == 0:
        return
    before = chain[link - 1]
    if chop.chopped != before.chopper:
        table.fail(
            _(
                "the chain does not join up: %(chopper)s chopped %(chopped)s, but %(before)s "
                "made the chop before"
            ),
            where=where,
            chopper=chop.chopper,
            chopped=chop.chopped,
            before=before.chopper,
        )
    if chop.what not in BOMBS:
        table.fail(
            _(
                "a chop chopped in turn chops the bomb that chopped: three_pairs or four_kind, "
                "not %(what)s"
            ),
            where=where,
            what=chop.what,
        )


def _check_twos(table: Table, round_: Round) -> None:
    """Chopped and still held, no round sees more 2s of a colour than the deck's two."""
    held = [what for kinds in round_.leftovers.values() for what in kinds]
    chopped = [chop.what for chain in round_.chops for chop in chain]
    black = sum(TWOS.get(what, (0, 0))[0] for what in held + chopped)
    red = sum(TWOS.get(what, (0, 0))[1] for what in held + chopped)
    if black > 2:
        table.fail(_("%(count)s black 2s chopped or held; the deck has two"), count=black)
    if red > 2:
        table.fail(_("%(count)s red 2s chopped or held; the deck has two"), count=red)
