"""A log longer than one import takes is refused with how to split it, and goes in in parts: its
first entries as a new game, the rest as more of that open game, which comes to the same
scores and money as entering every round or hand at the table."""

import json
import re
from decimal import Decimal
from pathlib import Path

import pytest
from django.urls import reverse

from basics.errors import RulesError
from core import games
from core.models import Change
from ledger.balances import player_balances
from ledger.models import Transaction
from tests.factories import GroupFactory, PlayerFactory, fresh
from tests.page_forms import form_on, submit
from tracker.catte import board as catte_board
from tracker.catte import rules as catte
from tracker.catte import services
from tracker.catte.models import CatteSession
from tracker.cutthroat import board as cutthroat_board
from tracker.cutthroat import rules as cutthroat
from tracker.cutthroat import services as tournaments
from tracker.gamelogs import registry
from tracker.sheets import rules as sheet
from tracker.sheets import services as sheets
from tracker.sheets.models import Sheet

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
STAKES = {"game_stake": Decimal("5.00"), "buy_in": Decimal("10.00")}


def example(name: str) -> dict:
    return json.loads((EXAMPLES / f"{name}.json").read_text())


def split(log: dict, first: int) -> tuple[dict, dict]:
    """The log's first `first` rounds, and the rest, each a log of its own."""
    return {**log, "rounds": log["rounds"][:first]}, {**log, "rounds": log["rounds"][first:]}


def split_hands(log: dict, first: int) -> tuple[dict, dict]:
    """A Cutthroat log cut after its `first` hands: a game cut in two goes on in the rest."""
    head, tail, seen = [], [], 0
    for game in log["games"]:
        hands = game["hands"]
        cut = max(0, min(len(hands), first - seen))
        head += [{"hands": hands[:cut]}] if cut else []
        tail += [{"hands": hands[cut:]}] if cut < len(hands) else []
        seen += len(hands)
    return {**log, "games": head}, {**log, "games": tail}


@pytest.fixture
def bounded(monkeypatch):
    for kind, most in (("sheet", 2), ("session", 3), ("tournament", 2)):
        monkeypatch.setattr(games.kind_named(kind), "most_imported", most)


def money(group) -> dict[str, Decimal]:
    return {player.name: amount for player, amount in player_balances(group)[0].items()}


def twin_table(names: list[str]):
    """Another group with players of the same names, to enter the log at the table."""
    twin = GroupFactory(name="Twin table", currency="EUR")
    return twin, [PlayerFactory(group=twin, name=name) for name in names]


def test_a_log_above_the_bound_is_refused_with_how_to_split_it_and_saves_nothing(
    as_bob, group, players, bounded
):
    text = json.dumps(example("sheet-poker-night"))
    response = as_bob.post(reverse("log_import", args=[group.pk]), {"text": text})
    page = " ".join(response.content.decode().split())
    assert "This log holds 3 rounds; one import takes at most 2" in page
    assert "Import its first 2 rounds as a new game, then the rest" in page
    assert not Sheet.objects.exists() and not Transaction.objects.exists()
    assert not Change.objects.exists()


def test_a_cutthroat_log_says_hands_and_a_catte_log_to_keep_its_first_part_open(bounded, group):
    with pytest.raises(RulesError, match="holds 4 hands; one import takes at most 2"):
        registry.check_size(example("cutthroat-tournament"))
    with pytest.raises(RulesError, match=r"the table keeps playing \(open\)"):
        registry.check_size(example("catte-evening"))
    registry.check_size(split(example("catte-evening"), 3)[0])  # 3 rounds: taken whole


def test_a_sheet_in_two_parts_comes_to_the_money_of_entering_every_round(bob, group, players):
    first, rest = split(example("sheet-poker-night"), 2)
    imported = registry.import_log(group, first, bob, create_missing=True)
    registry.append_log(imported, rest, bob)
    twin, seated = twin_table(first["players"])
    at_table = sheets.start(twin, seated, example("sheet-poker-night")["rules"], bob)
    for round_ in sheet.read_log(example("sheet-poker-night"))[2]:
        sheets.record_round(sheets.load(fresh(at_table)), round_, bob)
    assert registry.replay(registry.export(fresh(imported))) == registry.replay(
        registry.export(fresh(at_table))
    )
    assert money(group) == money(twin) and money(group)["Rex"] == Decimal("10.00")


def test_a_catte_evening_in_two_parts_comes_to_the_money_of_entering_every_round(bob, group):
    evening = example("catte-evening")
    first, rest = split(evening, 3)
    imported = registry.import_log(group, first, bob, create_missing=True, closed=False)
    registry.append_log(imported, rest, bob)
    twin, seated = twin_table(evening["players"])
    at_table = services.logs.start(twin, seated, evening["rules"], bob)
    for round_ in catte.read_log(evening)[2]:
        services.rounds.record_round(catte_board.load(fresh(at_table)), round_, bob)
    assert fresh(imported).state == fresh(at_table).state
    assert fresh(imported).rounds.count() == 4
    assert money(group) == money(twin) and any(money(group).values())


