"""The settings of a score sheet: its stake, how money follows a round (points or places), a
preset (Tiến lên, Hearts, a points game) and, for Tiến lên, the units of its payments.

Every value is checked when the settings are built, also when read from a log's `rules`
object (`settings_from_rules`); `described` says them back.
"""

from collections.abc import Mapping
from dataclasses import dataclass, fields
from decimal import Decimal
from typing import Any

from basics.errors import RulesError
from basics.money import check_amount, format_money, parse_amount
from basics.names import NAME_MAX, name_key, name_problem_phrase
from basics.phrases import Phrase, _
from tracker.rules.settings import check_rules

FEWEST_PLAYERS, MOST_PLAYERS = 2, 8
TIEN_LEN_PLAYERS = (2, 4)  # fewest and most in one Tiến lên round
PRESETS = ("tien_len", "hearts", "points")
MONEY_BY = ("points", "places")
# What each preset fixes: how money follows a round, and whether the lowest points win.
PRESET_PLAY = {
    "tien_len": ("places", False),
    "hearts": ("points", True),
    "points": ("points", False),
}
# Units of the stake a line may move, a payout may hold, or a Tiến lên setting may be: more
# than any table pays in one round, so a larger number is a slip of the thumb.
MOST_UNITS = 1000
MOST_LINES = 20  # named lines a sheet offers
# Places pay (in stakes) by the number of players in the round: the house rules' lists for 2
# to 4, and for 5 to 8 the same pattern, symmetric, the middle place (odd counts) paying nothing.
DEFAULT_PAYOUTS: dict[int, tuple[int, ...]] = {
    2: (1, -1),
    3: (1, 0, -1),
    4: (2, 1, -1, -2),
    5: (2, 1, 0, -1, -2),
    6: (3, 2, 1, -1, -2, -3),
    7: (3, 2, 1, 0, -1, -2, -3),
    8: (4, 3, 2, 1, -1, -2, -3, -4),
}


@dataclass(frozen=True)
class TienLen:
    """The units (stakes) of Tiến lên's payments: the house rules' settings and defaults."""

    first_from_last: int = 2
    second_from_third: int = 1
    instant_win: int = 2
    frozen: int = 4
    leftover_black_two: int = 1
    leftover_red_two: int = 2
    leftover_three_pairs: int = 3
    leftover_four_kind: int = 4
    chop_black_two: int = 1
    chop_red_two: int = 2
    chop_three_pairs: int = 3
    chop_four_kind: int = 4
    instant_win_three_triples: bool = False  # three consecutive triples win at the deal

    def __post_init__(self):
        for key in TIEN_LEN_KEYS:
            if key == "instant_win_three_triples":
                if type(self.instant_win_three_triples) is not bool:
                    raise RulesError(_("rules: %(key)s must be true or false"), key=key)
            elif not is_units(getattr(self, key), 0):
                raise RulesError(
                    _("rules: %(key)s must be a whole number of units from 0 to %(most)s"),
                    key=key,
                    most=f"{MOST_UNITS:,}",
                )


TIEN_LEN_KEYS = tuple(field.name for field in fields(TienLen))


@dataclass(frozen=True)
class SheetLine:
    """A payment the sheet offers by name, "X pays Y <units> for <name>"."""

    name: str
    units: int


class Payouts(dict):
    """Players in the round → the units each place pays, first to last: read-only, hashable."""

    def _read_only(self, *args, **kwargs):
        raise TypeError("payouts are read-only; build new Settings instead")

    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = _read_only
    __ior__ = _read_only

    # typeshed declares dict unhashable (`__hash__: None`); this read-only one is hashable.
    def __hash__(self) -> int:  # type: ignore[override]
        return hash(tuple(sorted(self.items())))

    def __reduce__(self):
        return (Payouts, (dict(self),))


