"""One round of a score sheet as it is entered, the payments it makes, and the checks every
round shares: who is in it, and the payments written as named lines.

Tiến lên's own entries (an instant win, frozen players, leftovers, chops) are checked by
`tien_len`; money is worked out by `play`.
"""

from dataclasses import dataclass, field
from decimal import Decimal
from typing import NamedTuple, NoReturn

from basics.errors import RulesError
from basics.phrases import Phrase, _, plural_phrase
from tracker.rules.words import phrases
from tracker.sheets.rules.settings import MOST_UNITS, Settings, is_units, line_name_problem

MOST_PAYMENTS = 40  # named lines in one round
# What a line of money is for: its `kind`.
PLACES, POINTS, INSTANT_WIN, FROZEN, LEFTOVERS, CHOP, LINE = (
    "places",
    "points",
    "instant_win",
    "frozen",
    "leftovers",
    "chop",
    "line",
)


PLACE_NAMES = phrases(
    {
        1: _("first"),
        2: _("second"),
        3: _("third"),
        4: _("fourth"),
        5: _("fifth"),
        6: _("sixth"),
        7: _("seventh"),
        8: _("eighth"),
    }
)


def place_name(place: int, count: int) -> Phrase:
    """A place in words: "first" … "eighth", and the place after all the others "last"."""
    return Phrase(_("last")) if place == count > 1 else PLACE_NAMES[place]


class Chop(NamedTuple):
    """One link of a chain of chops: `chopper` beat `chopped`'s `what` with a bomb."""

    chopper: str
    chopped: str
    what: str


class Payment(NamedTuple):
    """A line written by the scorer: `payer` pays `payee` `units` stakes for `name`."""

    payer: str
    payee: str
    units: int
    name: str


@dataclass
class Round:
    """One round as entered. Points mode gives `points`; places mode gives `places`, every
    player in the round from first to last (frozen players last); Tiến lên may give an
    `instant_win` (player, hand) instead, and frozen players, leftovers and chains of chops."""

    absent: list[str] = field(default_factory=list)
    points: dict[str, int] = field(default_factory=dict)
    places: list[str] = field(default_factory=list)
    instant_win: tuple[str, str] | None = None
    frozen: list[str] = field(default_factory=list)
    leftovers: dict[str, list[str]] = field(default_factory=dict)
    chops: list[list[Chop]] = field(default_factory=list)
    payments: list[Payment] = field(default_factory=list)


@dataclass(frozen=True)
class Line:
    """One payment of a scored round. `detail` says what for, by `kind`: PLACES (payer's place,
    payee's place, players in the round), POINTS (payee's points, payer's points),
    INSTANT_WIN (hand,), FROZEN (), LEFTOVERS (what was held …), CHOP (what each link
    chopped, first to last), LINE (name,)."""

    payer: str
    payee: str
    units: int
    amount: Decimal
    kind: str
    detail: tuple = ()


class Table:
    """The players in one round of a sheet, and the way its problems are reported: after the
    round, the place in it (a chain of chops, a payment) and the player they are about."""

    def __init__(self, number: int, players: list[str], settings: Settings, absent: list[str]):
        self.number, self.players, self.settings = number, players, settings
        if not isinstance(absent, list) or not all(isinstance(name, str) for name in absent):
            self.fail(_("%(key)s must be a list of player names"), key="absent")
        self.check_list(absent, "absent")
        self.seats = [name for name in players if name not in absent]
        fewest, most = settings.fewest_and_most()
        if len(self.seats) < fewest:
            self.fail(
                plural_phrase(
                    "only %(count)s player in the round; a round needs at least %(fewest)s",
                    "only %(count)s players in the round; a round needs at least %(fewest)s",
                    len(self.seats),
                    fewest=fewest,
                )
            )
        if len(self.seats) > most:
            self.fail(
                _("Tiến lên is played by 2 to 4 players, not %(count)s; the others sit out"),
                count=len(self.seats),
            )

    def fail(
        self,
        problem: str | Phrase,
        player: str | None = None,
        /,
        where: Phrase | None = None,
        **params,
    ) -> NoReturn:
        """Refuse the round: `problem` is a template marked with `_` filled with `params` (or a
        built phrase), found at `where` within the round, about `player` if given."""
        if not isinstance(problem, Phrase):
            problem = Phrase(problem, **params)
        place = Phrase(_("round %(number)s"), number=self.number)
        if where is not None:
            place = Phrase(_("%(round)s, %(where)s"), round=place, where=where)
        if player is None:
            raise RulesError(_("%(where)s: %(problem)s"), where=place, problem=problem)
        raise RulesError(
            _("%(where)s: %(player)s: %(problem)s"), where=place, player=player, problem=problem
        )

    def seated(self, name, doing: Phrase, where: Phrase | None = None) -> None:
        """Refuse a name that is no player of the sheet, or one sitting this round out."""
        if not isinstance(name, str):
            self.fail(_("a player is named by text, not %(value)s"), where=where, value=repr(name))
        if name not in self.players:
            self.fail(_("not a player of this sheet"), name, where=where)
        if name not in self.seats:
            self.fail(_("sits this round out, so cannot %(doing)s"), name, where=where, doing=doing)

    def check_list(self, names: list[str], what: str, doing: Phrase | None = None) -> None:
        """Refuse a name twice in the list `what` (its key in the log), or a name that is no
        player; with `doing`, one who is not in the round to do it."""
        for index, name in enumerate(names):
            if doing is None:
                if name not in self.players:
                    self.fail(_("not a player of this sheet"), name)
            else:
                self.seated(name, doing)
            if name in names[:index]:
                self.fail(_("listed twice in %(what)s"), name, what=what)

    def line(self, payer: str, payee: str, units: int, kind: str, *detail) -> Line:
        return Line(payer, payee, units, self.settings.stake * units, kind, tuple(detail))


def check_places(table: Table, places) -> list[str]:
    """The order the players finished in: everyone in the round once, first to last."""
    if not isinstance(places, list) or not all(isinstance(name, str) for name in places):
        table.fail(_("%(key)s must be a list of player names, first to last"), key="places")
    table.check_list(places, "places", Phrase(_("take a place")))
    for name in table.seats:
        if name not in places:
            table.fail(_("has no place; places list everyone in the round, first to last"), name)
    return list(places)


def payment_lines(table: Table, payments: list[Payment]) -> list[Line]:
    """The scorer's own lines, checked: in the round, not to oneself, whole units, a name."""
    if not isinstance(payments, list) or len(payments) > MOST_PAYMENTS:
        table.fail(
            _("%(key)s must be a list of at most %(most)s lines"),
            key="payments",
            most=MOST_PAYMENTS,
        )
    lines = []
    for number, payment in enumerate(payments, start=1):
        where = Phrase(_("payment %(number)s"), number=number)
        if not isinstance(payment, Payment):
            table.fail(_("not a payment"), where=where)
        problem = line_name_problem(payment.name)
        if problem is not None:
            table.fail(_("name: %(problem)s"), where=where, problem=problem)
        table.seated(payment.payer, Phrase(_("pay")), where)
        table.seated(payment.payee, Phrase(_("be paid")), where)
        if payment.payer == payment.payee:
            table.fail(_("cannot pay himself"), payment.payer, where=where)
        if not is_units(payment.units, 1):
            table.fail(
                _("units must be a whole number from 1 to %(most)s, not %(units)s"),
                where=where,
                most=f"{MOST_UNITS:,}",
                units=repr(payment.units),
            )
        lines.append(table.line(payment.payer, payment.payee, payment.units, LINE, payment.name))
    return lines
