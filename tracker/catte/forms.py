"""Forms for Cắt Tê: starting a session, and entering or correcting a round tap by tap.

Amounts are Decimal in the group's currency, never float, with no more decimals than the currency
has. The forms only shape what was tapped or typed; the gate checks it against the rules, and
a refusal is shown next to the entry, which keeps what was tapped.
"""

from decimal import Decimal
from functools import cached_property

from django import forms
from django.utils.translation import gettext_lazy as _

from basics.names import NAME_MAX, name_problem
from core.bounds import LARGEST_COUNT
from core.fragments import digest
from core.idempotency import KeyedEntryForm
from core.money import money_field
from core.names import by_name
from core.seats import SeatsForm, first_dealer_field, seats_as_last_time
from core.web.widgets import QuickSelect, QuickText
from tracker.catte import rules as catte
from tracker.catte.draft import RoundDraft
from tracker.catte.offline_round import sheet_buttons
from tracker.catte.services.tapping import MOST_TAPS
from tracker.catte.taps import (
    OfflineRound,
    SavedRound,
    Tap,
    is_tap,
    next_taps,
    parse_taps,
    taps_from_round,
)

MOST_SEATS = 8
AUTO_WIN_CHOICES = [("four_of_a_kind", _("four of a kind")), ("flush", _("six-card flush"))]


def double_from_choices():
    """From how many players dealt in a sweep pays double, said in the language of the page."""
    choices = [
        (str(count), _("from %(count)s players dealt in") % {"count": count})
        for count in range(3, 9)
    ]
    return [*choices, ("never", _("never"))]


class SessionForm(SeatsForm):
    SEATS = MOST_SEATS
    first_dealer = first_dealer_field(_("Who deals first (drawn by lot)"), MOST_SEATS)
    sweep_double_min_players = forms.ChoiceField(
        choices=double_from_choices, initial="4", label=_("A sweep pays double")
    )
    auto_wins = forms.MultipleChoiceField(
        choices=AUTO_WIN_CHOICES,
        required=False,
        widget=forms.CheckboxSelectMultiple,
        label=_("Automatic wins besides four aces"),
    )
    auto_win_pays = forms.ChoiceField(
        choices=[("double", _("double")), ("pot", _("the pot"))],
        initial="double",
        widget=forms.RadioSelect,
        label=_("An automatic win pays"),
    )
    ace_penalty = forms.BooleanField(required=False, label=_("Penalty for holding an ace"))
    side_pot_at_end = forms.ChoiceField(
        choices=[("refund", _("refunded")), ("carry", _("carried into the next session"))],
        initial="refund",
        widget=forms.RadioSelect,
        label=_("An unclaimed side pot at the end is"),
    )

    def __init__(self, *args, group, **kwargs):
        super().__init__(*args, **kwargs)
        stake = _("Stake a round (%(currency)s)") % {"currency": group.currency}
        self.fields["stake"] = money_field(group, stake)
        self.fields["side_pot_stake"] = money_field(
            group, _("Side stake a round"), required=False, help_text=_("Blank: no side pot.")
        )
        self.fields["false_claim_penalty"] = money_field(
            group,
            _("False claim: paid to each other player"),
            required=False,
            help_text=_("Blank: one stake."),
        )

    @staticmethod
    def as_last_time(session) -> dict:
        """What the form starts with: the players and rules of the group's last session (the
        next evening is most often played as the last one was)."""
        if session is None:
            return {}
        rules, least = session.rules, session.rules.get("sweep_double_min_players", 4)
        stake, side_stake = Decimal(rules["stake"]), Decimal(rules.get("side_pot_stake") or 0)
        penalty = rules.get("false_claim_penalty")
        penalty = None if penalty is None else Decimal(penalty)
        if penalty == stake:
            penalty = None  # blank: one stake, whatever the stake is next time
        return {
            **seats_as_last_time(session),
            "stake": stake,
            "side_pot_stake": side_stake or None,
            "side_pot_at_end": rules.get("side_pot_at_end", "refund"),
            "sweep_double_min_players": "never" if least is None else str(least),
            "auto_wins": rules.get("auto_wins", []),
            "auto_win_pays": rules.get("auto_win_pays", "double"),
            "false_claim_penalty": penalty,
            "ace_penalty": rules.get("ace_penalty", False),
        }

    @property
    def rule_fields(self):
        names = ["side_pot_stake", "side_pot_at_end", "sweep_double_min_players", "auto_wins"]
        names += ["auto_win_pays", "false_claim_penalty", "ace_penalty"]
        return [self[name] for name in names]

    def rules(self, data) -> dict:
        """The session's `rules` object, as a game log writes it."""
        least = data["sweep_double_min_players"]
        rules = {
            "stake": catte.format_money(data["stake"]),
            "sweep_double_min_players": None if least == "never" else int(least),
            "auto_wins": list(data["auto_wins"]),
            "auto_win_pays": data["auto_win_pays"],
            "ace_penalty": data["ace_penalty"],
            "side_pot_stake": catte.format_money(data.get("side_pot_stake") or Decimal(0)),
            "side_pot_at_end": data["side_pot_at_end"],
        }
        if data.get("false_claim_penalty") is not None:
            rules["false_claim_penalty"] = catte.format_money(data["false_claim_penalty"])
        return rules

    def settings_of(self, data: dict) -> dict:
        return {"rules": self.rules(data)}


