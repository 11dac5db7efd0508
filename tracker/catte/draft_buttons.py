"""The buttons of a round being entered: one per seat for each question the table is asked,
and the 52 cards for the side pot's upturned card. Mixed into `draft.RoundDraft`, whose state
(who is at the table, who folded, what is tapped) they show."""

from typing import TYPE_CHECKING

from django.utils.translation import gettext_lazy

from tracker.catte import rules as catte
from tracker.catte.rules.cards import RANKS, SUITS
from tracker.catte.rules.settings import HAND_NAMES

UNSET = "unset"
# A card in words, for screen readers: "7 of hearts".
CARD_WORDS = {
    "S": gettext_lazy("%(rank)s of spades"),
    "H": gettext_lazy("%(rank)s of hearts"),
    "D": gettext_lazy("%(rank)s of diamonds"),
    "C": gettext_lazy("%(rank)s of clubs"),
}


class DraftButtons:
    # The draft's state the buttons read, kept by `draft.RoundDraft` (a seat indexes `names`).
    names: list[str]
    labels: list[str]  # the names on the buttons
    settings: catte.Settings
    away: list[int]
    absent: list[int]
    folds: list[int]
    false_claims: list[int]
    tricks: list[int]  # who won each trick tapped so far
    claimant: int | str | None  # the side pot's claimant: UNSET, None for no one, or a seat
    ace: int | str | None  # who held back the ace: UNSET, None for no one, or a seat

    if TYPE_CHECKING:  # worked out by the draft

        @property
        def at_table(self) -> list[int]: ...
        @property
        def still_in(self) -> list[int]: ...
        @property
        def can_win_next(self) -> list[int]: ...
        @property
        def upturned(self) -> str | None: ...

    @property
    def auto_win_buttons(self) -> list[dict]:
        """For each automatic win the session plays (four aces always), a button per player."""
        return [
            {"hand": hand, "label": HAND_NAMES[hand], "players": self.players(self.still_in)}
            for hand in ("four_aces", *self.settings.auto_wins)
        ]

    def seats(self, chosen: list[int] | None = None) -> list[dict]:
        """Seat buttons: index, name, its label on the button, and whether it is pressed."""
        return [
            {
                "seat": seat,
                "name": name,
                "short": self.labels[seat],
                "pressed": chosen is not None and seat in chosen,
                "left": seat in self.away,  # left for the evening
            }
            for seat, name in enumerate(self.names)
        ]

    def players(self, seats: list[int], chosen: list[int] | None = None) -> list[dict]:
        return [row for row in self.seats(chosen) if row["seat"] in seats]

    @property
    def sit_out_buttons(self) -> list[dict]:
        return self.seats(self.absent)

    @property
    def trick_buttons(self) -> list[dict]:
        return self.players(self.can_win_next)

    @property
    def fold_buttons(self) -> list[dict]:
        return self.players(self.at_table, self.folds)

    @property
    def false_claim_buttons(self) -> list[dict]:
        return self.players(self.at_table, self.false_claims)

    @property
    def claim_buttons(self) -> list[dict]:
        chosen = [self.claimant] if isinstance(self.claimant, int) else []
        return self.players(self.at_table, chosen)

    @property
    def ace_buttons(self) -> list[dict]:
        sweeper = self.tricks[0] if self.tricks else None
        chosen = [self.ace] if isinstance(self.ace, int) else []
        return [row for row in self.players(self.at_table, chosen) if row["seat"] != sweeper]

    @property
    def cards(self) -> list[dict]:
        """The 52 cards for the upturned card, suit by suit, two to ace."""
        return [
            {
                "code": rank + suit,
                "rank": rank,
                "symbol": symbol,
                "words": CARD_WORDS[suit] % {"rank": rank},
                "pressed": rank + suit == self.upturned,
            }
            for suit, symbol in SUITS.items()
            for rank in RANKS
        ]
