"""The settings of a Cắt Tê session: the log's `rules` object, and the same in plain words."""

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from basics.errors import RulesError
from basics.money import (  # the money every game's rules share
    ZERO,
    check_amount,
    format_money,
    parse_amount,
)
from basics.phrases import Phrase, _
from tracker.rules.settings import check_rules
from tracker.rules.words import phrases

HAND_NAMES = phrases(
    {
        "four_aces": _("four aces"),
        "four_of_a_kind": _("four of a kind"),
        "flush": _("six-card flush"),
    }
)
OPTIONAL_AUTO_WINS = ("four_of_a_kind", "flush")  # four aces always wins, it is no setting
AUTO_WIN_PAYS = ("pot", "double")
SIDE_POT_AT_END = ("refund", "carry")
FEWEST_FOR_DOUBLE, MOST_PLAYERS = 3, 8
RULE_KEYS = (
    "stake",
    "sweep_double_min_players",
    "auto_wins",
    "auto_win_pays",
    "false_claim_penalty",
    "ace_penalty",
    "side_pot_stake",
    "side_pot_at_end",
)


@dataclass(frozen=True)
class Settings:
    """What a table agreed on for a session. `false_claim_penalty` left out means one stake."""

    stake: Decimal
    sweep_double_min_players: int | None = 4
    auto_wins: tuple[str, ...] = ()
    auto_win_pays: str = "double"
    false_claim_penalty: Decimal | None = None
    ace_penalty: bool = False
    side_pot_stake: Decimal = ZERO
    side_pot_at_end: str = "refund"

    def __post_init__(self):
        check_amount(self.stake, "rules: stake", positive=True)
        least = self.sweep_double_min_players
        if least is not None and (
            type(least) is not int or not FEWEST_FOR_DOUBLE <= least <= MOST_PLAYERS
        ):
            raise RulesError(
                _(
                    "rules: sweep_double_min_players must be a whole number from 3 to 8, "
                    "or null for never"
                )
            )
        hands = self.auto_wins
        if (
            not isinstance(hands, tuple | list)
            or any(hand not in OPTIONAL_AUTO_WINS for hand in hands)
            or len(set(hands)) != len(hands)
        ):
            raise RulesError(
                _(
                    "rules: auto_wins must list four_of_a_kind and/or flush, each once "
                    "(four aces always wins)"
                )
            )
        object.__setattr__(
            self, "auto_wins", tuple(hand for hand in OPTIONAL_AUTO_WINS if hand in hands)
        )
        if self.auto_win_pays not in AUTO_WIN_PAYS:
            raise RulesError(_('rules: auto_win_pays must be "pot" or "double"'))
        if self.false_claim_penalty is None:
            object.__setattr__(self, "false_claim_penalty", self.stake)
        check_amount(self.false_claim_penalty, "rules: false_claim_penalty")
        if type(self.ace_penalty) is not bool:
            raise RulesError(_("rules: ace_penalty must be true or false"))
        check_amount(self.side_pot_stake, "rules: side_pot_stake")
        if self.side_pot_at_end not in SIDE_POT_AT_END:
            raise RulesError(_('rules: side_pot_at_end must be "refund" or "carry"'))

    @property
    def has_side_pot(self) -> bool:
        return self.side_pot_stake > 0

    def allows_auto_win(self, hand: str) -> bool:
        return hand == "four_aces" or hand in self.auto_wins

    def sweep_pays_double(self, dealt_in: int) -> bool:
        least = self.sweep_double_min_players
        return least is not None and dealt_in >= least


def settings_from_rules(rules: dict) -> Settings:
    """The `rules` object of a "catte-log/1" document, checked key by key."""
    check_rules(rules, RULE_KEYS)
    chosen: dict[str, Any] = {"stake": parse_amount(rules["stake"], "rules: stake")}
    for key in ("false_claim_penalty", "side_pot_stake"):
        if key in rules:
            chosen[key] = parse_amount(rules[key], f"rules: {key}")
    if "auto_wins" in rules:
        if not isinstance(rules["auto_wins"], list):
            raise RulesError(_('rules: auto_wins must be a list such as ["four_of_a_kind"]'))
        chosen["auto_wins"] = tuple(rules["auto_wins"])
    for key in ("sweep_double_min_players", "auto_win_pays", "ace_penalty", "side_pot_at_end"):
        if key in rules:
            chosen[key] = rules[key]
    return Settings(**chosen)


def rules_from_settings(settings: Settings) -> dict:
    """The inverse of `settings_from_rules`: every setting written out, for an exported log."""
    return {
        "stake": format_money(settings.stake),
        "sweep_double_min_players": settings.sweep_double_min_players,
        "auto_wins": list(settings.auto_wins),
        "auto_win_pays": settings.auto_win_pays,
        "false_claim_penalty": format_money(settings.false_claim_penalty),
        "ace_penalty": settings.ace_penalty,
        "side_pot_stake": format_money(settings.side_pot_stake),
        "side_pot_at_end": settings.side_pot_at_end,
    }


def describe_settings(settings: Settings, money=None) -> list[Phrase]:
    """The settings in plain words, one line each, for the session page; `money` writes an
    amount as the reader writes it (plainly, "1.50", when not given)."""
    money = money or format_money
    least = settings.sweep_double_min_players
    if least:
        sweep = Phrase(_("A sweep pays double from %(players)s players"), players=least)
    else:
        sweep = Phrase(_("A sweep never pays double"))
    hands = [HAND_NAMES[hand] for hand in ("four_aces", *settings.auto_wins)]
    if settings.auto_win_pays == "double":
        auto_wins = Phrase(_("Automatic wins: %(hands)s; they pay double"), hands=hands)
    else:
        auto_wins = Phrase(_("Automatic wins: %(hands)s; they pay the pot"), hands=hands)
    if settings.ace_penalty:
        ace = Phrase(_("Penalty for holding an ace: on"))
    else:
        ace = Phrase(_("Penalty for holding an ace: off"))
    side_stake = money(settings.side_pot_stake)
    if not settings.has_side_pot:
        side_pot = Phrase(_("No side pot"))
    elif settings.side_pot_at_end == "refund":
        side_pot = Phrase(
            _("Side pot %(stake)s a round; refunded at the end of the session"), stake=side_stake
        )
    else:
        side_pot = Phrase(
            _("Side pot %(stake)s a round; carried into the next session"), stake=side_stake
        )
    return [
        Phrase(_("Stake %(stake)s a round"), stake=money(settings.stake)),
        sweep,
        auto_wins,
        Phrase(
            _("False claim: %(penalty)s to each other player"),
            penalty=money(settings.false_claim_penalty),
        ),
        ace,
        side_pot,
    ]
