"""What a phone is told after it sent a hand's bids or tricks (core/notices.py): what
it saved, or, when another entry of that hand came first, whose it is (this phone's own or
another phone's), what it saved and what this one had entered."""

from urllib.parse import urlencode

from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.changes import changes_of, line_of
from core.notices import CAME_FIRST, Notice, made_here, sameness, whose
from tracker.cutthroat import rules as cutthroat
from tracker.cutthroat.board import Scoreboard, by_seat, jacks_by_seat, stored_result
from tracker.cutthroat.display import describe_entry, just_won, score_in_parts, short_bid, signed


def bids_saved(board: Scoreboard, bids: dict) -> str:
    """The message after bids are saved: "Bids of game 1 · hand 3: Bình 4 · Chi Nil · …"."""
    names = [
        board.names[seat]
        for seat in cutthroat.bidding_order(len(board.names), board.hands_played + 1)
    ]
    bids_in_words = " · ".join(f"{name} {short_bid(bids[name])}" for name in names)
    game, hand = board.next_hand()
    values = {"game": game, "hand": hand, "bids": bids_in_words}
    return _("Bids of game %(game)s · hand %(hand)s saved: %(bids)s.") % values


def score_in_words(name: str, hand: cutthroat.HandResult, parts: list[str]) -> str:
    """A player's score in a hand and what made it: "An -80 (1/9 made +10, 8 bags, …)"."""
    bid = hand.hand.bids[name]
    took = f"{short_bid(bid)}/{hand.hand.tricks[name]}"
    return f"{name} {signed(hand.score[name])} ({took} {', '.join(parts)})"


def hand_saved(board: Scoreboard, hand) -> str:
    """The message after a hand is played: each score and what made it, and the winner when
    it won the game."""
    scored = board.scored(hand)
    parts = score_in_parts(board, scored)
    scores = " · ".join(score_in_words(name, scored, parts[name]) for name in board.names)
    values = {"game": scored.game, "hand": scored.number, "scores": scores}
    if (won := just_won(board)) is not None:
        values.update(winner=won.winner, won=won.number)
        return (
            _("Game %(game)s · hand %(hand)s saved: %(scores)s. %(winner)s wins game %(won)s.")
            % values
        )
    return _("Game %(game)s · hand %(hand)s saved: %(scores)s.") % values


def in_game(board: Scoreboard, number: int) -> tuple[int, int] | None:
    """Hand `number` (across the tournament) as the table counts it: (game, hand in the game);
    None when it is neither pending nor played."""
    if board.pending is not None and board.pending.number == number:
        return board.next_hand()
    row = board.tournament.hands.filter(number=number, tricks__isnull=False).first()
    if row is None or not row.result:
        return None
    return row.result["game"], row.result["number"]


SAVED_FIRST = {
    "bids": gettext_lazy("%(phone)s saved the bids of hand %(hand)s of game %(game)s: %(entry)s."),
    "played": gettext_lazy("%(phone)s saved hand %(hand)s of game %(game)s: %(entry)s."),
    "correction": gettext_lazy("%(phone)s corrected hand %(hand)s of game %(game)s: %(entry)s."),
}


def saved_first(board: Scoreboard, change, own: bool = False) -> str:
    """The latest change, as a phone that came second reads it: "bob's phone saved hand 7 of
    game 2: An 4/5, Bình Nil/0, Chi 3/8" (`own`: "This phone saved …")."""
    if change is None:
        return _("Another phone saved first.")
    who = whose(change, own)
    sentence = SAVED_FIRST.get(change.action)
    hand = in_game(board, change.number) if sentence and change.number else None
    if sentence is None or hand is None:
        return _("%(phone)s: %(summary)s.") % {"phone": who, "summary": line_of(change)}
    entry = describe_entry(change.after, board.names)
    return sentence % {"phone": who, "game": hand[0], "hand": hand[1], "entry": entry}


def you_entered(board: Scoreboard, typed: dict, row) -> str:
    """What a refused phone had entered (`typed`, by seat), against `row`, the hand of that
    number now: its bids, its tricks and jacks, or both; tricks entered on bids saved before
    with the bids its page showed when they are `row`'s."""
    names, tricks, bids = board.names, typed.get("tricks"), typed.get("bids")
    if tricks is None:
        entry = describe_entry({"bids": bids}, names)
        return _("You entered the bids %(entry)s") % {"entry": entry}
    if bids is None and row is not None and typed.get("hand") in (None, row.pk):
        bids = row.bids
    if bids is not None:
        entry = describe_entry({**typed, "bids": bids}, names)
        return _("You entered: %(entry)s") % {"entry": entry}
    # The bids its page showed are gone: the tricks alone, written where a bid would be.
    entry = describe_entry({**typed, "bids": tricks, "tricks": None}, names)
    return _("You entered the tricks %(entry)s") % {"entry": entry}


