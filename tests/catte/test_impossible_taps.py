"""A tap the round could not have had is refused before it is stored, with a message next to
the entry; nothing stored stops a session's page or its correction page from rendering."""

import pytest
from django.urls import reverse
from hypothesis import given, settings
from hypothesis import strategies as st

from tracker.catte import board as catte_board
from tracker.catte import rules as catte_rules
from tracker.catte import services
from tracker.catte.draft import RoundDraft
from tracker.catte.models import CatteSession, Round

SITS_OUT_A_WINNER = ["t0", "R2", "a2"]  # trick 1 to An, the rest to Chi, then Chi sits out


@pytest.fixture
def session(group, bob, players):
    return services.logs.start(group, players, {"stake": "1.00"}, bob)


def entry_url(session):
    return reverse("round_entry", args=[session.group_id, session.pk])


def test_sitting_out_a_player_who_won_a_trick_is_refused_and_not_stored(as_bob, session):
    for version, tap in enumerate(SITS_OUT_A_WINNER):
        answer = as_bob.post(
            entry_url(session), {"number": 1, "draft_version": version, "tap": tap}
        )
        assert answer.status_code == 200
    assert "won a trick" in answer.content.decode()
    assert CatteSession.objects.get().draft == ["t0", "R2"]
    assert as_bob.get(session.get_absolute_url()).status_code == 200


def test_a_whole_round_that_could_not_be_played_is_refused_and_not_stored(as_bob, session):
    sent = {"number": 1, "taps": " ".join(SITS_OUT_A_WINNER), "tap": "save"}
    assert as_bob.post(entry_url(session), sent).status_code == 200
    assert CatteSession.objects.get().draft == [] and not Round.objects.exists()
    assert as_bob.get(session.get_absolute_url()).status_code == 200


def test_a_draft_stored_before_such_taps_were_refused_still_renders(as_bob, session):
    CatteSession.objects.filter(pk=session.pk).update(draft=SITS_OUT_A_WINNER, draft_version=3)
    assert as_bob.get(session.get_absolute_url()).status_code == 200
    saved = as_bob.post(entry_url(session), {"number": 1, "draft_version": 3, "tap": "save"})
    assert saved.status_code < 500 and not Round.objects.exists()


def test_the_correction_page_refuses_the_same_taps(as_bob, session, bob):
    services.rounds.save_round(catte_board.load(session), 1, None, bob, ["t0", "t0", "t0", "t0"])
    url = reverse("round_edit", args=[session.group_id, session.pk, 1])
    assert as_bob.get(url, {"taps": " ".join(SITS_OUT_A_WINNER)}).status_code == 200
    answer = as_bob.post(url, {"taps": "t0 R2", "tap": "a2"})
    assert answer.status_code == 200 and "won a trick" in answer.content.decode()


TAPS = st.sampled_from(
    [f"{kind}{seat}" for kind in "atfxR" for seat in range(4)]
    + [f"c{who}" for who in "0123-"] + [f"e{who}" for who in "0123-"]
    + ["u7H", "uAS", "w1.four_aces", "k"]
)  # fmt: skip


@settings(max_examples=3000, deadline=None)
@given(taps=st.lists(TAPS, max_size=14))
def test_taps_taken_one_by_one_always_leave_a_round_the_page_can_show(taps):
    names = ["An", "Bình", "Chi", "Dũng"]
    rules = catte_rules.settings_from_rules({"stake": "1.00", "side_pot_stake": "0.25"})
    draft = RoundDraft(names, rules, 0)
    for tap in taps:
        if draft.refusal(tap) is None:
            draft = RoundDraft(names, rules, 0, [*draft.taps, tap])
    assert draft.inconsistency() is None


def test_a_player_tapped_in_the_round_cannot_then_sit_it_out():
    rules = catte_rules.settings_from_rules({"stake": "1.00"})
    draft = RoundDraft(["An", "Bình", "Chi", "Dũng"], rules, 0, ["x0"])
    assert draft.refusal("a0") == "An was tapped in this round and so is at the table."
    assert draft.refusal("a1") is None


def test_a_player_sitting_out_or_folded_is_offered_nothing_the_rules_would_refuse():
    rules = catte_rules.settings_from_rules({"stake": "1.00"})
    draft = RoundDraft(["An", "Bình", "Chi", "Dũng"], rules, 0, ["a1", "f2"])
    assert draft.refusal("w1.four_aces") == "Bình sits this round out."
    assert draft.refusal("x1") == "Bình sits this round out."
    assert draft.refusal("w2.four_aces") == "Chi folded and so cannot win the round."
