"""Cắt Tê sessions in the database: start, load, record, correct, undo, close, export, import.

Money is never stored with a session: every page replays the rounds through
``tracker.rules.catte``, and ``ledger.catte.sync_session`` posts what that replay says.
Rounds are kept by seat number (``Round.entry``) so that renaming a player never rewrites history.

A carried side pot: when a session that settles its side pot by "carry" is closed, its open
shares wait in the group's side-pot account. The next session started in the group takes them
as its ``side_pot_in`` (a "carried into" entry in the old session's history marks them taken).
Players of the carried pot who do not sit in the new session get their open share back at once
(a side-pot refund in the ledger), so the new session's pot only holds shares of its own players.
"""

from dataclasses import dataclass
from decimal import Decimal
from functools import cached_property

from django.db import IntegrityError, transaction
from django.utils import timezone

from tracker.catte import money as ledger_catte
from tracker.common.seats import match_players, seats_of
from tracker.common.versioning import AlreadyRecorded, StalePage, bump_version
from tracker.models import Change, Round, Session, SessionSeat
from tracker.rules import RulesError, catte

PLAYER_LISTS = ("tricks", "absent", "folds", "false_claims")
CARRIED_INTO = "carried_into"


@dataclass
class SessionBoard:
    session: Session
    seats: list  # SessionSeat rows in seat order
    names: list[str]
    settings: catte.Settings
    rounds: list[Round]  # the recorded rounds, in order
    side_pot_in: dict[str, Decimal]
    result: catte.SessionResult

    @property
    def group(self):
        return self.session.group

    @cached_property
    def played(self) -> list[catte.Round]:
        """The rounds as the rules engine reads them (a list to copy, not to change)."""
        return [rules_round(row.entry, self.names) for row in self.rounds]

    @property
    def next_number(self) -> int:
        return len(self.rounds) + 1

    @property
    def is_closed(self) -> bool:
        return self.session.is_closed


def _renamed(entry: dict, rename) -> dict:
    """A round object with every player passed through `rename` (seat → name or name → seat)."""
    renamed = {}
    for key, value in entry.items():
        if key in PLAYER_LISTS:
            renamed[key] = [rename(player) for player in value]
        elif key == "auto_win":
            renamed[key] = {"player": rename(value["player"]), "hand": value["hand"]}
        elif key == "ace_withheld_by":
            renamed[key] = None if value is None else rename(value)
        elif key == "side_pot":
            claimant = value.get("claimed_by")
            renamed[key] = {
                "upturned": value.get("upturned"),
                "claimed_by": None if claimant is None else rename(claimant),
            }
        else:
            renamed[key] = value
    return renamed


def entry_by_seat(round_: catte.Round, names: list[str]) -> dict:
    return _renamed(catte.round_entry(round_), names.index)


def rules_round(entry: dict, names: list[str]) -> catte.Round:
    """The rules engine's round for a stored entry (players by seat)."""
    named = _renamed(entry, names.__getitem__)
    auto_win, side_pot = named.get("auto_win"), named.get("side_pot") or {}
    return catte.Round(
        tricks=list(named.get("tricks", [])),
        auto_win=(auto_win["player"], auto_win["hand"]) if auto_win else None,
        absent=list(named.get("absent", [])),
        folds=list(named.get("folds", [])),
        false_claims=list(named.get("false_claims", [])),
        ace_withheld_by=named.get("ace_withheld_by"),
        side_pot_upturned=side_pot.get("upturned"),
        side_pot_claimed_by=side_pot.get("claimed_by"),
    )


def describe_round(round_: catte.Round) -> str:
    """What was entered for a round, in a line a player reads: for lists and the history."""
    if round_.auto_win is not None:
        player, hand = round_.auto_win
        parts = [f"{player}: automatic win ({hand.replace('_', ' ')})"]
    else:
        parts = ["tricks " + ", ".join(round_.tricks)]
    for label, names in (
        ("sat out", round_.absent),
        ("folded", round_.folds),
        ("false claim", round_.false_claims),
    ):
        if names:
            parts.append(f"{label}: {', '.join(names)}")
    if round_.ace_withheld_by:
        parts.append(f"ace withheld by {round_.ace_withheld_by}")
    if round_.side_pot_upturned:
        card = catte.card_label(round_.side_pot_upturned)
        claimant = round_.side_pot_claimed_by
        parts.append(f"upturned {card}, " + (f"side pot to {claimant}" if claimant else "no claim"))
    return "; ".join(parts)


def load(session: Session) -> SessionBoard:
    """The session replayed from its rounds (seats and rounds may come prefetched)."""
    seats = seats_of(session)
    names = [seat.player.name for seat in seats]
    settings = catte.settings_from_rules(session.rules)
    rows = list(session.rounds.all())
    side_pot_in = {
        names[int(seat)]: Decimal(amount) for seat, amount in session.side_pot_in.items()
    }
    played = [rules_round(row.entry, names) for row in rows]
    result = catte.play_session(names, settings, played, side_pot_in, closed=session.is_closed)
    board = SessionBoard(session, seats, names, settings, rows, side_pot_in, result)
    board.__dict__["played"] = played  # fills the cached property
    return board


