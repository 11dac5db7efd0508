"""The offline sheet asks what the online entry asks: the same random rounds, tapped through
`RoundDraft` (and the gate's refusals) and through tracker/catte/static/catte/catte_round.js, ask
the same questions step by step and refuse the same taps with the same words."""

import json
import random
from decimal import Decimal
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.utils import translation

from tracker.catte import rules as catte
from tracker.catte.draft import RoundDraft
from tracker.catte.offline_round import sheet_rules, sheet_words
from tracker.catte.rules.cards import RANKS, SUITS
from tracker.catte.services.tapping import _refusal as gate_refusal
from tracker.catte.taps import next_taps

pytestmark = pytest.mark.browser

SCRIPT = Path(django_settings.BASE_DIR) / "tracker/catte/static/catte/catte_round.js"
ROUNDS, MOST_STEPS = 600, 40
HANDS = ("four_aces", "four_of_a_kind", "flush")

# The rounds go in and the questions come out as JSON text: Playwright's own passing of a few
# megabytes of objects takes ten times as long.
REPLAY = """(text) => JSON.stringify(JSON.parse(text).map(({rules, words, steps}) => {
  const asked = [];
  let taps = [];
  for (const step of steps) {
    const draft = cardtableCatteRound.draft(rules, taps);
    const refusal = draft.buttonRefusal(step.tap, words);
    asked.push({questions: draft.questions(words), refusal: refusal});
    if (refusal === null) {
      if (step.tap === "undo") { taps = taps.slice(0, -1); }
      else if (step.tap === "restart") { taps = []; }
      else if (step.tap !== "save") { taps = taps.concat([step.tap]); }
    }
  }
  return asked;
}))"""


def random_table(rng: random.Random) -> RoundDraft:
    """A table of 3 to 6 with random settings, some seats away."""
    seats = rng.randint(3, 6)
    settings = catte.Settings(
        stake=Decimal(1),
        sweep_double_min_players=rng.choice([None, 3, 4, 5, 6]),
        auto_wins=tuple(hand for hand in HANDS[1:] if rng.random() < 0.5),
        ace_penalty=rng.random() < 0.5,
        side_pot_stake=Decimal(rng.choice([0, 1])),
    )
    away = [seat for seat in range(seats) if rng.random() < 0.15][: seats - 3]
    names = [f"P{seat}" for seat in range(seats)]
    return RoundDraft(names, settings, rng.randrange(seats), away=away)


def random_tap(rng: random.Random, seats: int) -> str:
    """Any button the page could send, often one the server refuses; tricks most often."""
    seat = rng.randrange(seats) if rng.random() < 0.95 else seats  # or one the table lacks
    kind = rng.choices("tfaxRceuwrsk!", weights=[30, 8, 4, 3, 3, 4, 4, 5, 3, 1, 1, 1, 6])[0]
    if kind in "tfaxR":
        return f"{kind}{seat}"
    if kind in "ce":
        return f"{kind}{rng.choice([str(seat), '-'])}"
    if kind == "u":
        return f"u{rng.choice(RANKS)}{rng.choice(list(SUITS))}"
    if kind == "r":
        return f"r{rng.choice(RANKS)}"
    if kind == "s":
        return f"s{rng.choice(list(SUITS))}"
    if kind == "w":
        return f"w{seat}.{rng.choice(HANDS)}"
    return rng.choice(["k", "undo", "undo", "restart", "save", "save", "save"])


def questions(draft: RoundDraft) -> dict:
    return {
        "step": draft.next_step,
        "next_trick": draft.next_trick,
        "can_win_next": draft.can_win_next,
        "offers_auto_win": draft.offers_auto_win,
        "asks_ace": draft.asks_ace,
        "asks_claim_at_the_end": draft.asks_claim_at_the_end,
        "needs_card": draft.needs_card,
        "ready": draft.ready,
        "missing": draft.missing,
        # Whose buttons each question offers (draft_buttons.py).
        "at_table": seats(draft.fold_buttons),
        "still_in": seats(draft.auto_win_buttons[0]["players"]),
        "ace_seats": seats(draft.ace_buttons),
    }


def seats(buttons: list[dict]) -> list[int]:
    return [button["seat"] for button in buttons]


def refusal_of(draft: RoundDraft, tap: str) -> str | None:
    """Why the server refuses the button: the gate's refusal, or on saving what is missing."""
    return draft.missing if tap == "save" else gate_refusal(draft, tap)


def play(rng: random.Random) -> dict:
    """One round tapped at random until it is saved: each step's tap, the questions asked
    before it and why it was refused."""
    table = random_table(rng)
    rules, words = sheet_rules(table), sheet_words(table)
    steps, taps = [], []
    for _step in range(MOST_STEPS):
        draft = RoundDraft(table.names, table.settings, table.due_dealer, taps, away=table.away)
        tap = random_tap(rng, len(table.names))
        refusal = refusal_of(draft, tap)
        steps.append({"tap": tap, "questions": questions(draft), "refusal": refusal})
        if tap == "save" and refusal is None:
            break
        taps = taps if refusal else next_taps(taps, tap)
    return {"rules": rules, "words": words, "steps": steps}


def first_difference(rounds: list[dict], asked: list[list[dict]]) -> str | None:
    for number, (played, replayed) in enumerate(zip(rounds, asked, strict=True), start=1):
        pairs = zip(played["steps"], replayed, strict=True)
        for step, (online, offline) in enumerate(pairs, start=1):
            expected = {"questions": online["questions"], "refusal": online["refusal"]}
            if offline != expected:
                taps = [s["tap"] for s in played["steps"][:step]]
                return (
                    f"round {number}, step {step}, tap {online['tap']} (taps {taps}, "
                    f"rules {played['rules']}): online {expected}, offline {offline}"
                )
    return None


@pytest.fixture
def blank_page(browser):
    context = browser.new_context()
    page = context.new_page()
    page.add_script_tag(path=str(SCRIPT))
    yield page
    context.close()


def random_rounds() -> list[dict]:
    rng = random.Random(20261205)
    with translation.override("en"):
        return [play(rng) for _round in range(ROUNDS)]


def test_the_random_rounds_are_saved_refused_and_sweep_often_enough():
    steps = [step for played in random_rounds() for step in played["steps"]]
    saved = [step for step in steps if step["tap"] == "save" and not step["refusal"]]
    refused = [step for step in steps if step["refusal"]]
    asked = {step["questions"]["step"] for step in steps}
    assert len(steps) > 15_000 and len(saved) > 250 and 3_000 < len(refused) < 12_000
    assert asked == {"card", "trick", "ace", "save"}


def test_the_sheet_asks_and_refuses_what_the_online_entry_does_in_random_rounds(blank_page):
    rounds = random_rounds()
    asked = json.loads(blank_page.evaluate(REPLAY, json.dumps(rounds)))
    assert first_difference(rounds, asked) is None, first_difference(rounds, asked)
