"""The rules speak in phrases: English as before, and in any language a translator gives them,
with the players' names, numbers and cards left as they are."""

import ast
from decimal import Decimal
from pathlib import Path

import pytest

from basics.errors import RulesError
from basics.names import name_problem
from basics.phrases import Phrase, _, install_translator, plural_phrase
from tracker.catte.rules import Round, play_session
from tracker.catte.rules import Settings as CatteSettings
from tracker.cutthroat.rules import Hand, Settings, describe_settings, play_tournament

ROOT = Path(__file__).resolve().parents[2]
# What the games share, and each game's rules kept in its app.
RULES = (ROOT / "tracker" / "rules", *sorted((ROOT / "tracker").glob("*/rules")))
BASICS = ROOT / "basics"
P3 = ["An", "Bình", "Chi"]
VIETNAMESE = {
    "game %(game)s hand %(hand)s": "ván %(game)s tay %(hand)s",
    "%(where)s: tricks add up to %(total)s, not %(expected)s": (
        "%(where)s: tổng số nước là %(total)s, không phải %(expected)s"
    ),
    "%(player)s is %(behind)s behind the leader": "%(player)s kém người dẫn đầu %(behind)s điểm",
    "round %(number)s": "vòng %(number)s",
    "%(where)s: %(player)s: %(problem)s": "%(where)s: %(player)s: %(problem)s",
    "folded, so cannot sweep": "đã bỏ bài nên không thể ăn trắng",
    "Game to %(target)s points": "Ván đến %(target)s điểm",
    "a name has at most %(limit)s characters, not %(length)s": "tên dài tối đa %(limit)s ký tự, "
    "không phải %(length)s",
}


@pytest.fixture
def vietnamese():
    """The rules shown through a Vietnamese catalog, then through the translator before."""
    previous = install_translator(lambda template: VIETNAMESE.get(template, template))
    yield
    install_translator(previous)


@pytest.fixture
def english():
    previous = install_translator(None)
    yield
    install_translator(previous)


def refusal_of(play) -> RulesError:
    with pytest.raises(RulesError) as refused:
        play()
    return refused.value


def tricks_that_do_not_add_up():
    hand = Hand({"An": 4, "Bình": 5, "Chi": 6}, {"An": 4, "Bình": 4, "Chi": 4})
    play_tournament(P3, Settings(award_jacks={}), [hand])


def a_folded_sweep():
    round_ = Round(tricks=["An"] * 4, folds=["An"])
    play_session(["An", "Bình", "Chi", "Dũng"], CatteSettings(stake=Decimal("1.00")), [round_])


def sixty_behind():
    hand = Hand({"An": 7, "Bình": 1, "Chi": 1}, {"An": 7, "Bình": 5, "Chi": 5})
    return play_tournament(P3, Settings(award_jacks={}), [hand])


def test_it_refuses_tricks_that_do_not_add_up_in_the_same_english(english):
    error = refusal_of(tricks_that_do_not_add_up)
    assert str(error) == "game 1 hand 1: tricks add up to 12, not 17"
    assert error.args[0] == "game 1 hand 1: tricks add up to 12, not 17"
    assert isinstance(error, ValueError)


def test_a_blind_six_reason_reads_as_before(english):
    reason = sixty_behind().blind_six_reason["Bình"]
    assert str(reason) == "Bình is 60 behind the leader"
    assert reason == Phrase(
        _("%(player)s is %(behind)s behind the leader"), player="Bình", behind=60
    )


def test_a_catte_round_failure_reads_as_before(english):
    assert str(refusal_of(a_folded_sweep)) == "round 1: An: folded, so cannot sweep"


def test_a_where_phrase_nests_in_a_refusal(english):
    where = Phrase(_("hand %(number)s"), number=3)
    error = RulesError(
        _("%(where)s: tricks add up to %(total)s, not %(expected)s"),
        where=where,
        total=12,
        expected=13,
    )
    assert str(error) == "hand 3: tricks add up to 12, not 13"


def test_a_refusal_is_translated_with_names_and_numbers_untouched(vietnamese):
    assert str(refusal_of(tricks_that_do_not_add_up)) == (
        "ván 1 tay 1: tổng số nước là 12, không phải 17"
    )
    assert str(refusal_of(a_folded_sweep)) == "vòng 1: An: đã bỏ bài nên không thể ăn trắng"
    assert str(sixty_behind().blind_six_reason["Bình"]) == "Bình kém người dẫn đầu 60 điểm"


