"""A side pot carried from one session of the group to the next.

When a session that settles its side pot by "carry" is closed, its open shares stay on the
players' share accounts, and the group holds them for its next session. A session started in
the app takes them all over (a "carried into" entry in the old session's history marks them
taken); players of that pot who do not sit in the new session get their share back at once.

An imported log names its own `side_pot_in`, and is matched player by player: a share the log
gives a player that the group holds for him, to the cent, is taken over (a "shares taken into"
entry in the old session's history names whose); every other share of the log is paid in by its
player as the log is imported, and the shares the log does not take over stay with the group.
Money is never counted twice: a taken share does not move, and one paid in is new money.
"""

from decimal import Decimal

from django.db.models import Q

from basics.phrases import Phrase
from core import games
from core.changes import changes_of
from core.models import Change, Player
from core.recording import Recorded, record
from core.stored_messages import Joined
from tracker.catte import changes, money
from tracker.catte import rules as catte
from tracker.catte.board import load
from tracker.catte.models import CatteSession

CARRIED_INTO = "carried_into"
SHARES_TAKEN_INTO = "shares_taken_into"


def taken_over(session: CatteSession) -> bool:
    """Whether a later session took over any of this session's carried side pot."""
    taken = Q(after__has_key=CARRIED_INTO) | Q(after__has_key=SHARES_TAKEN_INTO)
    return changes_of(session).filter(taken).exists()


def _session_changes():
    return Change.objects.filter(game_kind=games.kind_of(CatteSession).kind)


def carried_side_pots(group) -> list[tuple[CatteSession, dict[Player, Decimal]]]:
    """Closed sessions whose side pot waits for the next session: (session, {Player: share}),
    without the shares an imported log has taken over."""
    waiting = list(
        group.sessions.filter(closed_at__isnull=False, rules__side_pot_at_end="carry")
        .exclude(pk__in=_session_changes().filter(after__has_key=CARRIED_INTO).values("game_id"))
        .order_by("closed_at", "pk")
    )
    taken = _shares_taken(waiting)
    pots = []
    for session in waiting:
        board, gone = load(session), taken.get(session.pk, {})
        shares: dict[Player, Decimal] = {}
        for name, player in board.players.items():
            share = board.state.open_shares[name] - gone.get(player.pk, Decimal(0))
            if share:
                shares[player] = share
        if shares:
            pots.append((session, shares))
    return pots


def _shares_taken(sessions: list[CatteSession]) -> dict[int, dict[int, Decimal]]:
    """{session pk: {player pk: share}} taken over, player by player, by imported logs."""
    taken: dict[int, dict[int, Decimal]] = {}
    of_sessions = _session_changes().filter(game_id__in=[session.pk for session in sessions])
    for change in of_sessions.filter(after__has_key=SHARES_TAKEN_INTO):
        by_player = taken.setdefault(change.game_id, {})
        for pk, share in change.after["players"].items():
            by_player[int(pk)] = by_player.get(int(pk), Decimal(0)) + Decimal(share)
    return taken


def carried_side_pot(group) -> dict[Player, Decimal]:
    """{Player: open share} that a session started now would take over."""
    shares: dict[Player, Decimal] = {}
    for _source, pot in carried_side_pots(group):
        for player, amount in pot.items():
            shares[player] = shares.get(player, Decimal(0)) + amount
    return shares


def _mark_taken(
    source: CatteSession, session: CatteSession, shares: dict, whole: bool, user
) -> None:
    """In the history of the closed session `source`: its carried side pot (`whole`) or these
    players' shares of it were taken into `session`; it can no longer be reopened."""
    key = CARRIED_INTO if whole else SHARES_TAKEN_INTO
    if whole:
        summary = Phrase("Side pot carried into %(session)s", session=session.called)
    else:
        summary = Phrase(
            "Side-pot shares of %(names)s taken into %(session)s",
            names=Joined(", ", [player.name for player in shares]),
            session=session.called,
        )
    taken = {
        key: session.pk,
        "shares": {p.name: catte.format_money(a) for p, a in shares.items()},
        "players": {str(p.pk): catte.format_money(a) for p, a in shares.items()},
    }
    record(
        load(source),
        changes.Action.CARRIED,
        lambda: Recorded(summary, after=taken),
        version=source.version,
        user=user,
        when_closed=True,
    )


def take_carried_side_pots(group, session: CatteSession, players: list, user) -> dict[int, Decimal]:
    """The carried shares by seat of `session`; shares of players not in it are refunded."""
    seat_of = {player.pk: seat for seat, player in enumerate(players)}
    side_pot_in: dict[int, Decimal] = {}
    refunds: dict[Player, Decimal] = {}
    for source, shares in carried_side_pots(group):
        for player, amount in shares.items():
            if player.pk in seat_of:
                seat = seat_of[player.pk]
                side_pot_in[seat] = side_pot_in.get(seat, Decimal(0)) + amount
            else:
                refunds[player] = refunds.get(player, Decimal(0)) + amount
        _mark_taken(source, session, shares, True, user)
    if refunds:
        money.refund_carried_shares(group, session, refunds, user)
    return side_pot_in


def take_matching_shares(group, session: CatteSession, wanted: dict, user) -> set:
    """The players of `wanted` ({Player: share}) whose share the group holds, to the cent:
    those shares are taken over by `session`. Returns their pks."""
    pots = carried_side_pots(group)
    held: dict[int, Decimal] = {}
    for _source, shares in pots:
        for player, amount in shares.items():
            held[player.pk] = held.get(player.pk, Decimal(0)) + amount
    taken = {player.pk for player, amount in wanted.items() if held.get(player.pk) == amount}
    for source, shares in pots:
        mine = {player: amount for player, amount in shares.items() if player.pk in taken}
        if mine:
            _mark_taken(source, session, mine, len(mine) == len(shares), user)
    return taken
