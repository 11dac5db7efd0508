"""Cutthroat Spades settings: bids and award jacks, the presets, and every value checked, also
when read from a log's ``rules`` object (``cutthroat_described`` says them back).

Import the public names from ``tracker.cutthroat.rules``; this module is one part of it.
"""

from collections.abc import Mapping
from dataclasses import dataclass, field

from basics.errors import RulesError
from basics.phrases import Phrase, _
from tracker.rules.words import phrases

BIDS = ("NIL", "BN", "1F", "2F", "B6", "SM")
BID_LABELS = phrases(
    {
        "NIL": _("Nil"),
        "BN": _("Blind Nil"),
        "1F": _("1 for 50"),
        "2F": _("2 for 40"),
        "B6": _("Blind 6"),
        "SM": _("Shoot the Moon"),
    }
)
AWARD_JACKS = ("JD", "JC", "JH")  # the cards that can be award jacks, in display order
JACK_NAMES = {"JD": "J♦", "JC": "J♣", "JH": "J♥"}
BAG_MODES = ("limit", "per_hand")


def bid_label(bid: int | str) -> str:
    """A bid in plain words, in the language of the moment: "Nil", "1 for 50", "7"."""
    if isinstance(bid, str) and bid in BID_LABELS:
        return str(BID_LABELS[bid])
    if is_whole(bid, 1):
        return str(bid)
    raise RulesError(_("not a bid: %(bid)s"), bid=repr(bid))


def tricks_per_hand(player_count: int, jokers: int = 0) -> int:
    """T, the tricks in one hand (the house rules, "Table and deck")."""
    if not is_whole(player_count, 3) or player_count > 5:
        raise RulesError(
            _("players: Cutthroat takes 3 to 5 players, not %(count)s"), count=repr(player_count)
        )
    if jokers not in (0, 2, 3) or isinstance(jokers, bool):
        raise RulesError(
            _('rules: "%(name)s" must be %(wanted)s, not %(value)s'),
            name="jokers",
            wanted=Phrase(_("0, 2 or 3")),
            value=repr(jokers),
        )
    if jokers and player_count != 5:
        raise RulesError(
            _("rules: jokers are only played with 5 players, not %(count)s"), count=player_count
        )
    return 11 if jokers else {3: 17, 4: 13, 5: 10}[player_count]


class JackAwards(dict):
    """The award jacks in force, card → points or "bag": a read-only, hashable dict."""

    def _read_only(self, *args, **kwargs):
        raise TypeError("award jacks are read-only; build new Settings instead")

    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = _read_only
    __ior__ = _read_only

    # typeshed declares dict unhashable (`__hash__: None`); this read-only one is hashable.
    def __hash__(self) -> int:  # type: ignore[override]
        return hash(tuple(sorted(self.items(), key=repr)))

    def __reduce__(self):
        return (JackAwards, (dict(self),))


_OFFICIAL_JACKS = {"JD": 10, "JC": 10}

PRESETS: dict[str, dict] = {
    "official": {
        "target": 500,
        "bags_mode": "limit",
        "bag_limit": 10,
        "blind_six_per_game": 1,
        "blind_six_behind": 50,
        "award_jacks": dict(_OFFICIAL_JACKS),
        "wins_needed": 5,
        "moon_tricks": None,
        "nil_tricks_are_bags": True,
        "jokers": 0,
    },
}
PRESETS["300-five-bags"] = {
    **PRESETS["official"],
    "award_jacks": dict(_OFFICIAL_JACKS),
    "target": 300,
    "bag_limit": 5,
    "wins_needed": 3,
}
PRESETS["300-per-bag"] = {
    **PRESETS["official"],
    "award_jacks": dict(_OFFICIAL_JACKS),
    "target": 300,
    "bags_mode": "per_hand",
    "wins_needed": 3,
}
PRESETS["500-three-jacks"] = {
    **PRESETS["official"],
    "blind_six_per_game": None,
    "award_jacks": {**_OFFICIAL_JACKS, "JH": "bag"},
}


@dataclass(frozen=True)
class Settings:
    """The settings of one tournament. The defaults are the official preset.

    Building one checks every value (RulesError); ``check_players`` adds the checks that need
    the number of players (jokers, moon_tricks).
    """

    target: int = 500
    bags_mode: str = "limit"
    bag_limit: int = 10
    blind_six_per_game: int | None = 1
    blind_six_behind: int = 50
    award_jacks: dict[str, int | str] = field(default_factory=lambda: dict(_OFFICIAL_JACKS))
    wins_needed: int = 5
    moon_tricks: int | None = None
    nil_tricks_are_bags: bool = True
    jokers: int = 0
    preset: str = "official"

    def __post_init__(self):
        object.__setattr__(self, "award_jacks", _award_jacks(self.award_jacks))
        _check(self)
        if self.bags_mode == "per_hand":  # the limit means nothing then: keep the preset's
            object.__setattr__(self, "bag_limit", PRESETS[self.preset]["bag_limit"])

    def tricks(self, player_count: int) -> int:
        return tricks_per_hand(player_count, self.jokers)

    def moon(self, player_count: int) -> int:
        """M, the tricks a Shoot the Moon bid needs."""
        if self.moon_tricks is None:
            return self.tricks(player_count) - 3
        return self.moon_tricks

    def check_players(self, player_count: int) -> None:
        tricks = self.tricks(player_count)
        if self.moon_tricks is not None and self.moon_tricks > tricks:
            raise RulesError(
                _(
                    'rules: "moon_tricks" must be at most %(tricks)s (the tricks in a hand), '
                    "not %(value)s"
                ),
                tricks=tricks,
                value=self.moon_tricks,
            )


