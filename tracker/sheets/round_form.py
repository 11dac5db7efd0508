"""The form of one round of a sheet, for the table's one thumb: every choice is a tap grid (radio
buttons drawn as buttons) or a box to tick, a points sheet's points a number each, so it works
without JavaScript; the script (tracker/sheets/static/sheets/round.js) only hides what cannot
be chosen and brings the next thing to tap into view.

A round by places is the players tapped in the order they went out: the place rows, first to
the one before last; the last follows by itself, and frozen players (Tiến lên) take the last
places by themselves. Payments within the round are lines in folded parts: Tiến lên's chops
(a chain: who chopped whom and what, then who chopped in turn), leftovers, frozen players and
an instant win; on any sheet, named payments. The form only shapes what was tapped into the
rules' round (`round`); the rules check it, and what they refuse is shown on the form.
"""

from django import forms
from django.utils.translation import gettext as _

from basics.names import NAME_MAX
from core.idempotency import KeyedEntryForm
from core.web.widgets import QuickHidden, TapGrid, TapTypedChoiceField
from tracker.sheets import rules as sheet
from tracker.sheets.round_fields import (
    CHAINS,
    CHOPPED_IN_TURN,
    LEFTOVER_COUNTS,
    LEFTOVER_LINES,
    LINKS,
    PAYMENT_LINES,
    count_grid,
    kind_grid,
    seat_grid,
)
from tracker.sheets.round_rows import RoundRows


