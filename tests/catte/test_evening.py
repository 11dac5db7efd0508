"""A whole evening of Cắt Tê tapped in on one phone; page, ledger and replay agree to the cent."""

from decimal import Decimal

from ledger.posting import total_of_group
from tests.catte.test_entry import hidden, money_agrees, press, tap_through
from tests.factories import PlayerFactory, fresh
from tracker.catte import board as catte_board
from tracker.catte import services
from tracker.catte.history import session_result

RULES = {
    "stake": "2.00",
    "side_pot_stake": "0.50",
    "auto_wins": ["four_of_a_kind"],
    "ace_penalty": True,
}


def play_round(client, session, number, taps):
    html = tap_through(client, session, taps)
    assert hidden(html, "number") == str(number)
    assert press(client, session, html, "save").status_code == 302


def test_an_evening_of_every_kind_of_round(as_bob, group, players, bob):
    seated = [*players, PlayerFactory(group=group, name="Éric")]
    session = services.logs.start(group, seated, RULES, bob)
    # An sweeps five players (double); Chi held back the ace and pays the whole double.
    play_round(as_bob, session, 1, ["u7H", "c-", "t0", "t0", "t0", "t0", "e2"])
    # Dũng and Éric win none of the first four (Éric folds too); Bình takes trick 6.
    play_round(as_bob, session, 2, ["r2", "sS", "c-", "t1", "t0", "t2", "t1", "f4", "t0", "t1"])
    # Three at the table: Chi's sweep pays no double.
    play_round(as_bob, session, 3, ["a3", "a4", "r9", "sD", "c-", "t2", "t2", "t2", "t2"])
    # Dũng's four of a kind pays double, Bình claimed falsely, Éric wins the side pot of 9.00.
    play_round(as_bob, session, 4, ["uKC", "c4", "x1", "w3.four_of_a_kind"])
    expected = {"An": "8.00", "Bình": "-10.00", "Chi": "-12.00", "Dũng": "12.50", "Éric": "1.50"}
    money_agrees(as_bob, session, expected)
    assert total_of_group(group) == Decimal("0")
    board = catte_board.load(fresh(session))
    assert [r.result for r in session_result(board).rounds] == [
        "sweep",
        "last_trick",
        "sweep",
        "auto_win",
    ]
    assert session_result(board).rounds[1].eliminated == ["Dũng", "Éric"]
    assert board.settled.side_pot == Decimal("0")
