"""A history line or a statement line written on one phone reads in each reader's language."""

from decimal import Decimal

from django.urls import reverse
from django.utils import translation

from basics.phrases import Phrase, install_translator, plural_phrase
from core.changes import line_of, record_change
from core.models import Change
from core.stored_messages import Joined, Money, render_stored, stored
from ledger.models import Transaction
from tests.factories import PlayerFactory, pay, take_back
from tracker.catte import board as catte_board
from tracker.catte import rules as catte
from tracker.catte import services
from tracker.cutthroat import services as cutthroat_services


def a_round_entered_in_german(group, players, user):
    session = services.logs.start(group, players, {"stake": "1.00", "side_pot_stake": "0.25"}, user)
    with translation.override("de"):
        played = catte.Round(tricks=["An"] * 4, side_pot_upturned="7H")
        services.rounds.record_round(catte_board.load(session), played, user)
    return session


def test_a_round_entered_in_german_reads_in_vietnamese_in_the_history(as_bob, group, players, bob):
    session = a_round_entered_in_german(group, players, bob)
    page = as_bob.get(session.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="vi").content.decode()
    assert "Ván 1: nước An, An, An, An; lật 7♥, không ai ăn" in page


def test_the_kept_english_text_is_the_same_whoever_wrote_it(group, players, bob):
    a_round_entered_in_german(group, players, bob)
    change = Change.objects.get(action=Change.Action.ROUND)
    assert change.summary == "Round 1: tricks An, An, An, An; upturned 7♥, no claim"


def test_a_payment_reads_in_the_readers_language_and_money(as_bob, group, players, bob):
    with translation.override("vi"):
        pay(group, players[3], players[2], Decimal("1234.50"), bob, "cash")
    statement = reverse("statement", args=[group.pk, players[3].pk])
    page = as_bob.get(statement, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Dũng hat Chi 1.234,50\xa0€ gezahlt (cash)" in page


def test_the_ledger_csv_writes_the_english_text(as_bob, group, players, bob):
    with translation.override("de"):
        pay(group, players[3], players[2], Decimal("1.00"), bob)
    response = as_bob.get(reverse("ledger_csv", args=[group.pk]), HTTP_ACCEPT_LANGUAGE="de")
    assert "Dũng paid Chi €1.00" in b"".join(response.streaming_content).decode()


def test_a_reversal_quotes_its_payment_in_the_readers_language(group, players, bob):
    payment = pay(group, players[3], players[2], Decimal("2.00"), bob)
    reversal = take_back(payment, bob)
    with translation.override("de"):
        assert reversal.line == "Storniert: Dũng hat Chi 2,00\xa0€ gezahlt"
    assert reversal.description == "Reversed: Dũng paid Chi €2.00"


def test_an_unnamed_session_is_named_in_the_readers_language(group, players, bob):
    session = a_round_entered_in_german(group, players, bob)
    entry = Transaction.objects.get(kind="round")
    with translation.override("vi"):
        assert entry.line == f"Buổi chơi {session.number} · ván 1"


def test_a_plural_follows_the_count_in_the_readers_language():
    with translation.override("de"):
        assert str(plural_phrase("Imported %(count)s hand", "Imported %(count)s hands", 1)) == (
            "1 Hand importiert"
        )
        assert str(plural_phrase("Imported %(count)s hand", "Imported %(count)s hands", 6)) == (
            "6 Hände importiert"
        )


def test_a_line_written_before_words_were_kept_reads_as_it_was_written(group, players, alice):
    tournament = cutthroat_services.start(group, players[:3], {"preset": "official"}, alice)
    change = record_change(game=tournament, action="undo", summary="Hand 3 undone")
    assert change.words is None and line_of(change) == "Hand 3 undone"


def test_words_that_cannot_be_read_show_the_english_text():
    for words in [{"said": 5}, {"said": ""}, {"money": "abc", "currency": "EUR"}, ["x"], True]:
        assert render_stored(words, "Round 2 undone") == "Round 2 undone"
    deep = {"said": "%(x)s", "args": {}}
    for _ in range(20):
        deep = {"said": "%(x)s", "args": {"x": deep}}
    assert render_stored(deep, "too deep") == "too deep"


def test_a_stored_message_reads_back_as_it_was_written():
    line = Phrase("%(payer)s paid %(payee)s %(amount)s", payer="An", payee="Bình",
                amount=Money(Decimal("12000"), "VND"))  # fmt: skip
    joined = Joined("; ", [line, Phrase("Session reopened")])
    with translation.override("vi"):
        assert (
            render_stored(stored(joined), "") == "An đã trả Bình 12.000\xa0₫; Đã mở lại buổi chơi"
        )


def test_names_listed_in_a_phrase_read_back_joined_not_as_a_list():
    line = Phrase("Round %(number)s: %(round)s", number=2,
                  round=Phrase("places %(places)s", places=["Chi", "An", "Bình"]))  # fmt: skip
    assert render_stored(stored(line), "") == "Round 2: places Chi, An, Bình"


def test_a_broken_translation_reads_in_english():
    previous = install_translator(lambda template: "%(nobody)s zahlte")
    try:
        line = Phrase("%(payer)s paid %(payee)s %(amount)s", payer="An", payee="Bình", amount="€1")
        assert str(line) == "An paid Bình €1"
    finally:
        install_translator(previous)


def test_a_round_of_long_names_is_kept_whole_though_its_english_text_fits_its_column(group, bob):
    names = ["N" * 36 + str(seat) for seat in range(5)]
    seated = [PlayerFactory(group=group, name=name) for name in names]
    session = services.logs.start(group, seated, {"stake": "1.00"}, bob)
    tricks = [names[0], names[1], names[2], names[3], names[0], names[0]]
    played = catte.Round(tricks=tricks, folds=[names[4]])
    services.rounds.record_round(catte_board.load(session), played, bob)
    change = Change.objects.get(action=Change.Action.ROUND)
    assert len(change.summary) == 200 and change.summary.endswith("…")
    assert line_of(change).endswith(f"folded: {names[4]}")
