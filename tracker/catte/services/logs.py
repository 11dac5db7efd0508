"""Starting a session, importing one from a game log (whole, or in pieces a restore adds one
after another), and exporting one."""

from django.utils.translation import gettext as _

from core import entries
from core.money import check_in_currency
from tracker.catte import money
from tracker.catte import rules as catte
from tracker.catte.board import SessionBoard, load
from tracker.catte.entries import entry_by_seat, rules_round
from tracker.catte.models import CatteSession
from tracker.catte.services.carried import take_carried_side_pots, take_matching_shares
from tracker.catte.services.closing import close


def logged_entries(doc: dict) -> list[dict]:
    """The rounds of a log as a session imported from it stores them (players by seat)."""
    names, _settings, rounds, _side_pot_in = catte.read_log(doc)
    return [entry_by_seat(round_, names) for round_ in rounds]


def stored_entries(session: CatteSession) -> list[dict]:
    return list(session.rounds.values_list("entry", flat=True))


def export_game(session: CatteSession) -> dict:
    board = load(session)
    rows = list(session.rounds.all())
    played = [board.played(row).round for row in rows]
    return catte.log_from(board.names, board.settings, played, board.side_pot_in or None)


def start(
    group, players: list, rules: dict, user, name: str = "", side_pot_in=None
) -> CatteSession:
    """A new session; `players` in seat order, the first dealer first.

    `side_pot_in` ({name: Decimal}) is given by an imported log: a share the group holds for
    that player, to the cent, is taken over; the others are brought in from outside the app
    (the players pay them into the side pot now). Left out, the session takes over the group's
    carried side pot, if any (see `carried`).
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

    def then(session: CatteSession) -> None:
        if side_pot_in is None:
            by_seat = take_carried_side_pots(group, session, players, user)
        else:
            by_seat = {names.index(name): amount for name, amount in side_pot_in.items() if amount}
            wanted = {players[seat]: amount for seat, amount in by_seat.items()}
            taken = take_matching_shares(group, session, wanted, user)
            brought_in = {p: amount for p, amount in wanted.items() if p.pk not in taken}
            if brought_in:
                money.bring_in_side_pot(group, session, brought_in, user)
        session.side_pot_in = {
            str(seat): catte.format_money(amount) for seat, amount in sorted(by_seat.items())
        }
        state = catte.SessionState(names, {names[s]: a for s, a in by_seat.items()})
        session.state, session.state_version = state.snapshot(), session.version
        session.save(update_fields=["side_pot_in", "state", "state_version"])

    stored_rules = catte.rules_from_settings(settings)
    return entries.start(group, CatteSession, players, user, then, name=name, rules=stored_rules)


def import_log(
    group, doc: dict, user, create_missing: bool = False, closed: bool = True
) -> CatteSession:
    """A new session from a "catte-log/1" document; a bad log creates nothing.

    A finished evening is closed (`closed`), so its side pot is refunded or carried by the
    log's `side_pot_at_end`; with `closed=False` the table goes on playing it (a session
    exported mid-evening, or a backup of one). A log's `side_pot_in` is matched player by
    player: a share the group holds for that player, to the cent, is taken over; the players
    pay the others into the side pot as the session is imported (see `start`).
    """
    names, settings, rounds, side_pot_in = catte.parse_log(doc)  # every round checked first
    rules = catte.rules_from_settings(settings)

    def started(players: list) -> CatteSession:
        shares = {players[names.index(name)].name: share for name, share in side_pot_in.items()}
        return start(group, players, rules, user, side_pot_in=shares)

    def add(session: CatteSession) -> None:
        board = load(session)
        _add_rounds(board, names, rounds, doc, user)
        if closed:
            close(board, session.version, user)

    return entries.import_log(group, names, create_missing, started, add)


def append_log(session: CatteSession, doc: dict, user, version: int | None = None) -> CatteSession:
    """The rounds of a log added after those `session` holds: the next piece of a log imported
    in pieces (a restore of a large backup, or the next part of a log too large for one
    import). Its players and rules must be the session's; its rounds are checked against the
    rules as they are played on from the session's state; `version`, the session's as the page
    showed it (StalePage if it moved since)."""
    names, settings, rounds, _side_pot_in = catte.read_log(doc)
    board = load(session)
    refusal = _("log: its players and rules are not those of this session")
    entries.check_same_table(board, names, settings, refusal)
    _add_rounds(board, names, rounds, doc, user, version)
    return session


def _add_rounds(
    board: SessionBoard, names: list[str], rounds: list, doc: dict, user, version=None
) -> None:
    """Rounds checked by `parse_log` (its players, `names`, seated in the board's order),
    played on from the board's state and written in bulk with their results; the ledger
    follows once for all of them."""

    def play(number: int, round_: catte.Round) -> tuple:
        entry = entry_by_seat(round_, names)
        played = rules_round(entry, board.names, board.not_yet_seated(number))
        result = board.state.play(board.settings, played)
        return entry, result, catte.round_result_snapshot(result, board.names)

    session_rounds = board.session.rounds
    entries.add_rounds(board, session_rounds, rounds, play, money.Postings, doc, user, version)
