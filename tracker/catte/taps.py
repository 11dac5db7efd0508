"""The taps of a round being entered: each tap is a token, the whole draft a short list of them.

    a3        seat 3 sits out / sits back in (toggle)
    uKH       the side pot's upturned card, in one tap (also "rK sH": rank, then suit)
    c2 c-     seat 2 has the side pot's target card and claims it / no one claims it
    t0        seat 0 won the next trick
    R1        seat 1 takes all the remaining tricks (a good claim, or everyone else folded)
    f2        seat 2 folds / takes the fold back (toggle)
    x1        seat 1 made a false claim / did not (toggle)
    w2.flush  seat 2 wins automatically with that hand
    e1 e-     seat 1 held back the ace / no one did
    k         clear the tricks and the automatic win (to enter them again)

Replaying the taps gives the draft's state (`draft.RoundDraft`); "undo last tap" drops the last
token and "start the round again" drops them all (`next_taps`).
"""

import re
from dataclasses import dataclass

from tracker.catte import rules as catte

TOKEN = re.compile(
    r"(?P<kind>[atfxR])(?P<seat>\d)"
    r"|(?P<choice>[ce])(?P<who>\d|-)"
    r"|u(?P<card>(?:10|[2-9JQKA])[SHDC])"
    r"|r(?P<rank>10|[2-9JQKA])"
    r"|s(?P<suit>[SHDC])"
    r"|w(?P<winner>\d)\.(?P<hand>four_aces|four_of_a_kind|flush)"
    r"|(?P<clear>k)"
)


def is_tap(text: str) -> bool:
    return TOKEN.fullmatch(text) is not None


def tap_parts(tap: str) -> re.Match[str]:
    """What a tap says, by the names of `TOKEN`'s groups; ValueError for text that is not a tap
    (the forms let only taps through)."""
    match = TOKEN.fullmatch(tap)
    if match is None:
        raise ValueError(f"not a tap: {tap!r}")
    return match


def tap_seat(tap: str) -> int | None:
    """The seat a tap names, if it names one."""
    match = tap_parts(tap)
    seat = match["seat"] or match["who"] or match["winner"]
    return None if seat in (None, "-") else int(seat)


def parse_taps(text: str, seats: int) -> list[str]:
    """The tokens of a hidden `taps` value at a table of `seats` players; ValueError names the
    first one not understood."""
    taps = text.split()
    for tap in taps:
        if not is_tap(tap) or (tap_seat(tap) or 0) >= seats:
            raise ValueError(tap)
    return taps


def next_taps(taps: list[str], tap: str) -> list[str]:
    """The taps after one more button: a token is added, "undo" drops the last, "restart" all;
    anything else ("save", nothing) leaves them as they are."""
    if tap == "undo":
        return taps[:-1]
    if tap == "restart":
        return []
    return [*taps, tap] if is_tap(tap) else list(taps)


def taps_from_round(round_: catte.Round, names: list[str]) -> list[str]:
    """The taps that enter a recorded round again, for its correction page."""
    seat = names.index
    taps = [f"a{seat(name)}" for name in round_.absent]
    if round_.side_pot_upturned:
        rank, suit = catte.parse_card(round_.side_pot_upturned)
        claimant = round_.side_pot_claimed_by
        taps += [f"u{rank}{suit}", f"c{seat(claimant)}" if claimant else "c-"]
    if round_.auto_win:
        taps.append(f"w{seat(round_.auto_win[0])}.{round_.auto_win[1]}")
    taps += [f"t{seat(name)}" for name in round_.tricks]
    taps += [f"f{seat(name)}" for name in round_.folds]
    taps += [f"x{seat(name)}" for name in round_.false_claims]
    if round_.ace_withheld_by:
        taps.append(f"e{seat(round_.ace_withheld_by)}")
    return taps


@dataclass(frozen=True)
class OfflineRound:
    """A round a phone entered while its network was gone, as its outbox sends it
    (`idempotency_key` is the phone's id for it): its taps, from the table's draft as the phone
    last had it on, which was at version `started_from` (None for a round begun after one
    entered offline on the phone). The tap
    that could not be sent may have reached the table all the same: `reached` is the draft then.
    `save`: the phone saved the round, rather than still tapping it."""

    idempotency_key: str
    number: int
    taps: list[str]
    reached: list[str]
    started_from: int | None = None
    save: bool = True

    def goes_on_from(self, draft: list[str], version: int, draft_key: str) -> bool:
        """These taps may take the place of the table's `draft`: it is the one the phone started
        from, the one its last tap online made (its answer lost on the way), or this round as
        the phone sent it before (`draft_key`: the id of the round the draft was sent as)."""
        return (
            version == self.started_from
            or draft == self.reached
            or draft_key == self.idempotency_key
        )

    def taken_up_in(self, draft: list[str]) -> bool:
        """The table's `draft` already holds these taps and went on from them."""
        return len(draft) >= len(self.taps) and draft[: len(self.taps)] == self.taps


@dataclass(frozen=True)
class Tap:
    """One button pressed on round `number`'s draft as the page showed it (version
    `draft_version`): a tap token, "undo" or "restart"."""

    number: int
    draft_version: int | None
    button: str


@dataclass(frozen=True)
class SavedRound:
    """Round `number` saved ("Save round"): the table's draft as the page showed it (version
    `draft_version`), or `taps`, a whole round sent in one post."""

    number: int
    draft_version: int | None
    taps: list[str]
