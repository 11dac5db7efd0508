"""Cutthroat Spades settings said back: as the log's ``rules`` object (the preset and what
differs from it) and in plain words, one line each, for the scoreboard.

Import the public names from ``tracker.cutthroat.rules``; this module is one part of it.
"""

from basics.phrases import Phrase, _
from tracker.cutthroat.rules.settings import JACK_NAMES, PRESETS, RULE_KEYS, Settings

# What a reader calls each preset; the log keeps its key ("official").
PRESET_NAMES = {
    "official": _("official"),
    "300-five-bags": _("to 300 with a 5-bag limit"),
    "300-per-bag": _("to 300 with bags counted each hand"),
    "500-three-jacks": _("to 500 with three award jacks"),
}


def preset_name(preset: str) -> Phrase:
    """A preset as a reader calls it, in the language of the moment."""
    return Phrase(PRESET_NAMES[preset])


def rules_from_settings(settings: Settings) -> dict:
    """The log's ``rules`` object for these settings: the preset and what differs from it."""
    base = PRESETS[settings.preset]
    rules: dict = {"preset": settings.preset}
    for key in RULE_KEYS[1:]:
        if key == "bags":
            limit_differs = (
                settings.bags_mode == "limit" and settings.bag_limit != base["bag_limit"]
            )
            if settings.bags_mode != base["bags_mode"] or limit_differs:
                rules["bags"] = {"mode": settings.bags_mode}
                if settings.bags_mode == "limit":
                    rules["bags"]["limit"] = settings.bag_limit
        elif key == "award_jacks":
            if dict(settings.award_jacks) != base["award_jacks"]:
                rules["award_jacks"] = dict(settings.award_jacks)
        elif getattr(settings, key) != base[key]:
            rules[key] = getattr(settings, key)
    return rules


def _times(count: int) -> Phrase:
    if count == 1:
        return Phrase(_("once"))
    if count == 2:
        return Phrase(_("twice"))
    return Phrase(_("%(count)s times"), count=count)


def describe_settings(settings: Settings, player_count: int) -> list[Phrase]:
    """The settings in force in plain words, one line each, for the scoreboard."""
    s = settings
    tricks = s.tricks(player_count)
    table = Phrase(
        _("%(players)s players: %(tricks)s tricks a hand"), players=player_count, tricks=tricks
    )
    if s.jokers == 2:
        table = Phrase(
            _(
                "5 players with 2 jokers: %(tricks)s tricks a hand; "
                "the dealer sits out trick 1 and the 2♣ leads"
            ),
            tricks=tricks,
        )
    elif s.jokers == 3:
        table = Phrase(_("5 players with 3 jokers: %(tricks)s tricks a hand"), tricks=tricks)
    if rules_from_settings(s) != {"preset": s.preset}:
        preset = Phrase(_("Preset: %(preset)s, with changes"), preset=preset_name(s.preset))
    else:
        preset = Phrase(_("Preset: %(preset)s"), preset=preset_name(s.preset))
    lines = [table, preset, Phrase(_("Game to %(target)s points"), target=s.target)]
    if s.bags_mode == "limit":
        lines.append(
            Phrase(
                _(
                    "Bags: reaching %(bags)s bags costs 10 points per bag held; "
                    "the count starts again at 0"
                ),
                bags=s.bag_limit,
            )
        )
    else:
        lines.append(Phrase(_("Bags: every bag costs 10 points")))
    # The special bids explained once, where a reader meets their names first.
    lines.append(
        Phrase(
            _(
                "Bids: Nil = no trick (+100); Blind Nil (BN) = Nil bid before looking (+200); "
                "1F = exactly 1 trick (+50); 2F = exactly 2 (+40); Blind 6 (B6) = 6 or more, "
                "bid before looking (+100); Shoot the Moon = %(moon)s or more (+150)"
            ),
            moon=s.moon(player_count),
        )
    )
    if s.nil_tricks_are_bags:
        lines.append(Phrase(_("Nil: tricks taken on a Nil count as bags")))
    else:
        lines.append(Phrase(_("Nil: tricks taken on a Nil are not bags")))
    if s.blind_six_per_game == 0:
        lines.append(Phrase(_("Blind 6: not allowed")))
    else:
        if s.blind_six_per_game is None:
            often = Phrase(_("any number of times"))
        else:
            often = Phrase(_("%(times)s per game"), times=_times(s.blind_six_per_game))
        if s.blind_six_behind:
            when = Phrase(_("only when %(behind)s or more behind"), behind=s.blind_six_behind)
        else:
            when = Phrase(_("only when behind the leader"))
        lines.append(Phrase(_("Blind 6: %(often)s, %(when)s"), often=often, when=when))
    lines.append(Phrase(_("Shoot the Moon: %(tricks)s tricks"), tricks=s.moon(player_count)))
    awards = [
        Phrase(_("%(jack)s removes a bag"), jack=JACK_NAMES[card])
        if award == "bag"
        else f"{JACK_NAMES[card]} +{award}"
        for card, award in s.award_jacks.items()
    ]
    if awards:
        lines.append(Phrase(_("Award jacks: %(awards)s"), awards=awards))
    else:
        lines.append(Phrase(_("Award jacks: none")))
    if s.wins_needed == 1:
        lines.append(Phrase(_("1 game win takes the tournament")))
    else:
        lines.append(Phrase(_("%(wins)s game wins take the tournament"), wins=s.wins_needed))
    return lines