@dataclass(frozen=True)
class Settings:
    """What a table agreed on for a sheet. A preset fixes `money_by` and `lowest_wins` (left
    out, they are taken from it; given, they must agree). `payouts` is in force only for a
    places sheet without a preset, `tien_len` only for Tiến lên: each is None otherwise."""

    stake: Decimal
    preset: str | None = None
    money_by: str | None = None
    lowest_wins: bool | None = None
    payouts: Mapping[int, tuple[int, ...]] | None = None
    tien_len: TienLen | None = None
    lines: tuple[SheetLine, ...] = ()

    def __post_init__(self):
        check_amount(self.stake, "rules: stake", positive=True)
        if self.preset is not None and self.preset not in PRESETS:
            raise RulesError(
                _("rules: preset must be tien_len, hearts, points or null, not %(value)s"),
                value=repr(self.preset),
            )
        money_by, lowest_wins = _play_of(self.preset, self.money_by, self.lowest_wins)
        object.__setattr__(self, "money_by", money_by)
        object.__setattr__(self, "lowest_wins", lowest_wins)
        object.__setattr__(self, "payouts", _payouts_in_force(self))
        object.__setattr__(self, "tien_len", _tien_len_in_force(self))
        object.__setattr__(self, "lines", _checked_lines(self.lines))

    @property
    def is_tien_len(self) -> bool:
        return self.preset == "tien_len"

    def fewest_and_most(self) -> tuple[int, int]:
        """How many players one round may have."""
        return TIEN_LEN_PLAYERS if self.is_tien_len else (FEWEST_PLAYERS, MOST_PLAYERS)


def is_units(value, least: int) -> bool:
    """A whole number of units (not a bool) from `least` to MOST_UNITS."""
    return type(value) is int and least <= value <= MOST_UNITS


def _play_of(preset, money_by, lowest_wins) -> tuple[str, bool]:
    if money_by is not None and money_by not in MONEY_BY:
        raise RulesError(
            _('rules: money_by must be "points" or "places", not %(value)s'), value=repr(money_by)
        )
    if lowest_wins is not None and type(lowest_wins) is not bool:
        raise RulesError(_("rules: %(key)s must be true or false"), key="lowest_wins")
    if preset is not None:
        fixed_by, fixed_lowest = PRESET_PLAY[preset]
        if money_by not in (None, fixed_by) or lowest_wins not in (None, fixed_lowest):
            raise RulesError(
                _(
                    "rules: the %(preset)s preset is played by %(money_by)s with lowest_wins "
                    "%(lowest)s; leave them out, or choose no preset"
                ),
                preset=preset,
                money_by=fixed_by,
                lowest=str(fixed_lowest).lower(),
            )
        return fixed_by, fixed_lowest
    money_by = money_by or "points"
    if money_by == "places" and lowest_wins:
        raise RulesError(_("rules: lowest_wins is for a sheet played by points"))
    return money_by, bool(lowest_wins)


def _payouts_in_force(settings: Settings) -> Payouts | None:
    if settings.money_by != "places" or settings.is_tien_len:
        if settings.payouts is not None:
            raise RulesError(_("rules: payouts are for a sheet played by places without a preset"))
        return None
    given = {} if settings.payouts is None else settings.payouts
    if not isinstance(given, Mapping):
        raise RulesError(_("rules: payouts must map a number of players to a list"))
    chosen = dict(DEFAULT_PAYOUTS)
    for count, payout in given.items():
        chosen[count] = _checked_payout(count, payout)
    return Payouts(sorted(chosen.items()))


def _checked_payout(count, payout) -> tuple[int, ...]:
    if type(count) is not int or not FEWEST_PLAYERS <= count <= MOST_PLAYERS:
        raise RulesError(
            _("rules: payouts: %(count)s is not a number of players from 2 to 8"), count=repr(count)
        )
    where = Phrase(_("rules: payouts for %(count)s players"), count=count)
    if not isinstance(payout, list | tuple) or len(payout) != count:
        raise RulesError(
            _("%(where)s: give %(count)s units, one a place"), where=where, count=count
        )
    if not all(type(units) is int and abs(units) <= MOST_UNITS for units in payout):
        raise RulesError(
            _("%(where)s: each place pays a whole number of units, at most %(most)s"),
            where=where,
            most=f"{MOST_UNITS:,}",
        )
    if sum(payout) != 0:
        raise RulesError(
            _("%(where)s: the places must add up to 0, not %(total)s"),
            where=where,
            total=sum(payout),
        )
    if any(better < worse for better, worse in zip(payout, payout[1:], strict=False)):
        raise RulesError(
            _("%(where)s: a place may not get more than a place before it"), where=where
        )
    return tuple(payout)


def _tien_len_in_force(settings: Settings) -> TienLen | None:
    if not settings.is_tien_len:
        if settings.tien_len is not None:
            raise RulesError(_("rules: Tiến lên's units are for the tien_len preset"))
        return None
    if settings.tien_len is None:
        return TienLen()
    if not isinstance(settings.tien_len, TienLen):
        raise RulesError(_("rules: Tiến lên's units must be a TienLen"))
    return settings.tien_len


