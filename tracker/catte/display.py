"""The session page's rows: what the replay computed, arranged and worded for the table."""

from decimal import Decimal

from django.urls import reverse

from ledger.settlement import fewest_transfers
from tracker.catte.services import SessionBoard, describe_round, rules_round
from tracker.models import Change
from tracker.rules import catte
from tracker.rules.catte_settings import HAND_NAMES


def signed(group, amount: Decimal) -> dict:
    """An amount for display: text with its sign, and the colour class."""
    tone = "pos" if amount > 0 else "neg" if amount < 0 else ""
    return {"text": group.format_signed(amount), "tone": tone}


def money_rows(
    board: SessionBoard, result: catte.SessionResult | None = None, settled: bool = False
) -> list[dict]:
    """Each player's money this session: running while open, settled once closed (or `settled`,
    for the preview of closing); with his share in the side pot, or carried out of it."""
    result = result or board.result
    group, open_ = board.group, not (board.is_closed or settled)
    shares = result.open_side_pot_shares if open_ else result.side_pot_shares
    return [
        {
            "name": name,
            "money": signed(group, result.totals[name]),
            "deals_next": open_ and name == result.next_dealer,
            "side_pot_share": group.format_amount(shares[name]) if shares[name] else "",
            "carried_in": group.format_amount(board.side_pot_in[name])
            if board.side_pot_in.get(name)
            else "",
        }
        for name in board.names
    ]


def side_pot_line(board: SessionBoard) -> dict | None:
    if not board.settings.has_side_pot and not board.side_pot_in:
        return None
    result, group = board.result, board.group
    last = result.rounds[-1] if result.rounds else None
    target = last.side_pot_target if last else None
    return {
        "balance": group.format_amount(result.side_pot),
        "last_target": catte.card_label(target) if target else None,
        "carried": board.is_closed and board.settings.side_pot_at_end == "carry",
    }


def outcome(result: catte.RoundResult, round_: catte.Round) -> str:
    if result.result == "sweep":
        return f"Sweep by {result.winner}" + (" · pays double" if result.doubled else "")
    if result.result == "auto_win":
        hand = HAND_NAMES[round_.auto_win[1]]
        return f"Automatic win: {result.winner} ({hand})" + (
            " · pays double" if result.doubled else ""
        )
    return f"Last trick: {result.winner}"


def round_rows(board: SessionBoard, can_correct: bool, limit: int | None = None) -> list[dict]:
    """The rounds (the latest `limit` of them), newest first, with result, payments, side pot."""
    group, session = board.group, board.session
    rows = []
    start = max(0, len(board.rounds) - limit) if limit else 0
    shown = zip(board.rounds, board.played, board.result.rounds, strict=True)
    for row, round_, result in list(shown)[start:]:
        side_pot = None
        if result.side_pot_target:
            claimant = round_.side_pot_claimed_by
            side_pot = f"Side pot on {catte.card_label(result.side_pot_target)}: " + (
                f"won by {claimant}"
                if claimant
                else f"not claimed, {group.format_amount(result.side_pot)} in the pot"
            )
        rows.append(
            {
                "number": row.number,
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
                "correct_url": reverse("round_edit", args=[group.pk, session.pk, row.number])
                if can_correct
                else None,
            }
        )
    return rows[::-1]


def _described(entry, names: list[str]) -> str:
    if not isinstance(entry, dict) or not ({"tricks", "auto_win"} & set(entry)):
        return ""
    try:
        return describe_round(rules_round(entry, names))
    except (IndexError, KeyError, TypeError):
        return ""


def change_rows(board: SessionBoard, limit: int = 40) -> list[dict]:
    """The history of changes: who, when, and for rounds what was entered before and after."""
    changes = board.session.changes.select_related("user")[:limit]
    rows = []
    for change in changes:
        rounds = change.action in (
            Change.Action.ROUND,
            Change.Action.CORRECTION,
            Change.Action.UNDO,
        )
        rows.append(
            {
                "change": change,
                "before": _described(change.before, board.names) if rounds else "",
                "after": _described(change.after, board.names) if rounds else "",
            }
        )
    return rows


def settlement_rows(board: SessionBoard, result: catte.SessionResult) -> list[dict]:
    """Who pays whom to settle the session, as few transfers as possible."""
    group = board.group
    return [
        {"payer": t.payer, "payee": t.payee, "amount": group.format_amount(t.amount)}
        for t in fewest_transfers(result.settlement_balances)
    ]


def closing_preview(board: SessionBoard) -> catte.SessionResult:
    """The result as it will be once the session is closed and the side pot is settled."""
    if board.is_closed:
        return board.result
    return catte.play_session(
        board.names, board.settings, board.played, board.side_pot_in, closed=True
    )


def summary_text(board: SessionBoard) -> str:
    """The session for a group chat: money per player and who pays whom."""
    group = board.group
    result = board.result if board.is_closed else closing_preview(board)
    state = "final" if board.is_closed else f"so far, after {len(board.rounds)} rounds"
    lines = [f"{board.session} ({group.currency}, {state})", ""]
    for name in board.names:
        lines.append(f"{name}: {group.format_signed(result.totals[name])}")
    lines.append("")
    transfers = settlement_rows(board, result)
    lines.append("To settle up:" if transfers else "Nobody owes anybody.")
    lines.extend(f"{t['payer']} → {t['payee']}: {t['amount']}" for t in transfers)
    return "\n".join(lines) + "\n"
