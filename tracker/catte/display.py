"""The session page's rows: what the rules computed, arranged and worded for the table."""

from functools import partial

from django.urls import reverse
from django.utils.functional import SimpleLazyObject
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from core.fragments import CachedRow, digest
from core.locale_money import amount_text, signed_text
from core.money import signed
from core.versioning import game_identity
from tracker.catte import rules as catte
from tracker.catte import services
from tracker.catte.board import PlayedRound, SessionBoard
from tracker.catte.entries import describe_round
from tracker.catte.models import Round
from tracker.catte.rules.settings import HAND_NAMES
from tracker.catte.settling import settling_up, transfers_at_close

ROUND_SECONDS_KEPT = 24 * 60 * 60


def money_rows(board: SessionBoard, settled: catte.Settlement, at_close: bool = False) -> list:
    """Each player's money this session: running while open, settled once closed (or
    `at_close`, for the preview of closing); with his share in the side pot, or carried."""
    group, running = board.group, not (board.is_closed or at_close)
    shares = board.state.open_shares if running else settled.side_pot_shares
    carried_in = board.state.carried_in
    return [
        {
            "name": name,
            "money": signed(group, settled.totals[name]),
            "deals_next": running and name == board.next_dealer,
            "side_pot_share": amount_text(group, shares[name]) if shares[name] else "",
            "carried_in": amount_text(group, carried_in[name]) if carried_in[name] else "",
        }
        for name in board.names
    ]


def side_pot_line(board: SessionBoard, last: PlayedRound | None) -> dict | None:
    if not board.settings.has_side_pot and not board.side_pot_in:
        return None
    target = last.result.side_pot_target if last else None
    return {
        "balance": amount_text(board.group, board.settled.side_pot),
        "last_target": catte.card_label(target) if target else None,
        "carried": board.is_closed and board.settings.side_pot_at_end == "carry",
    }


def outcome(result: catte.RoundResult, round_: catte.Round) -> str:
    if result.result == "sweep":
        if result.doubled:
            return _("Sweep by %(winner)s · pays double") % {"winner": result.winner}
        return _("Sweep by %(winner)s") % {"winner": result.winner}
    if result.result == "auto_win":
        assert round_.auto_win is not None  # the round the result was scored from
        values = {"winner": result.winner, "hand": HAND_NAMES[round_.auto_win[1]]}
        if result.doubled:
            return _("Automatic win: %(winner)s (%(hand)s) · pays double") % values
        return _("Automatic win: %(winner)s (%(hand)s)") % values
    return _("Last trick: %(winner)s") % {"winner": result.winner}


def round_row(board: SessionBoard, played: PlayedRound, can_correct: bool) -> dict:
    group, session, result, round_ = board.group, board.session, played.result, played.round
    side_pot = None
    if result.side_pot_target:
        claimant, card = round_.side_pot_claimed_by, catte.card_label(result.side_pot_target)
        if claimant:
            side_pot = _("Side pot on %(card)s: won by %(player)s") % {
                "card": card,
                "player": claimant,
            }
        else:
            side_pot = _("Side pot on %(card)s: not claimed, %(amount)s in the pot") % {
                "card": card,
                "amount": amount_text(group, result.side_pot),
            }
    elif board.settings.has_side_pot:  # an automatic win at the deal, no card turned up
        side_pot = _("Side pot: no card, %(amount)s in the pot") % {
            "amount": amount_text(group, result.side_pot)
        }
    number = played.row.number
    return {
        "number": number,
        "dealer": result.dealer,
        "outcome": outcome(result, round_),
        "eliminated": ", ".join(result.eliminated),
        "entered": describe_round(round_),
        "payments": [
            {"name": name, **signed(group, amount)}
            for name, amount in result.net.items()
            if name in result.at_table or amount
        ],
        "side_pot": side_pot,
        "correct_url": reverse("round_edit", args=[group.pk, session.pk, number])
        if can_correct
        else None,
    }


def settlement_rows(board: SessionBoard) -> list[dict]:
    """Who pays whom to settle the session once closed, as few transfers as possible."""
    group = board.group
    return [
        {"payer": t.payer, "payee": t.payee, "amount": amount_text(group, t.amount)}
        for t in transfers_at_close(board)
    ]


def round_card(board: SessionBoard, row: Round, can_correct: bool) -> CachedRow:
    """A round's card on the session page, keyed by all it shows, which is worked out from what
    the round holds: session.html caches each card under its key, so saving a round renders
    its card only, and a cached card's words and amounts are never worked out."""
    group, number = board.group, row.number
    shown = [group.pk, group.currency, game_identity(board.session), number, can_correct]
    key = digest([*shown, row.entry, row.result, board.names, board.not_yet_seated(number)])
    return CachedRow(key, lambda: round_row(board, board.played(row), can_correct))


def session_context(board: SessionBoard, can_correct: bool, latest: int | None) -> dict:
    """Everything the session page shows: money, side pot, the latest rounds, the closing."""
    rows = board.latest_round_rows(latest)
    return {
        "money": money_rows(board, board.settled),
        "side_pot": side_pot_line(board, board.played(rows[0]) if rows else None),
        "rounds": [round_card(board, row, can_correct) for row in rows],
        "round_seconds": ROUND_SECONDS_KEPT,
        "final_money": money_rows(board, board.at_close, at_close=True),
        "transfers": settlement_rows(board),
        # A closed session's: what has been paid since it closed (read where shown).
        "settling": SimpleLazyObject(partial(settling_up, board)) if board.is_closed else None,
        "rules_in_words": catte.describe_settings(
            board.settings, partial(amount_text, board.group)
        ),
    }


