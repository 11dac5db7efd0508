"""Forms for entering a Cutthroat hand: bids, tricks and corrections (starting a tournament is
`tournament_form`).

The forms only shape what was tapped or typed into the values the services take (bids, tricks
and jacks by player name); the services check them against the rules, and a refusal is shown on
the form, which keeps what was entered. Bids, tricks and jacks are tap grids (radio buttons rendered
as buttons) listed in the order the players bid, so one tap is one choice, with or without
JavaScript.
"""

from django import forms
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from core.bounds import LARGEST_COUNT, LARGEST_KEY
from core.fragments import digest
from core.idempotency import KeyedEntryForm
from core.web.widgets import QuickHidden, TapChoiceField, TapGrid, TapTypedChoiceField
from tracker.cutthroat import rules as cutthroat
from tracker.cutthroat.display import short_names

# What a bid button says where the full words do not fit; screen readers get the full words.
BID_BUTTONS: dict[str, str | Promise] = {
    "BN": _("Blind Nil"),
    "B6": _("Blind 6"),
    "1F": "1F",
    "2F": "2F",
    # Translators: short for the bid Shoot the Moon, on a narrow button.
    "SM": _("Moon"),
}


def bid_field(name: str, tricks: int, blind_six: bool):
    """Blind bids first (they are bid before looking), then the specials, Nil and 1 to T."""
    blind = [("BN", _("Blind Nil"))] + ([("B6", _("Blind 6"))] if blind_six else [])
    specials = [(bid, BID_BUTTONS[bid]) for bid in ("1F", "2F", "SM")]
    numbers = [("NIL", _("Nil"))] + [(str(n), str(n)) for n in range(1, tricks + 1)]
    words = {bid: cutthroat.BID_LABELS[bid] for bid in ("1F", "2F", "SM")}
    classes = {"BN": "w2" if blind_six else "w4", "B6": "w2"}
    classes.update(dict.fromkeys(("1F", "2F", "SM"), "small"))
    return TapChoiceField(
        label=name,
        choices=[*blind, *specials, *numbers],
        widget=TapGrid(classes=classes, words=words),
        error_messages={"required": _("%(player)s has no bid yet.") % {"player": name}},
    )


def parse_bid(value: str):
    return int(value) if value.isdigit() else value


def hand_number_field(required: bool = True) -> forms.IntegerField:
    """The hand (counted across the tournament) a page showed, bounded as the database is."""
    return forms.IntegerField(
        widget=QuickHidden, required=required, min_value=1, max_value=LARGEST_COUNT
    )


class BidsForm(KeyedEntryForm):
    """Step 1 of a hand: every player's bid, before play, in the order they bid."""

    # The hand the bids were tapped for: a page rendered before another phone played that hand
    # must not put its bids on the next one.
    number = hand_number_field(required=False)

    def __init__(self, *args, board, **kwargs):
        super().__init__(*args, **kwargs)
        self.board = board
        self.fields["number"].initial = board.hands_played + 1
        result = board.standings
        for seat, name in enumerate(board.names):
            allowed = result.blind_six_allowed.get(name, False)
            self.fields[f"bid_{seat}"] = bid_field(name, board.tricks, allowed)

    def rows(self):
        board = self.board
        result, first = board.standings, board.standings.next_first_bidder
        for seat in cutthroat.bidding_order(len(board.names), board.hands_played + 1):
            name = board.names[seat]
            yield {
                "name": name,
                "field": self[f"bid_{seat}"],
                "first": name == first,
                "blind_six": result.blind_six_allowed.get(name, False),
                "reason": result.blind_six_reason.get(name, ""),
            }

    @property
    def rows_key(self) -> str | None:
        """What the rows of an empty form show, to cache them under (tournament.html); None
        for a form that was sent, which shows what was tapped."""
        if self.is_bound or any(name.startswith("bid_") for name in self.initial):
            return None
        # A reason shows only where the Blind 6 is refused (tournament.html).
        rows = [
            (
                row["name"],
                row["first"],
                row["blind_six"],
                "" if row["blind_six"] else str(row["reason"]),
            )
            for row in self.rows()
        ]
        return digest(["bids", rows, self.board.tricks])

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        names = self.board.names
        data["bids"] = {name: parse_bid(data[f"bid_{seat}"]) for seat, name in enumerate(names)}
        data["number"] = data.get("number") or self.board.hands_played + 1
        return data


