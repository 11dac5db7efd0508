"""Cắt Tê sessions: start, record, correct, undo, close, reopen, import and export.

This is the one gate for every change to a session: it checks the change against the rules
(RulesError), against what another phone saved first (AlreadyRecorded, StalePage), records it
with an entry in the session's history, keeps the computed state with the new version, and has
the ledger follow (`money.after_change`). The round being tapped in is the table's draft
(`table_draft`, its own version, no money): saving or closing empties it in the same
transaction (DraftMoved when another phone changed it since the page showed it). A closed
session can be reopened, unless a later session has taken over its carried side pot. A new
round is played on from the kept state; a correction or an undo replays the session once.

A carried side pot: when a session that settles its side pot by "carry" is closed, its open
shares stay on the players' share accounts. The next session started in the group takes them
as its `side_pot_in` (a "carried into" entry in the old session's history marks them taken).
Players of the carried pot who do not sit in the new session get their share back at once.
"""

from decimal import Decimal

from django.db import IntegrityError, transaction
from django.utils import timezone

from tracker.catte import money
from tracker.catte.board import SessionBoard, keep_results, load, replay
from tracker.catte.entries import describe_round, entry_by_seat
from tracker.common.money import check_in_currency
from tracker.common.seats import match_players
from tracker.common.versioning import AlreadyRecorded, StalePage, save_state, touch_group
from tracker.models import Change, Round, Session, SessionSeat
from tracker.rules import RulesError, catte

CARRIED_INTO = "carried_into"


class DraftMoved(StalePage):
    """Another phone changed the round being entered since this page showed it; nothing was
    written (the session's `draft_note` says what that phone did)."""


def phone_of(user) -> str:
    return f"{user.get_username()}'s phone" if user else "Another phone"


def _drop_draft(session: Session, expected: int | None, note: str) -> None:
    """Empty the round being tapped in, as the page showed it (`expected`; None: as loaded)."""
    if expected is None and not session.draft:
        return
    if not session.swap_draft(session.draft_version if expected is None else expected, [], note):
        raise DraftMoved("The round being entered changed on another phone; here it is.")


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


def _keep(board: SessionBoard, expected: int, **fields) -> None:
    save_state(board.session, board.state.snapshot(), expected, **fields)


def record_round(
    board: SessionBoard, round_: catte.Round, user, number=None, draft_version=None
) -> SessionBoard:
    """Save round `number` (the round the page was entering; the next one if left out) and
    empty the round being tapped in: `draft_version` is the version of it the page saved."""
    number = board.next_number if number is None else number
    check_next_number(board, number)
    loaded_at = board.session.version
    result = board.state.play(board.settings, round_)
    try:
        with transaction.atomic():
            _drop_draft(board.session, draft_version, f"{phone_of(user)} saved round {number}.")
            row = Round.objects.create(
                session=board.session,
                number=number,
                entry=entry_by_seat(round_, board.names),
                result=catte.round_result_snapshot(result, board.names),
                entered_by=user,
            )
            _keep(board, loaded_at, round_count=number)
            Change.objects.create(
                session=board.session,
                number=number,
                action=Change.Action.ROUND,
                after=row.entry,
                user=user,
                summary=f"Round {number}: {describe_round(round_)}",
            )
            money.after_change(board, [result], number, user, new=True)
    except IntegrityError as error:
        raise AlreadyRecorded(f"Round {number} is already recorded.") from error
    return board


def _replayed(board: SessionBoard, rows: list[Round]) -> None:
    board.state, results = replay(board.session, board.names, board.settings, rows)
    keep_results(rows, results, board.names)
    return results


