"""Every way in (a form, a log, a backup) takes text through the same checks: what does not
show as itself (controls, bidi marks, zero-width characters, NUL, line breaks) is refused with a
message and nothing is saved; a NUL in an address is no 500, on PostgreSQL too."""

import pytest
from django.urls import reverse

from ledger.models import Transaction
from tests.page_forms import form_on, submit
from tests.tracker.test_upload_limits import FOUR, backup, counts, refused, restore

HIDDEN = ["\u202e", "\u200b", "\u0007", "line\nbreak", "nul\u0000"]


@pytest.mark.parametrize("text", HIDDEN)
def test_a_restored_game_name_that_does_not_show_as_itself_is_refused(as_alice, group, text):
    before = counts()
    session = {"file": "session-1.json", "name": f"Friday{text}", "closed": True}
    assert refused(restore(as_alice, group, backup(logs=[session])), "name", before)


@pytest.mark.parametrize("text", HIDDEN)
def test_a_restored_payment_note_that_does_not_show_as_itself_is_refused(as_alice, group, text):
    before = counts()
    payment = {"from": "Dũng", "to": "Chi", "amount": "1.00", "note": f"cash{text}"}
    response = restore(as_alice, group, backup(payments=[payment], players=FOUR))
    assert refused(response, "note", before)


@pytest.mark.parametrize("text", ["\u202e", "\u200b", "\u0007"])
def test_a_typed_payment_note_that_does_not_show_as_itself_is_refused(as_bob, group, players, text):
    page = as_bob.get(reverse("payment_new", args=[group.pk]))
    typed = {"payer": players[1].pk, "payee": players[0].pk, "amount": "1.00", "note": f"a{text}"}
    answer = submit(as_bob, form_on(page, "/payments/new/"), **typed)
    assert "invisible or control character" in answer.content.decode()
    assert not Transaction.objects.exists()


@pytest.mark.parametrize("token", ["%00", "abc%00", "%E2%80%AE"])
def test_an_invite_address_with_a_nul_or_a_hidden_character_is_404(client, db, token):
    assert client.get(f"/invite/{token}/").status_code == 404
