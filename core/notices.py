"""What a phone is told after it sent an entry, whatever the game and however it was sent (a tap
on the page, a form without JavaScript, the outbox of a phone that was offline): one notice,
drawn by one template (templates/tracker/_notice.html) and answered to the outbox in JSON
(`core.web.views.tell`).

A notice is of one kind: the entry was saved (SAVED), or, for a round sent from a phone's
outbox, made the table's draft to finish there (DRAFTED); it waits on the phone for something
else first (WAITS); it was refused with why (REFUSED); or another entry came first (CAME_FIRST):
then the notice says whose it is, this phone's own (its earlier tap or correction, or the same
entry sent again after its answer was lost) or another phone's, what each entry is, what
differs, and how to put this phone's entry in place.
"""

from dataclasses import dataclass, field

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from basics.errors import RulesError
from core.changes import line_of, phone_of
from core.idempotency import AlreadyDone
from core.models import Change
from core.versioning import AlreadyRecorded, RestoreRunning, StalePage

SAVED, DRAFTED, WAITS, REFUSED, CAME_FIRST = "saved", "drafted", "waits", "refused", "came first"
TONES = {SAVED: "success", DRAFTED: "success", WAITS: "warning", REFUSED: "error"}
TONES[CAME_FIRST] = "warning"


@dataclass
class Notice:
    kind: str
    text: str  # what happened, in a sentence (a refusal's may hold a link)
    tone: str = ""  # the message's colour: success, info, warning or error; the kind's if left out
    mine: str = ""  # this phone's entry in words, as the game says it ("You entered: …")
    theirs: str = ""  # the other entry in words, where `text` does not say it
    same: bool = False  # this phone's entry is the one that came first
    differences: list[dict] = field(default_factory=list)  # part by part: what, theirs, mine
    correct: dict | None = None  # a link putting this phone's entry in place: url, label
    retry: dict | None = None  # or the fields that send it again in place of the other's
    own: bool = False  # the entry that came first is this phone's own
    card: str = ""  # the entry that came first, as the game's page draws it (HTML)
    place: str = ""  # where the page shows it, when not above the entry ("seating", "form")

    def __post_init__(self):
        self.tone = self.tone or TONES[self.kind]

    @property
    def choice(self) -> bool:
        """This phone's entry is not the one that came first: the scorer chooses."""
        return self.kind == CAME_FIRST and not self.same

    @property
    def carried(self) -> bool:
        """Said in words alone, beside nothing this phone sent: a form sent without JavaScript
        is redirected to the game's page, which tells it there (POST/redirect/GET)."""
        return self.kind in (SAVED, DRAFTED) or (self.kind == REFUSED and not self.place)

    def as_json(self) -> tuple[dict, int]:
        """What the outbox is answered (static/js/outbox_send.js) and its status, but for the
        rendered note of a choice, which `core.web.views.tell` adds as "conflict"."""
        said: dict[str, object]
        if self.kind in (SAVED, DRAFTED) or (self.kind == CAME_FIRST and self.same):
            said = {"drafted" if self.kind == DRAFTED else "recorded": str(self.text)}
            warns = self.kind != CAME_FIRST and self.tone == "warning"
            return said | ({"tone": self.tone} if warns else {}), 200
        if self.kind == WAITS:
            return {"waits": str(self.text)}, 409
        if self.kind == REFUSED:
            return {"refused": str(self.text)}, 400
        said = {"recheck": self.correct is not None, "own": self.own}
        return said | ({"retry": self.retry} if self.retry else {}), 409


def made_here(change, user, idempotency_key: str | None) -> bool:
    """Whether `change` came from the phone that sent an entry with `idempotency_key` as `user`:
    the same entry sent again (its key), or an earlier tap or a correction of its own (its
    user). Read from the history, so any server answers the same."""
    if change is None:
        return False
    if idempotency_key and change.idempotency_key == idempotency_key:
        return True
    return change.user_id is not None and change.user_id == getattr(user, "pk", None)


def sameness(change, own: bool) -> str:
    """Whose the entry found recorded just as a phone had it is, as the games' sentences key
    it: "another" phone's, this phone's "correction", or this phone's "own" earlier save."""
    if not own:
        return "another"
    return "correction" if change.action == Change.Action.CORRECTION else "own"


def whose(change, own: bool) -> str:
    """Who made `change`, as the sentences saying what came first name it: "This phone" or
    "bob's phone"."""
    return phone_named(change.user if change else None, own)


def phone_named(user, own: bool) -> str:
    """The phone `user` made something on: "This phone" to himself (`own`), else "bob's
    phone"."""
    return _("This phone") if own else phone_of(user)


def repeated(first) -> Notice:
    """The same entry came again (a double tap, the outbox sending again what the server
    recorded when its answer was lost): what the first one recorded, from this phone."""
    said = _("Already recorded from this phone (%(change)s).") % {"change": line_of(first)}
    return Notice(SAVED, said, own=True)


def from_message(message) -> Notice:
    """A notice carried across a redirect as a Django message (a form sent without
    JavaScript): its words, its tone, and where the page shows it (its tags)."""
    kind = REFUSED if message.level_tag in ("error", "warning") else SAVED
    tags = (message.extra_tags or "").split()
    place = next((tag for tag in ("seating", "form") if tag in tags), "")
    return Notice(kind, message.message, tone=message.level_tag, place=place)


# A round found recorded just as a phone sent it, by whom (the games that play rounds).
ROUND_FOUND_SAME = {
    "another": gettext_lazy(
        "Round %(number)s was recorded on another phone, just as this one had it."
    ),
    "correction": gettext_lazy(
        "Round %(number)s was corrected on this phone, to just what it had."
    ),
    "own": gettext_lazy(
        "Round %(number)s was already recorded from this phone, just as it had it."
    ),
}


def form_errors(form) -> list[str]:
    return [str(error) for errors in form.errors.values() for error in errors]


def what_became_of(form, board, save, came_first, load) -> tuple:
    """What became of an entry sent with `form`, whatever the game: its notice, and the board
    the page is drawn from after it. `save(data)` records it and says so; the same entry sent
    again is told what the first one did; it waits on the phone while a restore runs; a refusal
    stays on the form, which keeps what was entered; when another entry came first (or the
    page was behind), `came_first(board, data, refusal)` tells it from the game read again
    (`load`), `refusal` being what stopped this one."""
    if not form.is_valid():
        return Notice(REFUSED, " ".join(form_errors(form)), place="form"), board
    data = form.cleaned_data
    try:
        return save(data), board
    except AlreadyDone as repeat:
        return repeated(repeat.first), load(board.game)
    except RestoreRunning as refusal:  # the outbox keeps it until the restore has ended
        form.add_error(None, str(refusal))
        return Notice(WAITS, refusal.text, place="form"), board
    except RulesError as refusal:
        form.add_error(None, str(refusal))
        return Notice(REFUSED, str(refusal), place="form"), board
    except (AlreadyRecorded, StalePage) as refusal:
        board.game.refresh_from_db()
        board = load(board.game)
        return came_first(board, data, refusal), board