def tricks_field(name: str, tricks: int):
    return forms.IntegerField(
        label=name,
        min_value=0,
        max_value=tricks,
        error_messages={
            "required": _("%(player)s: how many tricks?") % {"player": name},
            "min_value": _("%(player)s: tricks cannot be negative.") % {"player": name},
            "max_value": _("%(player)s: at most %(tricks)s tricks.")
            % {"player": name, "tricks": tricks},
        },
        widget=TapGrid(choices=[(n, str(n)) for n in range(tricks + 1)]),
    )


def jack_field(card: str, names: list[str], shown: list[str], order: list[int]):
    label = cutthroat.JACK_NAMES[card]
    words = {str(seat): names[seat] for seat in order if shown[seat] != names[seat]}
    question = _("Who caught the %(jack)s?") % {"jack": label}
    return TapTypedChoiceField(
        label=question,
        coerce=int,
        widget=TapGrid(attrs={"class": f"names n{len(names)}"}, words=words),
        choices=[(seat, shown[seat]) for seat in order],
        error_messages={"required": question},
    )


class TricksForm(forms.Form):
    """Tricks and award jacks after play, for the hand `hand_number` (its bidding order)."""

    number = hand_number_field()
    # The row whose bids the page showed: bids undone and entered again on another phone make
    # a new row, so tricks from the stale page cannot land on them.
    hand = forms.IntegerField(
        widget=QuickHidden, required=False, min_value=1, max_value=LARGEST_KEY
    )

    def __init__(self, *args, board, hand_number=None, in_seat_order=False, **kwargs):
        super().__init__(*args, **kwargs)
        self.board = board
        number = hand_number or board.hands_played + 1
        seats = len(board.names)
        self.order = list(range(seats)) if in_seat_order else cutthroat.bidding_order(seats, number)
        for seat, name in enumerate(board.names):
            self.fields[f"tricks_{seat}"] = tricks_field(name, board.tricks)
        shown = short_names(board)
        for card in board.settings.award_jacks:
            self.fields[f"jack_{card}"] = jack_field(card, board.names, shown, self.order)

    def shown_bids(self):
        pending = self.board.pending
        return pending.bids if pending else [None] * len(self.board.names)

    def tricks_rows(self):
        bids = self.shown_bids()
        return [
            {
                "seat": seat,
                "field": self[f"tricks_{seat}"],
                "bid": cutthroat.bid_label(bids[seat]) if bids[seat] else "",
            }
            for seat in self.order
        ]

    @property
    def rows_key(self) -> str | None:
        """What the rows of an empty form show, to cache them under (tournament.html); None
        for a form that was sent, which shows what was tapped."""
        if self.is_bound or any(name.startswith(("tricks_", "jack_")) for name in self.initial):
            return None
        board = self.board
        bids = [str(cutthroat.bid_label(bid)) if bid else "" for bid in self.shown_bids()]
        jacks = list(board.settings.award_jacks)
        return digest(["tricks", board.names, short_names(board), self.order, bids, jacks])

    def jack_rows(self):
        return [self[f"jack_{card}"] for card in self.board.settings.award_jacks]

    def named(self, data):
        names = self.board.names
        tricks = {name: data[f"tricks_{seat}"] for seat, name in enumerate(names)}
        jacks = {card: names[data[f"jack_{card}"]] for card in self.board.settings.award_jacks}
        return tricks, jacks

    def clean(self):
        data = super().clean()
        assert data is not None
        if not self.errors:
            data["tricks"], data["jacks"] = self.named(data)
        return data


