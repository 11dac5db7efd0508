"""A scored Cắt Tê round kept as JSON-ready values (players by seat, money as text) and read
back, so a stored round is shown without playing it again."""

from decimal import Decimal

from tracker.catte.rules.play import RoundResult
from tracker.catte.rules.settings import ZERO


def round_result_snapshot(result: RoundResult, players: list[str]) -> dict:
    """A scored round as JSON-ready values, players by seat."""
    seat = players.index
    return {
        "number": result.number,
        "dealer": seat(result.dealer),
        "winner": seat(result.winner),
        "result": result.result,
        "eliminated": [seat(name) for name in result.eliminated],
        "net": [str(result.net[name]) for name in players],
        "side_pot": str(result.side_pot),
        "side_pot_target": result.side_pot_target,
        "at_table": [seat(name) for name in result.at_table],
        "doubled": result.doubled,
        "share_change": [str(result.share_change.get(name, ZERO)) for name in players],
    }


def round_result_from_snapshot(snapshot: dict, players: list[str]) -> RoundResult:
    name = players.__getitem__
    return RoundResult(
        number=snapshot["number"],
        dealer=name(snapshot["dealer"]),
        winner=name(snapshot["winner"]),
        result=snapshot["result"],
        eliminated=[name(seat) for seat in snapshot["eliminated"]],
        net=dict(zip(players, map(Decimal, snapshot["net"]), strict=True)),
        side_pot=Decimal(snapshot["side_pot"]),
        side_pot_target=snapshot["side_pot_target"],
        at_table=[name(seat) for seat in snapshot["at_table"]],
        doubled=snapshot["doubled"],
        share_change=dict(zip(players, map(Decimal, snapshot["share_change"]), strict=True)),
    )