def _bid_and_tricks(bid, took) -> str:
    said = str(short_bid(bid)) if bid is not None else "—"
    return said + (f"/{took}" if took is not None else "")


def hand_differences(board: Scoreboard, typed: dict, row) -> list[dict]:
    """What this phone entered (`typed`, by seat) differently from `row`, the hand of that
    number now, player by player and jack by jack: each a {"what", "theirs", "mine"}."""
    if row is None:
        return []
    mine_bids = typed.get("bids") or row.bids
    theirs_tricks, mine_tricks = row.tricks or [None] * len(board.names), typed.get("tricks")
    mine_tricks = mine_tricks or [None] * len(board.names)
    rows = []
    for seat, name in enumerate(board.names):
        theirs = _bid_and_tricks(row.bids[seat], theirs_tricks[seat])
        mine = _bid_and_tricks(mine_bids[seat], mine_tricks[seat])
        if theirs != mine:
            rows.append({"what": name, "theirs": theirs, "mine": mine})
    if "jacks" not in typed or row.tricks is None:
        return rows
    for card in cutthroat.AWARD_JACKS:
        their_seat, my_seat = (row.jacks or {}).get(card), typed["jacks"].get(card)
        if their_seat != my_seat:
            seats = (their_seat, my_seat)
            caught = [board.names[seat] if seat is not None else "—" for seat in seats]
            rows.append(
                {"what": cutthroat.JACK_NAMES[card], "theirs": caught[0], "mine": caught[1]}
            )
    return rows


def came_first(board: Scoreboard, typed: dict, user, idempotency_key: str | None) -> Notice:
    """Another entry of the hand this phone entered (`typed`, see `typed_entry`) came first:
    the latest change, whose it is, what this phone entered and what differs, and, when that
    hand is played and differs from it, a link to correct it filled in with this entry. Sent
    by `user` with `idempotency_key`, which tell whether the latest change is this phone's."""
    tournament = board.tournament
    change = changes_of(tournament).select_related("user").first()
    own = made_here(change, user, idempotency_key)
    row = tournament.hands.filter(number=typed["number"]).first()
    values = correction_values(typed, row) if row is not None and row.is_played else None
    if values == {}:
        return Notice(CAME_FIRST, recorded_the_same(row, change, own), same=True, own=own)
    notice = Notice(CAME_FIRST, saved_first(board, change, own), own=own)
    notice.mine = you_entered(board, typed, row)
    notice.differences = hand_differences(board, typed, row)
    if row is not None and values:
        edit = reverse("hand_edit", args=[tournament.group_id, tournament.pk, row.number])
        hand = stored_result(row)["number"]
        label = _("Correct hand %(hand)s with what you entered") % {"hand": hand}
        notice.correct = {"url": f"{edit}?{urlencode(values)}", "label": label}
    return notice


SAME = {
    "another": gettext_lazy(
        "Game %(game)s · hand %(hand)s was recorded on another phone, just as this one had it."
    ),
    "correction": gettext_lazy(
        "Game %(game)s · hand %(hand)s was corrected on this phone, to just what it had."
    ),
    "own": gettext_lazy(
        "Game %(game)s · hand %(hand)s was already recorded from this phone, just as it had it."
    ),
}


def recorded_the_same(row, change, own: bool) -> str:
    """The hand `row` is recorded just as this phone entered it: by another phone, or by this
    one (its own tap sent again after its answer was lost, or its correction)."""
    where = {"game": row.result["game"], "hand": row.result["number"]}
    return SAME[sameness(change, own)] % where


def typed_entry(data: dict, names: list[str]) -> dict:
    """What a phone entered (a valid form's data) by seat, as hands are stored, with the hand
    it was for: its number and, for tricks, the row whose bids its page showed. A hand kept
    offline has both its bids (unless they were saved online before) and its tricks."""
    typed = {"number": data["number"]}
    if data.get("bids") is not None:
        typed["bids"] = by_seat(data["bids"], names)
    if "tricks" in data:
        typed |= {"hand": data.get("hand"), "tricks": by_seat(data["tricks"], names)}
        typed["jacks"] = jacks_by_seat(data["jacks"], names)
    return typed


def correction_values(typed: dict, hand) -> dict:
    """The correction's fields filled in with what a phone entered for the played `hand`;
    none when it entered what was saved."""
    same, values = True, {}
    if "bids" in typed:
        same = typed["bids"] == hand.bids
        values = {f"bid_{seat}": bid for seat, bid in enumerate(typed["bids"])}
    if "tricks" in typed:
        same = same and typed["tricks"] == hand.tricks and typed["jacks"] == (hand.jacks or {})
        values |= {f"tricks_{seat}": took for seat, took in enumerate(typed["tricks"])}
        values |= {f"jack_{card}": seat for card, seat in typed["jacks"].items()}
    return {} if same else values
