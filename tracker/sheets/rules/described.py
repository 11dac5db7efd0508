"""A score sheet in words: its settings, one line each, and a scored round's payments
("Dũng → An 20,000 ₫ (last to first)"), in the language of the moment."""

from collections.abc import Callable
from decimal import Decimal

from basics.money import format_money
from basics.phrases import Phrase, _, plural_phrase
from tracker.rules.words import phrases
from tracker.sheets.rules.round import (
    CHOP,
    FROZEN,
    INSTANT_WIN,
    LEFTOVERS,
    LINE,
    PLACES,
    POINTS,
    Line,
    place_name,
)
from tracker.sheets.rules.settings import Settings, TienLen

Money = Callable[[Decimal], str]
PRESET_NAMES = phrases(
    {
        "tien_len": _("Tiến lên"),
        "hearts": _("Hearts"),
        "points": _("a points game"),
    }
)
HAND_NAMES = phrases(
    {
        "four_twos": _("four 2s"),
        "dragon": _("a dragon, 3 to A"),
        "six_pairs": _("six pairs"),
        "five_pairs": _("five consecutive pairs"),
        "three_triples": _("three consecutive triples"),
    }
)
CARD_NAMES = phrases(
    {
        "black_two": _("a black 2"),
        "red_two": _("a red 2"),
        "pair_of_black_twos": _("a pair of black 2s"),
        "pair_of_mixed_twos": _("a pair of 2s, black and red"),
        "pair_of_red_twos": _("a pair of red 2s"),
        "three_pairs": _("three pairs"),
        "four_kind": _("four of a kind"),
    }
)


def units_phrase(count: int) -> Phrase:
    return plural_phrase("%(count)s unit", "%(count)s units", count)


def reason(line: Line) -> Phrase | str:
    """What a line of money is for, in words: "last to first", "chop: a black 2"; a line the
    scorer wrote is its own name."""
    detail = line.detail
    if line.kind == PLACES:
        payer, payee, count = detail
        return Phrase(
            _("%(payer)s to %(payee)s"),
            payer=place_name(payer, count),
            payee=place_name(payee, count),
        )
    if line.kind == POINTS:
        return Phrase(_("points %(payee)s to %(payer)s"), payee=detail[0], payer=detail[1])
    if line.kind == INSTANT_WIN:
        return Phrase(_("instant win: %(hand)s"), hand=HAND_NAMES[detail[0]])
    if line.kind == FROZEN:
        return Phrase(_("frozen"))
    if line.kind == LEFTOVERS:
        return Phrase(_("leftovers: %(cards)s"), cards=[CARD_NAMES[what] for what in detail])
    if line.kind == CHOP:
        if len(detail) == 1:
            return Phrase(_("chop: %(what)s"), what=CARD_NAMES[detail[0]])
        chain = CARD_NAMES[detail[0]]
        for what in detail[1:]:
            chain = Phrase(_("%(upper)s over %(lower)s"), upper=CARD_NAMES[what], lower=chain)
        return Phrase(_("chop chopped in turn: %(chain)s"), chain=chain)
    assert line.kind == LINE, line.kind
    return str(detail[0])


def line_words(line: Line, money: Money | None = None) -> Phrase:
    """ "Dũng → An 20,000 ₫ (last to first)"; `money` writes the amount (plainly by default)."""
    return Phrase(
        _("%(payer)s → %(payee)s %(amount)s (%(why)s)"),
        payer=line.payer,
        payee=line.payee,
        amount=(money or format_money)(line.amount),
        why=reason(line),
    )


def round_words(lines: list[Line], money: Money | None = None) -> list[Phrase]:
    return [line_words(line, money) for line in lines]


def describe_settings(settings: Settings, money: Money | None = None) -> list[Phrase]:
    """The settings in plain words, one line each, for the sheet's page; `money` writes an
    amount as the reader writes it (plainly, "1.50", when not given)."""
    stake = (money or format_money)(settings.stake)
    if settings.preset is None:
        preset = Phrase(_("No preset"))
    else:
        preset = Phrase(_("Preset: %(preset)s"), preset=PRESET_NAMES[settings.preset])
    if settings.money_by == "points":
        said = [Phrase(_("Stake %(stake)s a point"), stake=stake), preset]
        if settings.lowest_wins:
            said.append(
                Phrase(
                    _(
                        "Money by points, lowest wins: every two players settle the "
                        "difference of their points"
                    )
                )
            )
        else:
            said.append(
                Phrase(
                    _("Money by points: every two players settle the difference of their points")
                )
            )
    else:
        said = [Phrase(_("Stake %(stake)s a unit"), stake=stake), preset]
    if settings.payouts is not None:
        lists = [
            Phrase(
                _("%(count)s players %(units)s"),
                count=count,
                units="/".join(f"{units:+d}" if units else "0" for units in payout),
            )
            for count, payout in settings.payouts.items()
        ]
        said.append(Phrase(_("Money by places, in units: %(lists)s"), lists=lists))
    if settings.tien_len is not None:
        said += _tien_len(settings.tien_len)
    if settings.lines:
        lines = [
            Phrase(_("%(units)s for %(name)s"), name=line.name, units=units_phrase(line.units))
            for line in settings.lines
        ]
        said.append(Phrase(_("Named payments: %(lines)s"), lines=lines))
    return said


def _tien_len(units: TienLen) -> list[Phrase]:
    if units.instant_win_three_triples:
        triples = Phrase(_("three consecutive triples win too"))
    else:
        triples = Phrase(_("three consecutive triples do not"))
    leftovers = [
        Phrase(_("%(units)s for %(card)s"), card=CARD_NAMES[what], units=units_phrase(count))
        for what, count in (
            ("black_two", units.leftover_black_two),
            ("red_two", units.leftover_red_two),
            ("three_pairs", units.leftover_three_pairs),
            ("four_kind", units.leftover_four_kind),
        )
    ]
    chops = [
        Phrase(_("%(units)s for %(card)s"), card=CARD_NAMES[what], units=units_phrase(count))
        for what, count in (
            ("black_two", units.chop_black_two),
            ("red_two", units.chop_red_two),
            ("three_pairs", units.chop_three_pairs),
            ("four_kind", units.chop_four_kind),
        )
    ]
    return [
        Phrase(
            _(
                "Places: the last pays the first %(first)s; with four players the third pays the "
                "second %(second)s"
            ),
            first=units_phrase(units.first_from_last),
            second=units_phrase(units.second_from_third),
        ),
        Phrase(
            _("Instant win (tới trắng): every other player pays %(units)s; %(triples)s"),
            units=units_phrase(units.instant_win),
            triples=triples,
        ),
        Phrase(
            _("Frozen (cóng): pays the first %(units)s instead of his place"),
            units=units_phrase(units.frozen),
        ),
        Phrase(
            _("Leftovers (thối), paid by the last and the frozen to the first: %(cards)s"),
            cards=leftovers,
        ),
        Phrase(
            _(
                "Chops (chặt): %(cards)s, a pair of 2s the sum of its cards; a chop chopped in "
                "turn (chặt chồng): the last one chopped pays the whole chain"
            ),
            cards=chops,
        ),
    ]
