"""A round being entered at the table, one tap at a time.

The whole draft is a short list of taps (their tokens are in `taps`). The next round's draft is
stored with the session, so every phone at the table shows it and goes on from it
(`services.tapping`); a correction's draft travels in one hidden input of its page. Either way the
page works without JavaScript and no money moves before "Save round". Replaying the taps gives
the draft's state.
"""

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from decimal import Decimal

from django.utils.translation import gettext as _

from basics.errors import RulesError
from tracker.catte import rules as catte
from tracker.catte.draft_buttons import UNSET, DraftButtons
from tracker.catte.rules.settings import HAND_NAMES
from tracker.catte.taps import tap_parts, tap_seat


def _toggle(seats: list[int], seat: int) -> None:
    if seat in seats:
        seats.remove(seat)
    else:
        seats.append(seat)


@dataclass
class RoundDraft(DraftButtons):
    names: list[str]
    settings: catte.Settings
    due_dealer: int  # the seat due to deal: the last round's winner
    taps: list[str] = field(default_factory=list)
    short_names: list[str] | None = None  # for the seat buttons; the names when left out
    money: Callable[[Decimal], str] = catte.format_money  # an amount as the group writes it
    # Seats of players who left for the evening: they start out sitting out ("a" seats them
    # again for this round).
    away: list[int] = field(default_factory=list)

    def __post_init__(self):
        self.labels = self.short_names or self.names
        self.absent, self.folds, self.false_claims, self.tricks = list(self.away), [], [], []
        self.rank = self.suit = None
        self.claimant = self.ace = UNSET
        self.auto_win = None
        self.folded_to, self.tricks_given = None, 0  # see `_give_the_rest_to_the_last_one`
        for tap in self.taps:
            self._apply(tap_parts(tap))
            self._give_the_rest_to_the_last_one()

    def _apply(self, tap: re.Match) -> None:
        if tap["kind"]:
            self._apply_to_seat(tap["kind"], int(tap["seat"]))
        elif tap["choice"]:
            who = None if tap["who"] == "-" else int(tap["who"])
            setattr(self, "claimant" if tap["choice"] == "c" else "ace", who)
        elif tap["card"]:
            self.rank, self.suit = tap["card"][:-1], tap["card"][-1]
        elif tap["rank"]:
            self.rank = tap["rank"]
        elif tap["suit"]:
            self.suit = tap["suit"]
        elif tap["winner"]:
            self.auto_win = (int(tap["winner"]), tap["hand"])
        elif tap["clear"]:
            self.tricks, self.auto_win = [], None
            self.folded_to, self.tricks_given = None, 0

    def _apply_to_seat(self, kind: str, seat: int) -> None:
        """A tap of a kind that names a seat: sits out, wins a trick, the rest, folds, claims."""
        if kind == "a":
            _toggle(self.absent, seat)
        elif kind == "t":
            self.tricks.append(seat)
        elif kind == "R":
            self.tricks += [seat] * (self._tricks_to_play(seat) - len(self.tricks))
        elif kind == "f":
            if seat in self.folds and self.tricks_given:  # a fold taken back: so are its tricks
                self.tricks, self.folded_to = self.tricks[: -self.tricks_given], None
                self.tricks_given = 0
            _toggle(self.folds, seat)
        elif kind == "x":
            _toggle(self.false_claims, seat)

    def _give_the_rest_to_the_last_one(self) -> None:
        """When everyone else who could win a trick has folded, the one left wins the rest of
        the tricks: no tap is needed for them, with or without JavaScript."""
        if self.auto_win or not self.folds:
            return
        last = catte.last_one_left(self.at_table, self.folds, self.tricks)
        if last is not None:
            given = self._tricks_to_play(last) - len(self.tricks)
            self.tricks += [last] * given
            self.folded_to, self.tricks_given = last, given

    def _tricks_to_play(self, seat: int) -> int:
        """How many tricks a round has when `seat` takes all that are left."""
        return catte.tricks_if_taken_by(self.tricks, seat)

    # What the table sees -------------------------------------------------------------------

    @property
    def taps_text(self) -> str:
        return " ".join(self.taps)

    @property
    def dealer(self) -> int:
        """Who deals: the seat due to deal, or the next one at the table when he sits out."""
        if len(self.absent) == len(self.names):
            return self.due_dealer
        return catte.round_dealer(range(len(self.names)), self.due_dealer, self.absent)

    @property
    def dealer_name(self) -> str:
        return self.names[self.dealer]

    @property
    def at_table(self) -> list[int]:
        return [seat for seat in range(len(self.names)) if seat not in self.absent]

    @property
    def still_in(self) -> list[int]:
        return [seat for seat in self.at_table if seat not in self.folds]

    @property
    def upturned(self) -> str | None:
        return f"{self.rank}{self.suit}" if self.rank and self.suit else None

    @property
    def upturned_label(self) -> str | None:
        return catte.card_label(self.upturned) if self.upturned else None

    @property
    def target_label(self) -> str | None:
        return catte.card_label(catte.next_card(self.upturned)) if self.upturned else None

    @property
    def claimant_name(self) -> str | None:
        return self.names[self.claimant] if isinstance(self.claimant, int) else None

    @property
    def claim_answered(self) -> bool:
        return self.claimant != UNSET

    @property
    def swept(self) -> bool:
        return catte.is_sweep(self.tricks)

    @property
    def tricks_complete(self) -> bool:
        return len(self.tricks) == catte.tricks_in_round(self.tricks)

    @property
    def doubled(self) -> bool:
        return catte.sweep_doubles(self.settings, self.at_table, self.tricks)

    @property
    def eliminated(self) -> list[str]:
        out = catte.eliminated_after_four(self.at_table, self.folds, self.tricks)
        return [self.names[seat] for seat in out]

    @property
    def next_trick(self) -> int | None:
        """The number of the trick to tap next, or None when no trick is left to play."""
        return None if self.auto_win else catte.next_trick(self.tricks)

    @property
    def can_win_next(self) -> list[int]:
        """Who may win the next trick: at the table, not folded; after four, the survivors."""
        if self.auto_win:
            return []
        return catte.may_win_next(self.at_table, self.folds, self.tricks)

    @property
    def folded_to_name(self) -> str | None:
        """Who was given the rest of the tricks because everyone else folded."""
        return None if self.folded_to is None else self.names[self.folded_to]

    @property
    def round_winner(self) -> int | None:
        """Who wins the round as tapped: the sweeper, the winner of trick 6 or of the
        automatic win; None while tricks are left to play."""
        if self.auto_win:
            return self.auto_win[0]
        if not self.tricks_complete:
            return None
        return self.tricks[0] if self.swept else self.tricks[-1]

    @property
    def trick_winners(self) -> list[dict]:
        return [
            {"number": number, "name": self.names[seat]}
            for number, seat in enumerate(self.tricks, start=1)
        ]

    @property
    def ace_named(self) -> bool:
        return self.ace not in (UNSET, None)

    @property
    def asks_ace(self) -> bool:
        return catte.asks_about_the_ace(self.settings, self.at_table, self.tricks)

    @property
    def auto_win_label(self) -> str | None:
        if not self.auto_win:
            return None
        return f"{self.names[self.auto_win[0]]} · {HAND_NAMES[self.auto_win[1]]}"

    @property
    def ace_rule(self) -> str:
        """When the ace penalty applies and who pays it, said where the table is asked."""
        stake, losers = self.settings.stake, len(self.at_table) - 1
        return _(
            "It applies when %(sweeper)s won the first three tricks with cards of one suit and "
            "the fourth leading another suit, and someone held the ace of that first suit "
            "without playing it. That player pays the whole double for all %(losers)s losing "
            "players, %(total)s in all; the others pay only their stake of %(stake)s."
        ) % {
            "sweeper": self.names[self.tricks[0]],
            "losers": losers,
            "total": self.money(stake * (losers + 1)),
            "stake": self.money(stake),
        }

    @property
    def offers_auto_win(self) -> bool:
        """An automatic win is shown straight after the deal, before any trick."""
        return not self.tricks and self.auto_win is None

    @property
    def needs_card(self) -> bool:
        """The side pot's upturned card is asked for, except after an automatic win, which ends
        the round at the deal: then only a claim, whose card it names, needs it."""
        if not self.settings.has_side_pot or self.upturned is not None:
            return False
        return self.auto_win is None or self.claimant_name is not None

    @property
    def played_out(self) -> bool:
        """Every trick is tapped, or an automatic win ended the round."""
        return self.auto_win is not None or self.tricks_complete

    @property
    def asks_claim_at_the_end(self) -> bool:
        """The side pot may be claimed at any time in the round: unanswered when the round is
        played out, its question comes right before "Save round", answered "no one" unless a
        name is tapped."""
        return self.upturned is not None and not self.claim_answered and self.played_out

    @property
    def ready(self) -> bool:
        return self.played_out and not self.needs_card

    @property
    def missing(self) -> str | None:
        """Why "Save round" waits, said beside it whenever it does: what the round still needs
        before it can be saved (the rules check the rest)."""
        if self.needs_card and self.claimant_name is not None:
            return _("Tap the side pot's upturned card: %(player)s claims the card after it.") % {
                "player": self.claimant_name
            }
        if self.needs_card:
            return _("Tap the side pot's upturned card first.")
        if self.tricks_complete or self.auto_win:
            return None
        if self.tricks:
            return _("Tap who won trick %(number)s.") % {"number": self.next_trick}
        return _("Tap who won trick 1, or an automatic win.")

    @property
    def next_step(self) -> str:
        """What the thumb taps next: "card", "trick", "ace" or "save". The side pot's question
        is never next: no one claims it unless a name is tapped, which most rounds need not."""
        if self.needs_card:
            return "card"
        if self.next_trick is not None:
            return "trick"
        return "ace" if self.asks_ace and self.ace == UNSET else "save"

    def refusal(self, tap: str) -> str | None:
        """Why a tap makes no sense at this point (the rules check the whole round on saving)."""
        match, seat = tap_parts(tap), tap_seat(tap)
        kind, hand = match["kind"], match["hand"]
        if seat is not None and seat >= len(self.names):
            return _("There is no such seat at this table.")
        player = "" if seat is None else self.names[seat]
        if hand and not self.settings.allows_auto_win(hand):
            return _("An automatic win with %(hand)s is not played in this session.") % {
                "hand": HAND_NAMES[hand]
            }
        if kind in ("t", "R") and seat not in self.can_win_next:
            if self.next_trick is None:
                return _("Every trick is recorded; undo the last tap to change one.")
            return _("%(player)s cannot win trick %(trick)s.") % {
                "player": player,
                "trick": self.next_trick,
            }
        if kind == "f" and seat not in self.folds and seat == self.round_winner:
            return _("%(player)s wins the round and so cannot fold.") % {"player": player}
        if kind == "a" and seat in self.tricks and seat not in self.absent:
            return _("%(player)s won a trick and so is at the table.") % {
                "player": self.names[seat]
            }
        if match["winner"] and seat in self.folds:
            return _("%(player)s folded and so cannot win the round.") % {
                "player": self.names[seat]
            }
        if kind != "a" and seat in self.absent:
            return _("%(player)s sits this round out.") % {"player": self.names[seat]}
        if kind == "a" and seat in self.tapped_at_the_table and seat not in self.absent:
            return _("%(player)s was tapped in this round and so is at the table.") % {
                "player": self.names[seat]
            }
        if replace(self, taps=[*self.taps, tap]).inconsistency():
            return _("That tap does not fit the round as tapped so far.")
        return None

    @property
    def tapped_at_the_table(self) -> set[int]:
        """Seats a tap of this round puts at the table: a fold, a claim, the side pot, the ace
        or an automatic win is made by someone who plays the round."""
        seats = {*self.folds, *self.false_claims, self.claimant, self.ace}
        seats |= {self.auto_win[0]} if self.auto_win else set()
        return {seat for seat in seats if isinstance(seat, int)}

    def inconsistency(self) -> str | None:
        """Why the taps so far make no round the table could be playing, or None: what the
        page shows of the round is worked out here."""
        try:
            self.can_win_next, self.eliminated, self.doubled  # noqa: B018
        except RulesError as refusal:
            return str(refusal)
        return None

    def usable(self) -> "RoundDraft":
        """The draft without the taps from the first one that made it inconsistent: a draft
        stored before such taps were refused still shows."""
        draft = self
        while draft.taps and draft.inconsistency():
            draft = replace(draft, taps=draft.taps[:-1])
        return draft

    def to_round(self) -> catte.Round:
        name = self.names.__getitem__
        return catte.Round(
            tricks=[] if self.auto_win else [name(seat) for seat in self.tricks],
            auto_win=(name(self.auto_win[0]), self.auto_win[1]) if self.auto_win else None,
            absent=[name(seat) for seat in sorted(self.absent)],
            folds=[name(seat) for seat in sorted(self.folds)],
            false_claims=[name(seat) for seat in sorted(self.false_claims)],
            ace_withheld_by=name(self.ace) if self.asks_ace and isinstance(self.ace, int) else None,
            side_pot_upturned=self.upturned if self.settings.has_side_pot else None,
            side_pot_claimed_by=self.claimant_name if self.settings.has_side_pot else None,
        )