def preset_settings(name: str) -> Settings:
    if name not in PRESETS:
        raise _unknown_preset(name)
    return Settings(preset=name, **PRESETS[name])


def _unknown_preset(name) -> RulesError:
    return RulesError(
        _("rules: unknown preset %(name)s (presets: %(presets)s)"),
        name=repr(name),
        presets=", ".join(PRESETS),
    )


def is_whole(value, minimum: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= minimum


def _award_jacks(value) -> JackAwards:
    if isinstance(value, Mapping):
        pairs = list(value.items())
    else:
        not_a_map = RulesError(_('rules: "award_jacks" must map cards to points or "bag"'))
        try:
            pairs = [tuple(pair) for pair in value]
        except TypeError:
            raise not_a_map from None
        if any(len(pair) != 2 for pair in pairs):
            raise not_a_map
    awards = dict(pairs)
    for card, award in awards.items():
        if card not in AWARD_JACKS:
            raise RulesError(
                _('rules: "award_jacks": %(card)s is not an award jack (JD, JC or JH)'),
                card=repr(card),
            )
        if award != "bag" and not is_whole(award, 1):
            raise RulesError(
                _(
                    'rules: "award_jacks": %(card)s must be worth points (1 or more) '
                    'or "bag", not %(value)s'
                ),
                card=card,
                value=repr(award),
            )
    return JackAwards((card, awards[card]) for card in AWARD_JACKS if card in awards)


def _check(s: Settings) -> None:
    blind_six, moon = s.blind_six_per_game, s.moon_tricks
    # Each setting: whether its value is allowed, its name in a log's rules, what it must be.
    checks = (
        (is_whole(s.target, 1), "target", _("a whole number of points, 1 or more"), s.target),
        (s.bags_mode in BAG_MODES, "bags", _('"limit" or "per_hand"'), s.bags_mode),
        (is_whole(s.bag_limit, 1), "bags", _("a limit of 1 or more bags"), s.bag_limit),
        (blind_six is None or is_whole(blind_six, 0), "blind_six_per_game",
         _("null or 0 or more"), blind_six),
        (is_whole(s.blind_six_behind, 0), "blind_six_behind", _("0 or more points"),
         s.blind_six_behind),
        (is_whole(s.wins_needed, 1), "wins_needed", _("1 or more game wins"), s.wins_needed),
        (moon is None or is_whole(moon, 1), "moon_tricks", _("null or 1 or more tricks"), moon),
        (isinstance(s.nil_tricks_are_bags, bool), "nil_tricks_are_bags", _("true or false"),
         s.nil_tricks_are_bags),
        (s.jokers in (0, 2, 3) and not isinstance(s.jokers, bool), "jokers", _("0, 2 or 3"),
         s.jokers),
    )  # fmt: skip
    for ok, name, wanted, value in checks:
        if not ok:
            raise RulesError(
                _('rules: "%(name)s" must be %(wanted)s, not %(value)s'),
                name=name,
                wanted=Phrase(wanted),
                value=repr(value),
            )
    if not isinstance(s.preset, str) or s.preset not in PRESETS:
        raise _unknown_preset(s.preset)


RULE_KEYS = (
    "preset",
    "target",
    "bags",
    "blind_six_per_game",
    "blind_six_behind",
    "award_jacks",
    "wins_needed",
    "moon_tricks",
    "nil_tricks_are_bags",
    "jokers",
)


def settings_from_rules(rules: dict, player_count: int) -> Settings:
    """The Settings of a log's ``rules`` object: a preset (default official) and overrides."""
    if not isinstance(rules, dict):
        raise RulesError(_("rules: must be an object"))
    for key in rules:
        if key not in RULE_KEYS:
            raise RulesError(_('rules: unknown setting "%(key)s"'), key=key)
    name = rules.get("preset", "official")
    if not isinstance(name, str) or name not in PRESETS:
        raise _unknown_preset(name)
    values = dict(PRESETS[name])
    for key in RULE_KEYS[1:]:
        if key == "bags" and key in rules:
            values.update(_bags_rule(rules["bags"], values["bag_limit"]))
        elif key in rules:
            values[key] = rules[key]
    settings = Settings(preset=name, **values)
    settings.check_players(player_count)
    return settings


def _bags_rule(value, preset_limit: int) -> dict:
    if not isinstance(value, dict):
        raise RulesError(
            _('rules: "bags" must be {"mode": "limit", "limit": 10} or {"mode": "per_hand"}')
        )
    for key in value:
        if key not in ("mode", "limit"):
            raise RulesError(_('rules: unknown setting "%(key)s"'), key=f"bags.{key}")
    mode = value.get("mode")
    if mode == "per_hand" and "limit" in value:
        raise RulesError(_('rules: "bags": a limit only goes with "mode": "limit"'))
    if mode not in BAG_MODES:
        raise RulesError(
            _('rules: "bags": "mode" must be "limit" or "per_hand", not %(value)s'),
            value=repr(mode),
        )
    return {"bags_mode": mode, "bag_limit": value.get("limit", preset_limit)}