class RoundForm(KeyedEntryForm):
    """One round, tapped in: `tap` is the button just pressed.

    Without `correcting` the form enters the next round, whose draft is the table's, stored
    with the session: the page sends the draft's version it showed (`draft_version`) and its taps
    (`shown`, only to say what this phone had tapped if another phone saved first). A whole
    round may also come in one post as `taps` with "save" (a client that keeps its own draft).
    Correcting a round, the draft travels in `taps`; `start` gives the taps to start from.

    A round a phone entered offline comes as the sheet's form (offline_round.py), sent by its
    outbox: `taps` from the table's draft at `draft_version` on, `reached` the draft the tap that
    could not be sent may have made, "save" as its `tap` when the phone saved it, and the key
    the round was kept under (`once`), which it must carry.
    """

    number = forms.IntegerField(min_value=1, max_value=LARGEST_COUNT)
    version = forms.IntegerField(required=False, min_value=0, max_value=LARGEST_COUNT)
    draft_version = forms.IntegerField(required=False, min_value=0, max_value=LARGEST_COUNT)
    shown = forms.CharField(required=False, max_length=2000)
    taps = forms.CharField(required=False, max_length=2000)
    reached = forms.CharField(required=False, max_length=2000)
    tap = forms.CharField(required=False, max_length=40)

    def __init__(self, data=None, *, board, correcting=None, start=None, **kwargs) -> None:
        """`correcting`: the PlayedRound to correct; left out, the form enters the next round."""
        self.board, self.correcting = board, correcting is not None
        self.round_number = correcting.row.number if correcting else board.next_number
        self.due_dealer = due_dealer(board, correcting)
        # Only the sheet draws `reached` (see the class).
        self.offline = data is not None and "reached" in data
        super().__init__(data, keyed=self.offline, **kwargs)
        self.start_refused = False
        self.drawn: tuple[list[str], RoundDraft] | None = None  # the table's draft, drawn
        if correcting and start is not None:
            self.correction = self.new_draft(self.start_from(start, correcting))
        elif correcting:
            self.correction = self.new_draft(taps_from_round(correcting.round, board.names))
        self.saving = False

    @property
    def draft(self) -> RoundDraft:
        """The round the form shows: the correction as tapped, or the table's draft as it is
        now, drawn when the page first shows it and again only once the table changed it."""
        if self.correcting:
            return self.correction
        taps = self.board.session.draft
        if self.drawn is None or self.drawn[0] != taps:
            self.drawn = (list(taps), self.new_draft(taps))
        return self.drawn[1]

    def start_from(self, text: str, correcting) -> list[str]:
        """The taps a correction starts from, read like any taps; the round as recorded when
        they cannot be read."""
        try:
            return parse_taps(text, len(self.board.names))
        except ValueError:
            self.start_refused = True
            return taps_from_round(correcting.round, self.board.names)

    def new_draft(self, taps: list[str]) -> RoundDraft:
        return self.board.draft_of(taps, self.due_dealer).usable()

    @property
    def buttons_key(self) -> str:
        """All that the buttons of the form depend on (the draft is made from these alone):
        they are rendered once for it and cached (session_round_form.html), since the next round's
        buttons after a save are those of the round before."""
        return self.shape_key(self.draft, self.correcting)

    def shape_key(self, draft: RoundDraft, *more) -> str:
        """All that a draft's buttons show depends on, and `more`."""
        return self.table_key(draft, draft.due_dealer, draft.taps, *more)

    def table_key(self, draft: RoundDraft, *more) -> str:
        """What the table is (who sits where, who left, its rules and money), and `more`."""
        table = [draft.names, draft.labels, repr(draft.settings), draft.away]
        return digest([*table, self.board.group.currency, *more])

    @cached_property
    def blank_draft(self) -> RoundDraft:
        """A round before its first tap: who left sits out."""
        return self.board.draft_of([])

    @property
    def sheet(self) -> dict:
        """Every button of the round on one sheet, for a phone whose network goes: the same
        for every round as long as the table is (offline_round.py)."""
        return sheet_buttons(self.blank_draft)

    @property
    def sheet_key(self) -> str:
        """The sheet is the same whoever deals: a phone holds one sheet while the table stays."""
        return self.table_key(self.blank_draft)

    @property
    def version_now(self) -> int:
        return self.board.session.version

    @property
    def draft_version_now(self) -> int:
        return self.board.session.draft_version

    @property
    def sent_number(self) -> int:
        return getattr(self, "cleaned_data", {}).get("number") or self.round_number

    @property
    def tapped(self) -> list[str]:
        """What this phone had tapped: the whole round it sent, or the draft it showed with the
        button it pressed."""
        data = getattr(self, "cleaned_data", {})
        if data.get("taps"):
            return data["taps"]
        return next_taps(data.get("shown") or [], data.get("tap") or "")

    @property
    def sent(self) -> SavedRound | Tap | OfflineRound | None:
        """What a valid form of the round being entered sent: a save, a tap, no button, or a
        round entered offline."""
        data = self.cleaned_data
        if self.offline:
            taps, reached, started_from = data["taps"], data["reached"], data["draft_version"]
            number, key = data["number"], data["once"]
            return OfflineRound(key, number, taps, reached, started_from, save=self.saving)
        if self.saving:
            return SavedRound(data["number"], data["draft_version"], data["taps"])
        return Tap(data["number"], data["draft_version"], data["tap"]) if data["tap"] else None

    def clean_taps(self) -> list[str]:
        return self.read_taps(self.cleaned_data["taps"])

    def clean_reached(self) -> list[str]:
        return self.read_taps(self.cleaned_data["reached"])

    def read_taps(self, text: str) -> list[str]:
        try:
            taps = parse_taps(text, len(self.board.names))
        except ValueError as error:
            raise forms.ValidationError(
                _("The round could not be read; start it again.")
            ) from error
        # A round sent whole online is refused tap by tap; one entered offline, as a whole.
        if self.offline and len(taps) > MOST_TAPS:
            raise forms.ValidationError(
                _("This round has too many taps; undo some, or start it again.")
            )
        return taps

    def clean_shown(self) -> list[str]:
        """Only ever shown back to this phone, so a draft it cannot read is no draft."""
        try:
            return parse_taps(self.cleaned_data["shown"], len(self.board.names))
        except ValueError:
            return []

    def clean_tap(self) -> str:
        tap = self.cleaned_data["tap"]
        actions = ("", "undo", "save") if self.correcting else ("", "undo", "restart", "save")
        if tap not in actions and not is_tap(tap):
            raise forms.ValidationError(_("That button is not known here."))
        self.saving = tap == "save"
        return tap

    def clean(self):
        data = super().clean()
        assert data is not None
        if not self.correcting or "taps" not in data or "tap" not in data:
            return data
        self.correction = self.new_draft(data["taps"])
        refusal = self.correction.refusal(data["tap"]) if is_tap(data["tap"]) else None
        if refusal:
            raise forms.ValidationError(refusal)
        self.correction = self.new_draft(next_taps(data["taps"], data["tap"]))
        if self.saving:
            if self.correction.missing:
                raise forms.ValidationError(self.correction.missing)
            data["round"] = self.correction.to_round()
        return data