class PlayedForm(KeyedEntryForm, TricksForm):
    """Step 2 of a hand: tricks and award jacks after play, on the bids the page showed.

    A hand a phone kept while it was offline (static/js/outbox.js) comes on this form too, sent
    when the network is back: its bids as the bids form sends them (unless they were saved
    before the network went) and the key it was kept under (`once`), which records it once
    however often it arrives."""

    def __init__(self, data=None, *, board, **kwargs):
        super().__init__(data, board=board, **kwargs)
        has_bids = data is not None and any(name.startswith("bid_") for name in data)
        self.bids_form = BidsForm(data, board=board) if has_bids else None

    def clean(self):
        data = super().clean()
        data["bids"] = None
        if self.bids_form is not None and not self.errors:
            if not self.bids_form.is_valid():
                # An ErrorList is a list; the stubs leave that base out.
                first_errors = list(self.bids_form.errors.values())[0]
                raise forms.ValidationError(first_errors)  # type: ignore[arg-type]
            data["bids"] = self.bids_form.cleaned_data["bids"]
        return data


class KeptTricksForm(PlayedForm):
    """The tricks step of a hand for a phone whose network went after its bids
    (static/js/outbox.js), on the sheet the phone holds beside the page: players in seat order
    and no number nor bids, so it stays the same from hand to hand; the phone writes in the
    hand's number and bids and puts the players in its bidding order (cutthroat/tricks.js)."""

    def __init__(self, *args, board, **kwargs):
        super().__init__(*args, board=board, in_seat_order=True, **kwargs)

    def shown_bids(self):
        return [None] * len(self.board.names)


class NextHandForm(KeptTricksForm):
    """A hand after one kept on a phone without a network (static/js/hands_ahead.js): bids and
    tricks on one form, players in seat order, as the phone cannot tell what the hands before
    it did to the game; the server checks it all when it arrives (PlayedForm)."""

    def __init__(self, *args, board, **kwargs):
        super().__init__(*args, board=board, **kwargs)
        allowed = board.standings.blind_six_allowed
        for seat, name in enumerate(board.names):
            self.fields[f"bid_{seat}"] = bid_field(name, board.tricks, allowed.get(name, False))

    def bid_rows(self):
        return [self[f"bid_{seat}"] for seat in self.order]


def kept_sheet_key(board) -> str:
    """What the offline forms of the sheet a phone holds beside the page show (KeptTricksForm,
    NextHandForm): it changes when a player may bid a Blind 6 or no longer may, not with
    every hand."""
    allowed = board.standings.blind_six_allowed
    blind_six = [allowed.get(name, False) for name in board.names]
    jacks = list(board.settings.award_jacks)
    return digest(["kept-sheet", board.names, short_names(board), board.tricks, jacks, blind_six])


class CorrectionForm(TricksForm):
    """A past hand corrected, checked against the version the page was rendered from."""

    version = forms.IntegerField(widget=QuickHidden, min_value=0, max_value=LARGEST_COUNT)
    confirm = forms.BooleanField(required=False, widget=QuickHidden)

    def __init__(self, *args, board, hand, **kwargs):
        super().__init__(*args, board=board, hand_number=hand.number, **kwargs)
        self.corrected_hand = hand  # not `hand`: that is the name of a field
        for seat, name in enumerate(board.names):
            self.fields[f"bid_{seat}"] = bid_field(name, board.tricks, True)

    def shown_bids(self):
        return self.corrected_hand.bids

    def bid_rows(self):
        return [
            {"name": self.board.names[seat], "field": self[f"bid_{seat}"], "first": not index}
            for index, seat in enumerate(self.order)
        ]

    def clean(self):
        data = super().clean()
        if not self.errors:
            names = self.board.names
            data["bids"] = {name: parse_bid(data[f"bid_{seat}"]) for seat, name in enumerate(names)}
        return data


def typed_values(board, query) -> dict:
    """The correction fields a query string fills in (what a phone had entered): only bids,
    tricks and jacks; the version and the hand always come from the page."""
    names = [f"{stem}_{seat}" for stem in ("bid", "tricks") for seat in range(len(board.names))]
    names += [f"jack_{card}" for card in board.settings.award_jacks]
    return {name: query[name] for name in names if name in query}


def correction_initial(board, hand) -> dict:
    """The correction form filled with the hand as it was saved."""
    initial = {"number": hand.number, "version": board.tournament.version}
    for seat in range(len(board.names)):
        initial[f"bid_{seat}"] = str(hand.bids[seat])
        initial[f"tricks_{seat}"] = hand.tricks[seat]
    for card, seat in hand.jacks.items():
        initial[f"jack_{card}"] = seat
    return initial