class RoundForm(RoundRows, KeyedEntryForm):
    """Round `number` of the sheet of `board`, as tapped, with its key (`once`: the page's, or
    the id a phone's outbox kept it under; `keyed` when the outbox sent it); with room for the
    chops, leftovers and payments of `fits` (a round to correct) when it has more than a round
    offers."""

    number = forms.IntegerField(widget=QuickHidden, min_value=1, max_value=2**31 - 1)
    fault: str | None = None  # the part a refusal of the rules is about: "places", "chop-1"

    def __init__(self, *args, board, fits: sheet.Round | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.board, settings = board, board.settings
        fits = fits or sheet.Round()
        self.chain_count = max(CHAINS, len(fits.chops))
        self.link_count = max([LINKS, *map(len, fits.chops)])
        self.leftover_count = max(LEFTOVER_LINES, len(fits.leftovers))
        self.payment_count = max(PAYMENT_LINES, len(fits.payments))
        self.fields["number"].initial = board.next_number
        names, fewest_most = board.names, settings.fewest_and_most()
        for seat, name in enumerate(names):
            self.fields[f"absent_{seat}"] = forms.BooleanField(
                required=False, label=_("%(player)s sits out") % {"player": name}
            )
            if board.by_points:
                self.fields[f"points_{seat}"] = forms.IntegerField(
                    required=False,
                    label=name,
                    min_value=-sheet.MOST_POINTS,
                    max_value=sheet.MOST_POINTS,
                    widget=forms.NumberInput(
                        attrs={"inputmode": "numeric", "enterkeyhint": "next"}
                    ),
                )
        if not board.by_points:
            for place in range(1, min(len(names), fewest_most[1])):
                label = sheet.place_name(place, 0)
                self.fields[f"place_{place}"] = seat_grid(label, board)
        if settings.is_tien_len:
            self.add_tien_len_fields()
        self.add_payment_fields()

    def add_tien_len_fields(self):
        board, units = self.board, self.board.settings.tien_len
        assert units is not None  # called for a Tiến lên sheet only
        for seat, name in enumerate(board.names):
            self.fields[f"frozen_{seat}"] = forms.BooleanField(
                required=False, label=_("%(player)s is frozen") % {"player": name}
            )
        self.fields["winner"] = seat_grid(_("Who won at the deal"), board)
        hands = [
            (hand, sheet.HAND_NAMES[hand])
            for hand in sheet.INSTANT_WIN_HANDS
            if hand != "three_triples" or units.instant_win_three_triples
        ]
        self.fields["hand"] = kind_grid(_("With"), hands)
        for line in range(1, self.leftover_count + 1):
            self.fields[f"leftover_{line}_player"] = seat_grid(_("Who held them"), board)
            for what, most in LEFTOVER_COUNTS.items():
                self.fields[f"leftover_{line}_{what}"] = count_grid(sheet.CARD_NAMES[what], most)
        for chain in range(1, self.chain_count + 1):
            for link in range(1, self.link_count + 1):
                field = f"chop_{chain}_{link}"
                if link == 1:
                    self.fields[f"{field}_chopper"] = seat_grid(_("Who chopped"), board)
                    self.fields[f"{field}_chopped"] = seat_grid(_("Whom"), board)
                    kinds = [(what, sheet.CARD_NAMES[what]) for what in sheet.CHOPPED_KINDS]
                    self.fields[f"{field}_what"] = kind_grid(_("What was chopped"), kinds)
                else:
                    self.fields[f"{field}_chopper"] = seat_grid(_("Chopped in turn by"), board)
                    kinds = [(what, sheet.CARD_NAMES[what]) for what in CHOPPED_IN_TURN]
                    self.fields[f"{field}_what"] = kind_grid(_("The bomb he chopped"), kinds)

    def add_payment_fields(self):
        board, lines = self.board, self.board.settings.lines
        for line in range(1, self.payment_count + 1):
            self.fields[f"pay_{line}_payer"] = seat_grid(_("Who pays"), board)
            self.fields[f"pay_{line}_payee"] = seat_grid(_("To whom"), board)
            if lines:
                choices = [(str(index), line.name) for index, line in enumerate(lines)]
                self.fields[f"pay_{line}_line"] = TapTypedChoiceField(
                    label=_("For"),
                    coerce=int,
                    required=False,
                    empty_value=None,
                    choices=choices,
                    widget=TapGrid(attrs={"class": "kinds"}),
                )
            self.fields[f"pay_{line}_name"] = forms.CharField(
                required=False, max_length=NAME_MAX, label=_("For (a name of your own)")
            )
            self.fields[f"pay_{line}_units"] = forms.IntegerField(
                required=False,
                min_value=1,
                max_value=sheet.MOST_UNITS,
                label=_("Units"),
                widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
            )

    @property
    def problems(self) -> list[str]:
        """Every refusal of the form, a field's with its label: the tap grids draw none."""
        said = [str(error) for error in self.non_field_errors()]
        for name, errors in self.errors.items():
            if name != "__all__":
                said += [f"{self.fields[name].label}: {error}" for error in errors]
        return said

    @property
    def refusal(self) -> dict:
        """The refusal as the line next to Save says it."""
        return {"problems": self.problems}

    @property
    def part_at_fault(self) -> str | None:
        """The part of the form a refusal is about, where the page says it too: the rules', or
        the first refused field's ("chop_1_1_chopped" is in "chop-1")."""
        if self.fault or not self.errors:
            return self.fault
        name = next((name for name in self.errors if name != "__all__"), "")
        head, _sep, rest = name.partition("_")
        number = rest.split("_")[0]
        parts = {"place": "places", "points": "points", "frozen": "frozen", "winner": "winner"}
        parts |= {"hand": "winner", "absent": "points" if self.board.by_points else "absent"}
        parts |= {"chop": f"chop-{number}", "leftover": f"leftovers-{number}"}
        return parts.get(head) or (f"payment-{number}" if head == "pay" else None)

    # The round, from what was tapped.
    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        names = self.board.names
        absent = [seat for seat in range(len(names)) if data[f"absent_{seat}"]]
        round_ = sheet.Round(absent=[names[seat] for seat in absent])
        if self.board.by_points:
            round_.points = self.points(data, absent)
        else:
            self.places(data, absent, round_)
        round_.payments = self.payments(data)
        data["round"] = round_
        return data

    def fail(self, message: str, part: str):
        self.fault = part
        raise forms.ValidationError(message)

    def points(self, data, absent: list[int]) -> dict[str, int]:
        names, points = self.board.names, {}
        for seat, name in enumerate(names):
            typed = data[f"points_{seat}"]
            if seat in absent:
                if typed is not None:
                    self.fail(
                        _("%(player)s sits out, so has no points.") % {"player": name}, "points"
                    )
            elif typed is None:
                self.fail(
                    _("Type %(player)s's points, or tick that he sits out.") % {"player": name},
                    "points",
                )
            else:
                points[name] = typed
        return points

    def places(self, data, absent: list[int], round_: sheet.Round) -> None:
        names = self.board.names
        frozen = [seat for seat in range(len(names)) if data.get(f"frozen_{seat}")]
        tapped = self.tapped_places(data)
        if data.get("winner") is not None or data.get("hand") is not None:
            return self.instant_win(data, tapped, frozen, round_)
        for seat in tapped:
            if seat in absent:
                self.fail(
                    _("%(player)s sits out, so takes no place.") % {"player": names[seat]}, "places"
                )
            if seat in frozen:
                self.fail(
                    _("%(player)s is frozen: he takes a last place by himself; tap the others.")
                    % {"player": names[seat]},
                    "places",
                )
        left = [s for s in range(len(names)) if s not in absent + frozen + tapped]
        if len(left) > 1:
            self.fail(
                _("Tap the places of %(players)s: only the last one follows by itself.")
                % {"players": ", ".join(names[seat] for seat in left)},
                "places",
            )
        order = tapped + left + frozen
        round_.places = [names[seat] for seat in order]
        round_.frozen = [names[seat] for seat in frozen]
        round_.leftovers = self.leftovers(data, order, frozen)
        round_.chops = self.chops(data)

    def tapped_places(self, data) -> list[int]:
        """The players tapped in the place rows, first to last, none skipped or twice."""
        names, gap = self.board.names, None
        tapped: list[int] = []
        for place, field in enumerate(self.place_fields, start=1):
            seat = data[field.name]
            if seat is None:
                gap = gap or place
                continue
            if gap is not None:
                self.fail(
                    _(
                        "No one is tapped %(gap)s, but someone is %(place)s: tap the places in "
                        "order."
                    )
                    % {"gap": sheet.place_name(gap, 0), "place": sheet.place_name(place, 0)},
                    "places",
                )
            if seat in tapped:
                self.fail(
                    _("%(player)s is tapped twice: %(first)s and %(again)s.")
                    % {
                        "player": names[seat],
                        "first": sheet.place_name(tapped.index(seat) + 1, 0),
                        "again": sheet.place_name(place, 0),
                    },
                    "places",
                )
            tapped.append(seat)
        return tapped

    def instant_win(self, data, tapped, frozen, round_: sheet.Round) -> None:
        names, winner, hand = self.board.names, data.get("winner"), data.get("hand")
        if winner is None:
            self.fail(_("Tap who won at the deal (tới trắng), or take back the hand."), "winner")
        if hand is None:
            self.fail(_("Tap the hand %(player)s won with.") % {"player": names[winner]}, "winner")
        if tapped or frozen or self.leftovers(data, [], []) or self.chops(data):
            self.fail(
                _("A round won at the deal has no places, frozen players, leftovers or chops."),
                "winner",
            )
        round_.instant_win = (names[winner], hand)

    def leftovers(self, data, order: list[int], frozen: list[int]) -> dict[str, list[str]]:
        """Each leftover line: what its player held. Without a player, the last player's, when
        nobody is frozen (with frozen players, theirs are the last places)."""
        names, held = self.board.names, {}
        for line in range(1, self.leftover_count + 1):
            cards = [
                what
                for what in LEFTOVER_COUNTS
                for _count in range(data.get(f"leftover_{line}_{what}") or 0)
            ]
            seat = data.get(f"leftover_{line}_player")
            if not cards:
                if seat is not None:
                    self.fail(
                        _("Tap what %(player)s still held.") % {"player": names[seat]},
                        f"leftovers-{line}",
                    )
                continue
            if seat is None:
                if frozen or not order:
                    self.fail(_("Tap who held the leftovers."), f"leftovers-{line}")
                seat = order[-1]
            if names[seat] in held:
                self.fail(
                    _("%(player)s's leftovers are on two lines.") % {"player": names[seat]},
                    f"leftovers-{line}",
                )
            held[names[seat]] = cards
        return held

    def chops(self, data) -> list[list[sheet.Chop]]:
        names, chains = self.board.names, []
        for chain in range(1, self.chain_count + 1):
            first = [data.get(f"chop_{chain}_1_{part}") for part in ("chopper", "chopped", "what")]
            in_turn = [
                (data.get(f"chop_{chain}_{link}_chopper"), data.get(f"chop_{chain}_{link}_what"))
                for link in range(2, self.link_count + 1)
            ]
            if first == [None, None, None] and all(link == (None, None) for link in in_turn):
                continue
            if None in first:
                self.fail(
                    _("Chop %(number)s: tap who chopped, whom, and what was chopped.")
                    % {"number": chain},
                    f"chop-{chain}",
                )
            links = [sheet.Chop(names[first[0]], names[first[1]], first[2])]
            for number, (by, what) in enumerate(in_turn, start=2):
                if by is None and what is None:
                    continue
                if by is None or what is None:
                    self.fail(
                        _("Chop %(number)s: tap who chopped in turn and the bomb he chopped.")
                        % {"number": chain},
                        f"chop-{chain}",
                    )
                if len(links) != number - 1:
                    self.fail(
                        _("Chop %(number)s: fill its chops in order.") % {"number": chain},
                        f"chop-{chain}",
                    )
                links.append(sheet.Chop(names[by], links[-1].chopper, what))
            chains.append(links)
        return chains

    def payments(self, data) -> list[sheet.Payment]:
        names, lines, paid = self.board.names, self.board.settings.lines, []
        for line in range(1, self.payment_count + 1):
            payer, payee = data.get(f"pay_{line}_payer"), data.get(f"pay_{line}_payee")
            chosen = data.get(f"pay_{line}_line")
            name, units = data.get(f"pay_{line}_name", "").strip(), data.get(f"pay_{line}_units")
            if chosen is not None:
                name, units = lines[chosen].name, units or lines[chosen].units
            if payer is None and payee is None and not name and units is None:
                continue
            if payer is None or payee is None:
                self.fail(
                    _("Payment %(number)s: tap who pays and to whom.") % {"number": line},
                    f"payment-{line}",
                )
            if not name or units is None:
                self.fail(
                    _("Payment %(number)s: give what it is for and its units.") % {"number": line},
                    f"payment-{line}",
                )
            paid.append(sheet.Payment(names[payer], names[payee], units, name))
        return paid


class CorrectionForm(RoundForm):
    """A recorded round changed: drawn with the round as recorded, sent with the sheet's version
    the page showed."""

    version = forms.IntegerField(widget=QuickHidden, min_value=0, max_value=2**31 - 1)