def due_dealer(board, correcting) -> str | None:
    """Who was due to deal the round corrected: the winner of the round before it (seat 1 for
    the first). None for the next round, which the board's draft deals as the table stands."""
    if correcting is None:
        return None
    number = correcting.row.number
    if number == 1:
        return board.names[0]
    before = board.session.rounds.get(number=number - 1)
    return board.played(before).result.winner


class JoinForm(forms.Form):
    """A player sits down at an open session: one of the group's players not at the table, or,
    for an owner (adding players is an owner's job), a new player by name."""

    player = forms.ChoiceField(required=False, label=_("Who joins"), widget=QuickSelect)
    new_name = forms.CharField(
        required=False, max_length=NAME_MAX, label=_("…or a new player"), widget=QuickText
    )

    def __init__(self, *args, board, group_players, can_add_players: bool, **kwargs):
        super().__init__(*args, **kwargs)
        seated = {seat.player_id for seat in board.seats}
        self.free = {str(p.pk): p for p in by_name(group_players) if p.pk not in seated}
        # The ChoiceField declared above; the stubs type every field of the form as a Field.
        self.fields["player"].choices = [("", "—")] + [(pk, p.name) for pk, p in self.free.items()]  # type: ignore[attr-defined]
        if not can_add_players:
            del self.fields["new_name"]

    def clean_new_name(self) -> str:
        name = self.cleaned_data["new_name"].strip()
        problem = name_problem(name) if name else None
        if problem:
            raise forms.ValidationError(problem)
        return name

    def clean(self):
        data = super().clean()
        assert data is not None
        picked, name = data.get("player"), data.get("new_name", "")
        if bool(picked) == bool(name):
            raise forms.ValidationError(_("Choose a player of the group, or write a new name."))
        data["player"] = self.free[picked] if picked else None
        return data
