"""The session page's rows: what the rules computed, arranged and worded for the table."""

from urllib.parse import urlencode

from django.template.defaultfilters import pluralize
from django.urls import reverse

from ledger.settlement import fewest_transfers
from tracker.catte import services
from tracker.catte.board import PlayedRound, SessionBoard, latest_rounds
from tracker.catte.entries import describe_round, entry_by_seat
from tracker.common.money import signed
from tracker.models import Change
from tracker.rules import catte
from tracker.rules.catte_settings import HAND_NAMES


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
            "side_pot_share": group.format_amount(shares[name]) if shares[name] else "",
            "carried_in": group.format_amount(carried_in[name]) if carried_in[name] else "",
        }
        for name in board.names
    ]


def side_pot_line(board: SessionBoard, last: PlayedRound | None) -> dict | None:
    if not board.settings.has_side_pot and not board.side_pot_in:
        return None
    target = last.result.side_pot_target if last else None
    return {
        "balance": board.group.format_amount(board.settled.side_pot),
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


def round_row(board: SessionBoard, played: PlayedRound, can_correct: bool) -> dict:
    group, session, result, round_ = board.group, board.session, played.result, played.round
    side_pot = None
    if result.side_pot_target:
        claimant = round_.side_pot_claimed_by
        side_pot = f"Side pot on {catte.card_label(result.side_pot_target)}: " + (
            f"won by {claimant}"
            if claimant
            else f"not claimed, {group.format_amount(result.side_pot)} in the pot"
        )
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


def settlement_rows(board: SessionBoard, settled: catte.Settlement) -> list[dict]:
    """Who pays whom to settle the session, as few transfers as possible."""
    group = board.group
    return [
        {"payer": t.payer, "payee": t.payee, "amount": group.format_amount(t.amount)}
        for t in fewest_transfers(settled.settlement_balances)
    ]


def session_context(board: SessionBoard, can_correct: bool, latest: int | None) -> dict:
    """Everything the session page shows: money, side pot, the latest rounds, the closing."""
    rounds = latest_rounds(board, latest)
    return {
        "money": money_rows(board, board.settled),
        "side_pot": side_pot_line(board, rounds[0] if rounds else None),
        "rounds": [round_row(board, played, can_correct) for played in rounds],
        "final_money": money_rows(board, board.at_close, at_close=True),
        "transfers": settlement_rows(board, board.at_close),
        "rules_in_words": catte.describe_settings(board.settings),
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
            f"Undo round {last}…",
            f"Yes, undo round {last}",
            f"Round {last} is taken out and its money reversed; it stays in the history.",
        )
    pot = board.settings.has_side_pot or board.state.side_pot
    if can_score:
        fate = "refunded" if board.settings.side_pot_at_end == "refund" else "carried"
        taps = len(board.session.draft)
        context["closing"] = _confirm(
            "session_close",
            board,
            "Close the session…",
            "Yes, drop the round being entered and close" if taps else "Yes, close it",
            "No more rounds can be entered or corrected until it is reopened"
            + (f"; the side pot is {fate}." if pot else ".")
            + (
                f" Round {board.next_number} is being entered ({taps} tap{pluralize(taps)}): "
                "it is dropped, not saved."
                if taps
                else ""
            ),
        )
        # The second tap drops only the draft this page showed.
        context["closing"]["url"] += f"?draft={board.session.draft_version}"
    if can_reopen:
        context["reopening"] = {
            "refusal": services.reopen_refusal(board.session),
            **_confirm(
                "session_reopen",
                board,
                "Reopen the session…",
                "Yes, reopen it",
                "Its rounds can be corrected and new ones entered"
                + (
                    "; the side pot settled at closing waits in it again until it is closed."
                    if pot
                    else "."
                ),
            ),
        }
    return context


def saved_first(board: SessionBoard, number: int, tapped: list[str]) -> dict:
    """Another phone saved round `number` first: who and what (the latest change of the
    session, and the round's card), and, when this phone had tapped something else, a way to
    correct the round starting from what it tapped."""
    change = board.session.changes.select_related("user").first()
    who = services.phone_of(change.user if change else None)
    if change and change.action == Change.Action.ROUND:
        note = f"{who} saved {change.summary[:1].lower()}{change.summary[1:]}."
    else:
        latest = f"; the latest change, on {who}: {change.summary}" if change else ""
        note = f"Round {number} is already recorded{latest}."
    notice = {"note": note, "round": None, "correct": None}
    row = board.session.rounds.filter(number=number).first()
    if row is None:
        return notice
    played = board.played(row)
    notice["round"] = round_row(board, played, can_correct=True)
    mine = board.draft_of(tapped).to_round()
    if tapped and not services.same_entry(row.entry, entry_by_seat(mine, board.names)):
        url = reverse("round_edit", args=[board.group.pk, board.session.pk, number])
        notice["correct"] = {
            "url": f"{url}?{urlencode({'taps': ' '.join(tapped)})}",
            "label": f"Correct round {number} with what you tapped",
            "tapped": describe_round(mine),
        }
    return notice


def summary_text(board: SessionBoard) -> str:
    """The session for a group chat: money per player and who pays whom."""
    group, settled = board.group, board.at_close
    state = "final" if board.is_closed else f"so far, after {board.rounds_played} rounds"
    lines = [f"{board.session} ({group.currency}, {state})", ""]
    for name in board.names:
        lines.append(f"{name}: {group.format_signed(settled.totals[name])}")
    lines.append("")
    transfers = settlement_rows(board, settled)
    lines.append("To settle up:" if transfers else "Nobody owes anybody.")
    lines.extend(f"{t['payer']} → {t['payee']}: {t['amount']}" for t in transfers)
    return "\n".join(lines) + "\n"