def _refresh(session: Session) -> SessionBoard:
    session.refresh_from_db()
    board = load(session)
    if session.round_count != len(board.rounds):
        Session.objects.filter(pk=session.pk).update(round_count=len(board.rounds))
        session.round_count = len(board.rounds)
    return board


def _refuse_if_closed(board: SessionBoard) -> None:
    if board.is_closed:
        raise RulesError("This session is closed; its rounds can no longer change.")


def check_next_number(board: SessionBoard, number: int) -> None:
    """Refuse a page that was entering round `number` when that is not the next round."""
    if number < board.next_number:
        raise AlreadyRecorded(f"Round {number} is already recorded.")
    _refuse_if_closed(board)
    if number > board.next_number:
        raise StalePage("This session was changed on another phone; here is the new state.")


def check_round(board: SessionBoard, number: int, round_: catte.Round) -> catte.SessionResult:
    """Replay the session with round `number` entered (a new one or a correction)."""
    rounds = list(board.played)
    if number <= len(rounds):
        rounds[number - 1] = round_
    else:
        rounds.append(round_)
    return catte.play_session(board.names, board.settings, rounds, board.side_pot_in, closed=False)


def record_round(
    board: SessionBoard, round_: catte.Round, user, number: int | None = None
) -> SessionBoard:
    """Save the next round. `number` is the round the page was entering, if it says so."""
    if number is not None:
        check_next_number(board, number)
    _refuse_if_closed(board)
    next_number = board.next_number
    check_round(board, next_number, round_)
    session = board.session
    try:
        with transaction.atomic():
            row = Round.objects.create(
                session=session,
                number=next_number,
                entry=entry_by_seat(round_, board.names),
                entered_by=user,
            )
            bump_version(session)
            Change.objects.create(
                session=session,
                number=next_number,
                action=Change.Action.ROUND,
                after=row.entry,
                user=user,
                summary=f"Round {next_number}: {describe_round(round_)}",
            )
            board = _refresh(session)
            ledger_catte.sync_session(board, user)
    except IntegrityError as error:
        raise AlreadyRecorded(f"Round {next_number} is already recorded.") from error
    return board


def correct_round(
    board: SessionBoard, number: int, version: int, round_: catte.Round, user
) -> SessionBoard:
    """Replace round `number`; every later round is rescored and the ledger follows."""
    _refuse_if_closed(board)
    if not 1 <= number <= len(board.rounds):
        raise RulesError(f"round {number}: there is no such round")
    check_round(board, number, round_)
    row = board.rounds[number - 1]
    before = row.entry
    with transaction.atomic():
        bump_version(board.session, expected=version)
        row.entry = entry_by_seat(round_, board.names)
        row.save(update_fields=["entry"])
        Change.objects.create(
            session=board.session,
            number=number,
            action=Change.Action.CORRECTION,
            before=before,
            after=row.entry,
            user=user,
            summary=f"Round {number} corrected: {describe_round(round_)}",
        )
        board = _refresh(board.session)
        ledger_catte.sync_session(board, user)
    return board


def undo_last(board: SessionBoard, version: int, user) -> SessionBoard:
    _refuse_if_closed(board)
    if not board.rounds:
        raise RulesError("There is no round to undo.")
    last = board.rounds[-1]
    with transaction.atomic():
        bump_version(board.session, expected=version)
        Change.objects.create(
            session=board.session,
            number=last.number,
            action=Change.Action.UNDO,
            before=last.entry,
            user=user,
            summary=f"Round {last.number} undone",
        )
        last.delete()
        board = _refresh(board.session)
        ledger_catte.sync_session(board, user)
    return board


def close(board: SessionBoard, version: int, user) -> SessionBoard:
    """Close the session: the side pot is refunded, or carried to the group's next session."""
    _refuse_if_closed(board)
    session = board.session
    with transaction.atomic():
        bump_version(session, expected=version)
        Session.objects.filter(pk=session.pk).update(closed_at=timezone.now())
        board = _refresh(session)
        result, money = board.result, catte.format_money
        pot = sum(result.open_side_pot_shares.values(), Decimal(0))
        if not board.settings.has_side_pot:
            fate = ""
        elif board.settings.side_pot_at_end == "refund":
            fate = f"; side pot {money(pot)} refunded"
        else:
            fate = f"; side pot {money(pot)} carried to the next session"
        Change.objects.create(
            session=session,
            action=Change.Action.CLOSE,
            after=catte.result_document(result),
            user=user,
            summary=f"Session closed after {len(board.rounds)} round"
            + ("" if len(board.rounds) == 1 else "s")
            + fate,
        )
        ledger_catte.sync_session(board, user)
    return board


def export_log(board: SessionBoard) -> dict:
    return catte.log_from(board.names, board.settings, board.played, board.side_pot_in or None)