def correct_round(
    board: SessionBoard, number: int, version: int, round_: catte.Round, user
) -> SessionBoard:
    """Replace round `number`; every later round is rescored and the ledger follows."""
    _refuse_if_closed(board)
    rows = list(board.session.rounds.all())
    if not 1 <= number <= len(rows):
        raise RulesError(f"round {number}: there is no such round")
    row = rows[number - 1]
    entry = entry_by_seat(round_, board.names)
    if same_entry(row.entry, entry):
        return board  # a page sent again unchanged: nothing to record, the version stays
    before, row.entry = row.entry, entry
    with transaction.atomic():
        results = _replayed(board, rows)
        row.save(update_fields=["entry"])
        _keep(board, version)
        Change.objects.create(
            session=board.session,
            number=number,
            action=Change.Action.CORRECTION,
            before=before,
            after=row.entry,
            user=user,
            summary=f"Round {number} corrected: {describe_round(round_)}",
        )
        money.after_change(board, results[number - 1 :], number, user)
    return board


def same_entry(recorded: dict, entry: dict) -> bool:
    """The same round: who sat out, folded or claimed falsely in any order."""
    unordered = ("absent", "folds", "false_claims")
    as_set = lambda e: {k: sorted(v) if k in unordered else v for k, v in e.items() if v}  # noqa: E731
    return as_set(recorded) == as_set(entry)


def undo_last(board: SessionBoard, version: int, user, once=None) -> SessionBoard:
    _refuse_if_closed(board)
    rows = list(board.session.rounds.all())
    if not rows:
        raise RulesError("There is no round to undo.")
    last = rows.pop()
    with transaction.atomic():
        _replayed(board, rows)
        _keep(board, version, round_count=len(rows))
        Change.objects.create(
            session=board.session,
            number=last.number,
            action=Change.Action.UNDO,
            before=last.entry,
            user=user,
            summary=f"Round {last.number} undone",
            once=once,
        )
        last.delete()
        money.after_change(board, [], last.number, user)
    return board


def close(board: SessionBoard, version: int, user, once=None, draft_version=None) -> SessionBoard:
    """Close the session: the side pot is refunded, or carried to the group's next session. A
    round being tapped in is dropped, as the page showed it (`draft_version`)."""
    _refuse_if_closed(board)
    session = board.session
    with transaction.atomic():
        if session.draft:
            _drop_draft(session, draft_version, f"{phone_of(user)} closed the session.")
        session.closed_at = timezone.now()
        _keep(board, version, closed_at=session.closed_at)
        settled = board.at_close
        pot = sum(board.state.open_shares.values(), Decimal(0))
        rounds, fate = board.rounds_played, ""
        if board.settings.has_side_pot or pot:
            carried = board.settings.side_pot_at_end == "carry"
            fate = f"; side pot {catte.format_money(pot)} " + (
                "carried to the next session" if carried else "refunded"
            )
        Change.objects.create(
            session=session,
            action=Change.Action.CLOSE,
            after={
                "totals": {n: catte.format_money(a) for n, a in settled.totals.items()},
                "side_pot": catte.format_money(settled.side_pot),
            },
            user=user,
            summary=f"Session closed after {rounds} round{'' if rounds == 1 else 's'}{fate}",
            once=once,
        )
        money.after_change(board, [], board.next_number, user)
    return board


def reopen_refusal(session: Session) -> str | None:
    """Why a closed session cannot be opened again, if it cannot."""
    if not session.is_closed:
        return "This session is open."
    if session.changes.filter(after__has_key=CARRIED_INTO).exists():
        return (
            "A later session has taken over this session's side pot, so it can no longer be "
            "reopened; correct the later session instead."
        )
    return None


def reopen(board: SessionBoard, version: int, user, once=None) -> SessionBoard:
    """Open a closed session again: its side-pot refund is reversed (a carried pot waits in it
    again) until it is closed once more."""
    session = board.session
    with transaction.atomic():
        refusal = reopen_refusal(session)
        if refusal:
            raise RulesError(refusal)
        closed_at, session.closed_at = session.closed_at, None
        _keep(board, version, closed_at=None)
        Change.objects.create(
            session=session,
            action=Change.Action.REOPEN,
            before={"closed_at": closed_at.isoformat()},
            user=user,
            summary="Session reopened",
            once=once,
        )
        money.after_change(board, [], board.next_number, user)
    return board


