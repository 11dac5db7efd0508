"""Card codes of Cắt Tê: reading them, the next card of a suit (the side pot) and labels."""

from basics.errors import RulesError
from basics.phrases import _

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def parse_card(code: str) -> tuple[str, str]:
    """Split a code such as "7H", "10D" or "TD" into (rank, suit); ten is always "10"."""
    if isinstance(code, str) and len(code) >= 2:
        rank, suit = code[:-1], code[-1]
        rank = "10" if rank == "T" else rank
        if rank in RANKS and suit in SUITS:
            return rank, suit
    raise RulesError(_('"%(code)s" is not a card code such as "7H" or "10D"'), code=code)


def next_card(code: str) -> str:
    """The next rank of the same suit, the ace wrapping round to the two: "KD" -> "AD" -> "2D"."""
    rank, suit = parse_card(code)
    following = RANKS[(RANKS.index(rank) + 1) % len(RANKS)]
    return following + suit


def card_label(code: str) -> str:
    """How a card is shown to players: "8H" -> "8♥", "TC" -> "10♣"."""
    rank, suit = parse_card(code)
    return rank + SUITS[suit]