def export_game(session: Session) -> dict:
    return export_log(load(session))


def carried_side_pots(group) -> list[tuple[Session, dict]]:
    """Closed sessions whose side pot waits for the next session: (session, {Player: share})."""
    waiting = (
        group.sessions.filter(closed_at__isnull=False, rules__side_pot_at_end="carry")
        .exclude(rules__side_pot_stake="0.00")
        .exclude(changes__after__has_key=CARRIED_INTO)
        .order_by("closed_at", "pk")
    )
    pots = []
    for session in waiting:
        board = load(session)
        shares = {
            seat.player: board.result.side_pot_shares[seat.player.name]
            for seat in board.seats
            if board.result.side_pot_shares[seat.player.name]
        }
        if shares:
            pots.append((session, shares))
    return pots


def carried_side_pot(group) -> dict:
    """{Player: open share} that a session started now would take over."""
    shares = {}
    for _, pot in carried_side_pots(group):
        for player, amount in pot.items():
            shares[player] = shares.get(player, Decimal(0)) + amount
    return shares


def _take_carried_side_pots(group, session: Session, players: list, user) -> dict[int, Decimal]:
    """The carried shares by seat of `session`; shares of players not in it are refunded."""
    seat_of = {player.pk: seat for seat, player in enumerate(players)}
    side_pot_in, refunds = {}, {}
    for source, shares in carried_side_pots(group):
        for player, amount in shares.items():
            if player.pk in seat_of:
                seat = seat_of[player.pk]
                side_pot_in[seat] = side_pot_in.get(seat, Decimal(0)) + amount
            else:
                refunds[player] = refunds.get(player, Decimal(0)) + amount
        Change.objects.create(
            session=source,
            action=Change.Action.CLOSE,
            after={
                CARRIED_INTO: session.pk,
                "shares": {p.name: catte.format_money(a) for p, a in shares.items()},
            },
            user=user,
            summary=f"Side pot carried into {session}",
        )
    if refunds:
        ledger_catte.refund_carried_shares(group, session, refunds, user)
    return side_pot_in


def start(group, players: list, rules: dict, user, name: str = "", side_pot_in=None) -> Session:
    """A new session; `players` in seat order, the first dealer first.

    `side_pot_in` ({name: Decimal}) is given by an imported log: those shares are brought in
    from outside the app (the players pay them into the side-pot account now). Left out, the
    session takes over the group's carried side pot, if any.
    """
    settings = catte.settings_from_rules(rules)
    names = [player.name for player in players]
    catte.play_session(names, settings, [], side_pot_in)
    with transaction.atomic():
        session = Session.objects.create(
            group=group, name=name, rules=catte.rules_from_settings(settings), created_by=user
        )
        SessionSeat.objects.bulk_create(
            SessionSeat(session=session, player=player, seat=seat)
            for seat, player in enumerate(players)
        )
        if side_pot_in is None:
            by_seat = _take_carried_side_pots(group, session, players, user)
        else:
            by_seat = {names.index(name): amount for name, amount in side_pot_in.items() if amount}
            brought_in = {players[seat]: amount for seat, amount in by_seat.items()}
            if brought_in:
                ledger_catte.bring_in_side_pot(group, session, brought_in, user)
        session.side_pot_in = {
            str(seat): catte.format_money(amount) for seat, amount in sorted(by_seat.items())
        }
        session.save(update_fields=["side_pot_in"])
    return session


def import_log(
    group, doc: dict, user, create_missing: bool = False, closed: bool = True
) -> Session:
    """A new, closed session from a "catte-log/1" document; a bad log creates nothing.

    A log is the record of a whole session, as `replay` reads it: the session is closed, so its
    side pot is refunded or carried by the log's `side_pot_at_end`. A log's `side_pot_in` takes
    over the group's carried side pot when it is exactly that pot; otherwise the players pay
    those shares into the side pot as the session is imported. A backup of a session still
    being played is imported with `closed=False`.
    """
    names, settings, rounds, side_pot_in = catte.parse_log(doc)
    with transaction.atomic():
        players = match_players(group, names, create_missing)
        shares = {players[names.index(name)].name: share for name, share in side_pot_in.items()}
        carried = {p.name: share for p, share in carried_side_pot(group).items() if share}
        takes_carried = bool(carried) and carried == {n: s for n, s in shares.items() if s}
        session = start(
            group,
            players,
            catte.rules_from_settings(settings),
            user,
            side_pot_in=None if takes_carried else shares,
        )
        Round.objects.bulk_create(
            Round(
                session=session,
                number=number,
                entry=entry_by_seat(round_, names),
                entered_by=user,
            )
            for number, round_ in enumerate(rounds, start=1)
        )
        Change.objects.create(
            session=session,
            action=Change.Action.IMPORT,
            after=doc,
            user=user,
            summary=f"Imported {len(rounds)} rounds",
        )
        board = _refresh(session)
        ledger_catte.sync_session(board, user)
        if closed:
            close(board, session.version, user)
    return session