def _checked_lines(lines) -> tuple[SheetLine, ...]:
    if not isinstance(lines, list | tuple) or len(lines) > MOST_LINES:
        raise RulesError(
            _("rules: lines must be a list of at most %(most)s lines"), most=MOST_LINES
        )
    seen: set[str] = set()
    for number, line in enumerate(lines, start=1):
        where = Phrase(_("rules: line %(number)s"), number=number)
        if not isinstance(line, SheetLine):
            raise RulesError(_("%(where)s: must be a named line"), where=where)
        problem = line_name_problem(line.name)
        if problem is not None:
            raise RulesError(_("%(where)s: %(problem)s"), where=where, problem=problem)
        if name_key(line.name) in seen:
            raise RulesError(_("%(where)s: %(name)s is named twice"), where=where, name=line.name)
        seen.add(name_key(line.name))
        if not is_units(line.units, 1):
            raise RulesError(
                _("%(where)s: units must be a whole number from 1 to %(most)s"),
                where=where,
                most=f"{MOST_UNITS:,}",
            )
    return tuple(lines)


def line_name_problem(name) -> Phrase | None:
    """What is wrong with a payment's name, shown like a player's name: visible text, at most
    40 characters; None when nothing is."""
    return name_problem_phrase(name, NAME_MAX)


RULE_KEYS = ("stake", "preset", "money_by", "lowest_wins", "payouts", "lines", *TIEN_LEN_KEYS)


def settings_from_rules(rules) -> Settings:
    """The `rules` object of a "sheet-log/1" document, checked key by key."""
    check_rules(rules, RULE_KEYS)
    chosen: dict[str, Any] = {"stake": parse_amount(rules["stake"], "rules: stake")}
    for key in ("preset", "money_by", "lowest_wins"):
        chosen[key] = rules.get(key)
    _refuse_null(rules)
    if "payouts" in rules:
        chosen["payouts"] = _read_payouts(rules["payouts"])
    if "lines" in rules:
        chosen["lines"] = _read_lines(rules["lines"])
    units = {key: rules[key] for key in TIEN_LEN_KEYS if key in rules}
    if units and chosen["preset"] != "tien_len":
        raise RulesError(
            _("rules: %(key)s is a setting of the tien_len preset"), key=next(iter(units))
        )
    if chosen["preset"] == "tien_len":
        chosen["tien_len"] = TienLen(**units)
    return Settings(**chosen)


def _refuse_null(rules: dict) -> None:
    """`money_by` and `lowest_wins` may be left out, not null: the format lists their values."""
    if "money_by" in rules and rules["money_by"] is None:
        raise RulesError(
            _('rules: money_by must be "points" or "places", not %(value)s'), value="null"
        )
    if "lowest_wins" in rules and rules["lowest_wins"] is None:
        raise RulesError(_("rules: %(key)s must be true or false"), key="lowest_wins")


def _read_payouts(payouts) -> dict[int, list]:
    if not isinstance(payouts, dict):
        raise RulesError(_('rules: payouts must be an object such as {"3": [1, 0, -1]}'))
    read = {}
    for count, payout in payouts.items():
        if count not in {str(number) for number in DEFAULT_PAYOUTS}:
            raise RulesError(
                _("rules: payouts: %(count)s is not a number of players from 2 to 8"),
                count=repr(count),
            )
        read[int(count)] = payout
    return read


def _read_lines(lines) -> list[SheetLine]:
    if not isinstance(lines, list):
        raise RulesError(_('rules: lines must be a list such as [{"name": "bonus", "units": 1}]'))
    read = []
    for number, line in enumerate(lines, start=1):
        if not isinstance(line, dict) or set(line) != {"name", "units"}:
            raise RulesError(
                _('rules: line %(number)s must be {"name": text, "units": number}'), number=number
            )
        read.append(SheetLine(line["name"], line["units"]))
    return read


def rules_from_settings(settings: Settings) -> dict:
    """The inverse of `settings_from_rules`: every setting in force written out."""
    rules: dict[str, Any] = {
        "stake": format_money(settings.stake),
        "preset": settings.preset,
        "money_by": settings.money_by,
    }
    if settings.money_by == "points":
        rules["lowest_wins"] = settings.lowest_wins
    if settings.payouts is not None:
        rules["payouts"] = {str(count): list(units) for count, units in settings.payouts.items()}
    if settings.tien_len is not None:
        rules.update({key: getattr(settings.tien_len, key) for key in TIEN_LEN_KEYS})
    rules["lines"] = [{"name": line.name, "units": line.units} for line in settings.lines]
    return rules