def _confirm(name: str, board: SessionBoard, ask: str, do: str, explain: str) -> dict:
    url = reverse(name, args=[board.group.pk, board.session.pk])
    return {"url": url, "ask": ask, "do": do, "explain": explain}


def actions_context(board: SessionBoard, can_score: bool, can_reopen: bool) -> dict:
    """Undo, close and reopen: each a two-tap confirmation that says what it does."""
    context, last = {}, board.rounds_played
    if can_score and last:
        context["undo"] = _confirm(
            "round_undo",
            board,
            _("Undo round %(number)s…") % {"number": last},
            _("Yes, undo round %(number)s") % {"number": last},
            _("Round %(number)s is taken out and its money reversed; it stays in the history.")
            % {"number": last},
        )
    pot = board.settings.has_side_pot or board.state.side_pot
    if can_score:
        taps = len(board.session.draft)
        context["closing"] = _confirm(
            "session_close",
            board,
            _("Close the session…"),
            _("Yes, drop the round being entered and close") if taps else _("Yes, close it"),
            closing_explained(board, pot, taps),
        )
        # The second tap drops only the draft this page showed.
        context["closing"]["url"] += f"?draft={board.session.draft_version}"
    if can_reopen:
        context["reopening"] = {
            "refusal": services.closing.reopen_refusal(board.session),
            **_confirm(
                "session_reopen",
                board,
                _("Reopen the session…"),
                _("Yes, reopen it"),
                _(
                    "Its rounds can be corrected and new ones entered; the side pot settled at "
                    "closing waits in it again until it is closed."
                )
                if pot
                else _("Its rounds can be corrected and new ones entered."),
            ),
        }
    return context


def closing_explained(board: SessionBoard, pot, taps: int) -> str:
    """What closing does, said before the second tap: the side pot's fate, and the round being
    entered (`taps` taps of it) that is dropped."""
    if not pot:
        text = _("No more rounds can be entered or corrected until it is reopened.")
    elif board.settings.side_pot_at_end == "refund":
        text = _(
            "No more rounds can be entered or corrected until it is reopened; the side pot is "
            "refunded."
        )
    else:
        text = _(
            "No more rounds can be entered or corrected until it is reopened; the side pot is "
            "carried."
        )
    if not taps:
        return text
    dropped = ngettext(
        "%(closing)s Round %(number)s is being entered (%(count)s tap): it is dropped, not saved.",
        "%(closing)s Round %(number)s is being entered (%(count)s taps): it is dropped, not saved.",
        taps,
    )
    return dropped % {"closing": text, "number": board.next_number, "count": taps}


def summary_text(board: SessionBoard) -> str:
    """The session for a group chat: money per player and who pays whom."""
    group, settled = board.group, board.at_close
    values = {"session": board.session, "currency": group.currency}
    if board.is_closed:
        title = _("%(session)s (%(currency)s, final)") % values
    else:
        title = ngettext(
            "%(session)s (%(currency)s, so far, after %(count)s round)",
            "%(session)s (%(currency)s, so far, after %(count)s rounds)",
            board.rounds_played,
        ) % {**values, "count": board.rounds_played}
    lines = [title, ""]
    for name in board.names:
        lines.append(f"{name}: {signed_text(group, settled.totals[name])}")
    lines.append("")
    transfers = settlement_rows(board)
    lines.append(_("To settle up:") if transfers else _("Nobody owes anybody."))
    lines.extend(f"{t['payer']} → {t['payee']}: {t['amount']}" for t in transfers)
    return "\n".join(lines) + "\n"


def seating_context(board: SessionBoard, join_form) -> dict:
    """Who sits at the table: "leaves" (a second tap confirms it) for each player there, "back
    at the table" for each who left, and the form for a player who joins."""
    group, session = board.group, board.session
    rows = []
    for seat in board.seats:
        args = [group.pk, session.pk, seat.player_id]
        left = seat.left_after_round is not None
        if left:
            note = _("left before round %(number)d") % {"number": seat.left_after_round + 1}
        elif seat.joined_after_round is not None:
            note = _("joined before round %(number)d") % {"number": seat.joined_after_round + 1}
        else:
            note = ""
        rows.append(
            {
                "name": seat.player.name,
                "left": left,
                "note": note,
                "url": reverse("session_back" if left else "session_leave", args=args),
                "ask": _("Leaves…"),
                "do": _("Yes, %(name)s leaves for the evening") % {"name": seat.player.name},
                "explain": _(
                    "Every new round starts without this player; “Back at the table” takes it back."
                ),
            }
        )
    join_url = reverse("session_join", args=[group.pk, session.pk])
    # "Leaves" swaps the live part of the page and keeps the seating where it was (catte.js).
    swap = {"hx_target": "#entry", "keep_place": "seating"}
    return {"rows": rows, "join_form": join_form, "join_url": join_url, **swap}