def test_a_tournament_cut_inside_a_game_comes_to_the_money_of_entering_every_hand(bob, group):
    whole = example("cutthroat-tournament")
    first, rest = split_hands(whole, 2)  # game 1's third hand, then game 2, are the rest
    imported = registry.import_log(group, first, bob, create_missing=True, money_rules=STAKES)
    registry.append_log(imported, rest, bob)
    twin, seated = twin_table(whole["players"])
    at_table = tournaments.start(twin, seated, whole["rules"], bob, money_rules=STAKES)
    for hand in cutthroat.parse_log(whole)[2]:
        tournaments.record_bids(cutthroat_board.load(fresh(at_table)), hand.bids, bob)
        board = cutthroat_board.load(fresh(at_table))
        tournaments.record_tricks(board, board.hands_played + 1, hand.tricks, hand.jacks, bob)
    assert fresh(imported).state == fresh(at_table).state
    assert fresh(imported).hands.count() == 4 == fresh(at_table).hands.count()
    assert money(group) == money(twin) and money(group)["Ben"] == Decimal("10.00")  # won game 1


def test_more_of_a_closed_session_is_refused_and_adds_nothing(bob, group):
    first, rest = split(example("catte-evening"), 3)
    closed = registry.import_log(group, first, bob, create_missing=True)
    changes = Change.objects.count()
    with pytest.raises(RulesError, match="is over: nothing more can be added"):
        registry.append_log(closed, rest, bob)
    assert fresh(closed).rounds.count() == 3 and Change.objects.count() == changes


def test_more_of_a_game_of_another_kind_is_refused_and_adds_nothing(bob, group):
    first, rest = split(example("catte-evening"), 3)
    open_sheet = registry.import_log(group, example("sheet-tien-len-example"), bob, True)
    with pytest.raises(RulesError, match="Cắt Tê log: it cannot go on Sheet 1, a Score sheet"):
        registry.append_log(open_sheet, rest, bob)
    assert fresh(open_sheet).rounds.count() == 1 and not CatteSession.objects.exists()


def test_more_of_a_game_with_other_players_is_refused_and_adds_nothing(bob, group, players):
    first, rest = split(example("catte-evening"), 3)
    session = registry.import_log(group, first, bob, create_missing=True, closed=False)
    others = json.loads(json.dumps(rest).replace('"An"', '"Xuân"'))  # An's seat, Xuân's rounds
    with pytest.raises(RulesError, match="players and rules are not those of this session"):
        registry.append_log(session, others, bob)
    assert fresh(session).rounds.count() == 3


def test_more_of_a_tournament_with_other_players_is_refused(bob, group):
    first, rest = split_hands(example("cutthroat-tournament"), 2)
    tournament = registry.import_log(group, first, bob, create_missing=True)
    others = {**rest, "players": ["Ana", "Cem", "Ben"]}  # the same players, other seats
    with pytest.raises(RulesError, match="players and rules are not those of this tournament"):
        registry.append_log(tournament, others, bob)
    assert fresh(tournament).hands.count() == 2


def test_the_page_adds_the_rest_as_more_of_the_open_session_it_offers(as_bob, group, bounded):
    first, rest = split(example("catte-evening"), 3)
    session = registry.import_log(group, first, None, create_missing=True, closed=False)
    page = as_bob.get(reverse("log_import", args=[group.pk]))
    assert "more of Session 1 (Cắt Tê)" in page.content.decode()
    chosen = re.search(r'value="(session-\d+-\d+)"', page.content.decode())[1]
    form = form_on(page, "/import/", "Import it as")
    response = submit(as_bob, form, text=json.dumps(rest), into=chosen)
    assert response.status_code == 302 and response["Location"] == session.get_absolute_url()
    assert fresh(session).rounds.count() == 4 and not fresh(session).is_closed


def test_the_same_part_sent_twice_is_added_once(as_bob, group, bounded):
    first, rest = split(example("catte-evening"), 3)
    session = registry.import_log(group, first, None, create_missing=True, closed=False)
    page = as_bob.get(reverse("log_import", args=[group.pk]))
    chosen = re.search(r'value="(session-\d+-\d+)"', page.content.decode())[1]
    form = form_on(page, "/import/", "Import it as")
    submit(as_bob, form, text=json.dumps(rest), into=chosen)
    again = submit(as_bob, form, text=json.dumps(rest), into=chosen)
    assert again["Location"] == reverse("log_import", args=[group.pk])
    assert fresh(session).rounds.count() == 4


def test_a_game_of_another_group_cannot_be_chosen(as_bob, group, bob):
    elsewhere = GroupFactory(name="Elsewhere")
    other = registry.import_log(elsewhere, example("sheet-tien-len-example"), bob, True)
    text = json.dumps(example("sheet-tien-len-example"))
    into = f"sheet-{other.pk}-{other.version}"
    response = as_bob.post(reverse("log_import", args=[group.pk]), {"text": text, "into": into})
    assert "That game is not one of this group" in response.content.decode()
    assert fresh(other).rounds.count() == 1 and not group.sheets.exists()
