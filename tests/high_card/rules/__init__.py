"""High card's rules, plain Python: each round the players draw a card and the highest wins;
every other player pays the winner the stake. A log ("highcard-log/1") names the players, the
stake and each round's winner:

    {"format": "highcard-log/1", "players": ["An", "Bình", "Chi"], "rules": {"stake": "1.00"},
     "rounds": [{"winner": "An"}, {"winner": "Chi"}]}
"""

from dataclasses import dataclass, field
from decimal import Decimal

from basics.errors import RulesError
from basics.money import format_money, parse_amount
from basics.names import check_names
from basics.phrases import _

FORMAT = "highcard-log/1"
MOST_PLAYERS = 4


@dataclass(frozen=True)
class RoundResult:
    number: int
    winner: str
    net: dict[str, Decimal]  # what the round paid each player (name → amount)


@dataclass
class State:
    """The money after the rounds played so far."""

    names: list[str]
    money: dict[str, Decimal] = field(default_factory=dict)
    rounds_played: int = 0

    def __post_init__(self):
        if not 2 <= len(self.names) <= MOST_PLAYERS:
            raise RulesError(_("High card is played by 2 to 4 players."))
        check_names(self.names)
        self.money = self.money or {name: Decimal(0) for name in self.names}

    def play(self, stake: Decimal, winner: str) -> RoundResult:
        number = self.rounds_played + 1
        if winner not in self.names:
            where = {"number": number, "winner": winner}
            raise RulesError(_("round %(number)s: %(winner)s is not at the table"), **where)
        others = [name for name in self.names if name != winner]
        net = {**dict.fromkeys(others, -stake), winner: stake * len(others)}
        for name, amount in net.items():
            self.money[name] += amount
        self.rounds_played = number
        return RoundResult(number, winner, net)

    def snapshot(self) -> dict:
        money = {name: format_money(amount) for name, amount in self.money.items()}
        return {"rounds_played": self.rounds_played, "money": money}

    @classmethod
    def resume(cls, names: list[str], snapshot: dict) -> "State":
        money = {name: Decimal(snapshot["money"][name]) for name in names}
        return cls(names, money, snapshot["rounds_played"])


def read_log(doc: dict) -> tuple[list[str], Decimal, list[str]]:
    """A log's players, stake and winners, each checked (RulesError names what is wrong)."""
    if set(doc) != {"format", "players", "rules", "rounds"} or doc["format"] != FORMAT:
        raise RulesError(_("log: a high card log has a format, players, rules and rounds"))
    names, rounds = doc["players"], doc["rounds"]
    if not isinstance(names, list) or not isinstance(rounds, list):
        raise RulesError(_("log: players and rounds are lists"))
    stake = parse_amount(doc["rules"].get("stake"), "rules: stake")
    if any(not isinstance(round_, dict) or set(round_) != {"winner"} for round_ in rounds):
        raise RulesError(_("log: each round names its winner"))
    return names, stake, [round_["winner"] for round_ in rounds]


def play_log(doc: dict) -> tuple[State, list[RoundResult]]:
    """Every round of a log played from the start: the state after them, and each result."""
    names, stake, winners = read_log(doc)
    state = State(list(names))
    return state, [state.play(stake, winner) for winner in winners]


def replay(doc: dict) -> dict:
    """The result document of a log: the money after its rounds."""
    state, _results = play_log(doc)
    return {"format": FORMAT, "rounds": state.rounds_played, **state.snapshot()}


def log_from(names: list[str], stake: Decimal, winners: list[str]) -> dict:
    rounds = [{"winner": winner} for winner in winners]
    rules = {"stake": format_money(stake)}
    return {"format": FORMAT, "players": names, "rules": rules, "rounds": rounds}