def catch_up(session: Session, user=None, rows: list[Round] | None = None) -> SessionBoard:
    """Replay a session whose rounds were written in bulk (an import), keep what the rules
    computed, and have the ledger follow."""
    board = load(session)
    rows = list(session.rounds.all()) if rows is None else rows
    results = _replayed(board, rows)
    _keep(board, session.version, round_count=len(rows))
    money.after_change(board, results, 1, user)
    return board


def export_game(session: Session) -> dict:
    board = load(session)
    rows = list(session.rounds.all())
    played = [board.played(row).round for row in rows]
    return catte.log_from(board.names, board.settings, played, board.side_pot_in or None)


def carried_side_pots(group) -> list[tuple[Session, dict]]:
    """Closed sessions whose side pot waits for the next session: (session, {Player: share})."""
    waiting = (
        group.sessions.filter(closed_at__isnull=False, rules__side_pot_at_end="carry")
        .exclude(changes__after__has_key=CARRIED_INTO)
        .order_by("closed_at", "pk")
    )
    pots = []
    for session in waiting:
        board = load(session)
        shares = {
            player: board.state.open_shares[name]
            for name, player in board.players.items()
            if board.state.open_shares[name]
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
        money.refund_carried_shares(group, session, refunds, user)
    return side_pot_in


def start(group, players: list, rules: dict, user, name: str = "", side_pot_in=None) -> Session:
    """A new session; `players` in seat order, the first dealer first.

    `side_pot_in` ({name: Decimal}) is given by an imported log: those shares are brought in
    from outside the app (the players pay them into the side pot now). Left out, the session
    takes over the group's carried side pot, if any.
    """
    settings = catte.settings_from_rules(rules)
    names = [player.name for player in players]
    catte.SessionState(names, side_pot_in)  # refuses a bad table before anything is written
    check_in_currency(
        group,
        {
            "stake": settings.stake,
            "side_pot_stake": settings.side_pot_stake,
            "false_claim_penalty": settings.false_claim_penalty,
            **{f"side_pot_in: {name}": amount for name, amount in (side_pot_in or {}).items()},
        },
    )
    with transaction.atomic():
        session = Session.objects.create(
            group=group, name=name, rules=catte.rules_from_settings(settings), created_by=user
        )
        SessionSeat.objects.bulk_create(
            SessionSeat(session=session, player=player, seat=seat)
            for seat, player in enumerate(players)
        )
        touch_group(group.pk)
        if side_pot_in is None:
            by_seat = _take_carried_side_pots(group, session, players, user)
        else:
            by_seat = {names.index(name): amount for name, amount in side_pot_in.items() if amount}
            brought_in = {players[seat]: amount for seat, amount in by_seat.items()}
            if brought_in:
                money.bring_in_side_pot(group, session, brought_in, user)
        session.side_pot_in = {
            str(seat): catte.format_money(amount) for seat, amount in sorted(by_seat.items())
        }
        state = catte.SessionState(names, {names[s]: a for s, a in by_seat.items()})
        session.state, session.state_version = state.snapshot(), session.version
        session.save(update_fields=["side_pot_in", "state", "state_version"])
    return session


def import_log(
    group, doc: dict, user, create_missing: bool = False, closed: bool = True
) -> Session:
    """A new session from a "catte-log/1" document; a bad log creates nothing.

    A log is the record of a whole session, as `replay` reads it: the session is closed, so its
    side pot is refunded or carried by the log's `side_pot_at_end`. A log's `side_pot_in` takes
    over the group's carried side pot when it is exactly that pot; otherwise the players pay
    those shares into the side pot as the session is imported. A backup of a session still
    being played is imported with `closed=False`.
    """
    names, settings, rounds, side_pot_in = catte.parse_log(doc)  # every round checked first
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
        rows = Round.objects.bulk_create(
            Round(
                session=session, number=number, entry=entry_by_seat(round_, names), entered_by=user
            )
            for number, round_ in enumerate(rounds, start=1)
        )
        board = catch_up(session, user, rows)
        Change.objects.create(
            session=session,
            action=Change.Action.IMPORT,
            after=doc,
            user=user,
            summary=f"Imported {len(rounds)} rounds",
        )
        if closed:
            close(board, session.version, user)
    return session