def test_a_refusal_is_shown_in_the_language_of_the_moment_it_is_shown(english):
    error = refusal_of(tricks_that_do_not_add_up)
    previous = install_translator(lambda template: VIETNAMESE.get(template, template))
    try:
        assert str(error) == "ván 1 tay 1: tổng số nước là 12, không phải 17"
        assert error.args[0] == "game 1 hand 1: tricks add up to 12, not 17"
    finally:
        install_translator(previous)
    assert str(error) == "game 1 hand 1: tricks add up to 12, not 17"


def test_the_settings_in_words_and_name_problems_are_translated(vietnamese):
    assert "Ván đến 500 điểm" in [str(line) for line in describe_settings(Settings(), 3)]
    assert name_problem("A" * 41) == "tên dài tối đa 40 ký tự, không phải 41"


def test_a_broken_translation_falls_back_to_english():
    previous = install_translator(lambda template: template.replace("%(total)s", "%(sum)s"))
    try:
        assert str(refusal_of(tricks_that_do_not_add_up)) == (
            "game 1 hand 1: tricks add up to 12, not 17"
        )
    finally:
        install_translator(previous)


def test_phrases_compare_by_template_and_params_and_with_their_english():
    three = Phrase(_("hand %(number)s"), number=3)
    assert three == Phrase(_("hand %(number)s"), number=3)
    assert three != Phrase(_("hand %(number)s"), number=4)
    assert three == "hand 3" and hash(three) == hash("hand 3")
    assert repr(three) == "Phrase('hand %(number)s', number=3)"
    assert RulesError(three).phrase is three
    with pytest.raises(TypeError):
        RulesError(three, number=4)


def test_a_template_without_params_is_shown_as_written(english):
    error = RulesError(_('side_pot_in: must be an object such as {"An": "0.50"}'))
    assert str(error) == 'side_pot_in: must be an object such as {"An": "0.50"}'


# Every refusal stays translatable: its message is a template marked with `_` (or a phrase
# built from one), never text put together before it is raised.
MESSAGE_TAKERS = ("RulesError", "Phrase", "fail")


def unmarked_messages(source: str) -> list[int]:
    """The lines where a message is an f-string, joined or formatted text, or unmarked text."""
    calls = [node for node in ast.walk(ast.parse(source)) if isinstance(node, ast.Call)]
    return [call.lineno for call in calls if unmarked(call)]


def unmarked(call: ast.Call) -> bool:
    name = getattr(call.func, "id", None) or getattr(call.func, "attr", None)
    if name == "_":  # the extraction of messages reads one plain string, nothing else
        plain = len(call.args) == 1 and isinstance(call.args[0], ast.Constant)
        return not (plain and isinstance(call.args[0].value, str))
    return name in MESSAGE_TAKERS and bool(call.args) and built_text(call.args[0])


def built_text(node) -> bool:
    formatted = isinstance(node, ast.Call) and getattr(node.func, "attr", None) == "format"
    plain = isinstance(node, ast.Constant) and isinstance(node.value, str)
    return formatted or plain or isinstance(node, ast.JoinedStr | ast.BinOp)


@pytest.mark.parametrize(
    "path",
    [path for rules in RULES for path in sorted(rules.rglob("*.py"))]
    + sorted(BASICS.rglob("*.py")),
    ids=lambda path: str(path.relative_to(ROOT)),
)
def test_every_message_of_the_rules_is_marked_for_translation(path):
    assert unmarked_messages(path.read_text()) == [], path.name


@pytest.mark.parametrize(
    "source",
    [
        'raise RulesError(f"round {number}: no dealer")',
        'raise RulesError("round " + str(number))',
        'raise RulesError("no dealer")',
        'table.fail("{count} tricks".format(count=3))',
        'Phrase(f"hand {number}")',
        '_(f"hand {number}")',
    ],
)
def test_the_scan_finds_a_message_that_cannot_be_translated(source):
    assert unmarked_messages(source) == [1]


def test_a_plural_phrase_follows_its_count_in_english(english):
    assert str(plural_phrase(_("%(count)s round"), _("%(count)s rounds"), 1)) == "1 round"
    assert str(plural_phrase(_("%(count)s round"), _("%(count)s rounds"), 6)) == "6 rounds"


def test_a_plural_phrase_takes_the_form_its_translator_picks():
    forms = {1: "%(count)s Runde", 6: "%(count)s Runden"}
    previous = install_translator(str, lambda one, many, count: forms[count])
    try:
        assert str(plural_phrase(_("%(count)s round"), _("%(count)s rounds"), 6)) == "6 Runden"
    finally:
        install_translator(previous)


def test_a_number_stays_a_number_for_its_placeholder(english):
    assert str(Phrase(_("%(name)s joined before round %(number)d"), name="An", number=3)) == (
        "An joined before round 3"
    )
