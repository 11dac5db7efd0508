"""Evenings as they happen: a player joins an open session, leaves for the evening in one tap,
comes back; the deal, the export and the money follow."""

from decimal import Decimal

import pytest
from django.urls import reverse

from basics.errors import RulesError
from core.models import Change, Player
from ledger.balances import player_balances
from tests.factories import PlayerFactory, fresh
from tracker.catte import board as catte_board
from tracker.catte import changes, services
from tracker.catte import rules as catte
from tracker.catte.forms import RoundForm
from tracker.catte.models import Round, SessionSeat

SIDE_POT = {"stake": "1.00", "side_pot_stake": "0.50"}


def sweep(name, upturned=None, claimed_by=None, absent=()):
    return catte.Round(
        tricks=[name] * 4,
        absent=list(absent),
        side_pot_upturned=upturned,
        side_pot_claimed_by=claimed_by,
    )


def board_of(session):
    return catte_board.load(fresh(session))


def played(session, *rounds):
    for round_ in rounds:
        services.rounds.record_round(board_of(session), round_, None)
    return board_of(session)


def joined(session, name, user=None):
    board = board_of(session)
    player = Player.objects.get(group=session.group, name=name)
    services.seating.join(board, board.session.version, user, player)
    return board_of(session)


def left(session, name, user=None):
    board = board_of(session)
    player = Player.objects.get(group=session.group, name=name)
    services.seating.leave(board, player.pk, board.session.version, user)
    return board_of(session)


def money(group) -> dict[str, Decimal]:
    return {player.name: amount for player, amount in player_balances(group)[0].items()}


@pytest.fixture
def three(group, bob, players):
    """An, Bình and Chi at the table, two rounds played; Dũng is a player of the group."""
    session = services.logs.start(group, players[:3], {"stake": "1.00"}, bob)
    played(session, sweep("An"), sweep("Bình"))
    return session


def test_a_player_who_joins_takes_the_next_seat_and_sat_out_the_rounds_before(three, bob):
    board = joined(three, "Dũng", bob)
    assert board.names == ["An", "Bình", "Chi", "Dũng"]
    assert SessionSeat.objects.get(player__name="Dũng").joined_after_round == 2
    assert [row.entry for row in Round.objects.all()] == [{"tricks": [0] * 4}, {"tricks": [1] * 4}]
    played_round = board.played(three.rounds.get(number=1))
    assert played_round.round.absent == ["Dũng"]
    assert played_round.result.net["Dũng"] == Decimal("0")
    change = Change.objects.get(action=changes.Action.JOIN)
    assert change.summary == "Dũng joined before round 3" and change.user == bob


def test_a_join_moves_no_money_and_the_next_round_deals_him_in(three, group):
    before = money(group)
    board = joined(three, "Dũng")
    assert money(group) == before
    board = played(three, sweep("Dũng"))
    # Four at the table: Dũng's sweep pays double.
    assert board.state.running == {
        "An": Decimal("-1.00"),
        "Bình": Decimal("-1.00"),
        "Chi": Decimal("-4.00"),
        "Dũng": Decimal("6.00"),
    }
    assert money(group)["Dũng"] == Decimal("6.00")


def test_a_new_name_joins_as_a_new_player_of_the_group(three, group, alice):
    board = board_of(three)
    services.seating.join(board, board.session.version, alice, new_name="Éric")
    assert board_of(three).names[-1] == "Éric"
    assert Player.objects.filter(group=group, name="Éric").exists()


def test_it_refuses_a_player_already_at_the_table(three, players):
    board = board_of(three)
    with pytest.raises(RulesError, match="Bình already sits at this table"):
        services.seating.join(board, board.session.version, None, players[1])
    assert SessionSeat.objects.filter(session=three).count() == 3


def test_it_refuses_a_ninth_player(group, bob):
    seated = [PlayerFactory(group=group, name=f"P{n}") for n in range(1, 10)]
    session = services.logs.start(group, seated[:8], {"stake": "1.00"}, bob)
    board = board_of(session)
    with pytest.raises(RulesError, match="at most 8 players"):
        services.seating.join(board, board.session.version, bob, seated[8])


def test_it_refuses_a_join_to_a_closed_session(three, players, bob):
    services.closing.close(board_of(three), three.version, bob)
    with pytest.raises(RulesError, match="closed"):
        services.seating.join(board_of(three), fresh(three).version, bob, players[3])


def test_a_player_who_left_starts_every_new_round_sitting_out(three, bob):
    board = left(three, "Chi", bob)
    form = RoundForm(board=board)
    assert form.draft.absent == [2] and form.draft.to_round().absent == ["Chi"]
    change = Change.objects.get(action=changes.Action.LEAVE)
    assert change.summary == "Chi left before round 3"
    assert SessionSeat.objects.get(player__name="Chi").left_after_round == 2


def test_the_table_may_seat_him_again_for_one_round(three):
    board = left(three, "Chi")
    assert board.draft_of(["a2"]).absent == []


def test_back_at_the_table_he_plays_the_next_round_again(three, players, bob):
    left(three, "Chi")
    board = board_of(three)
    services.seating.come_back(board, players[2].pk, board.session.version, bob)
    board = board_of(three)
    assert RoundForm(board=board).draft.absent == []
    assert Change.objects.filter(action=changes.Action.BACK).get().summary.startswith("Chi back")


def test_leaving_twice_or_coming_back_without_leaving_is_refused(three, players):
    board = left(three, "Chi")
    with pytest.raises(RulesError, match="Chi has already left"):
        services.seating.leave(board, players[2].pk, board.session.version, None)
    with pytest.raises(RulesError, match="An is at the table"):
        services.seating.come_back(board, players[0].pk, board.session.version, None)


def test_leaving_drops_the_taps_that_sat_him_out_of_the_round_being_entered(three, bob):
    board = board_of(three)
    services.tapping.tap(board, 3, board.session.draft_version, "a2", bob)
    board = left(three, "Chi", bob)
    assert board.session.draft == [] and board.draft_of([]).absent == [2]


def test_the_deal_skips_a_player_who_left(group, bob, players):
    session = services.logs.start(group, players, {"stake": "1.00"}, bob)
    played(session, sweep("An"))
    board = left(session, "An")
    assert board.state.due_dealer == "An" and board.next_dealer == "Bình"
    draft = board.draft_of(["t1", "t1", "t1", "t1"])
    assert draft.dealer_name == "Bình"
    services.rounds.save_round(board, 2, None, bob, draft.taps)
    result = board_of(session).played(session.rounds.get(number=2)).result
    assert result.dealer == "Bình" and result.at_table == ["Bình", "Chi", "Dũng"]


def test_an_exported_evening_with_a_join_and_a_leave_replays_to_the_same_money(group, bob, players):
    session = services.logs.start(group, players[:3], SIDE_POT, bob)
    played(session, sweep("An", "7H"), sweep("Bình", "9D"))
    joined(session, "Dũng")
    played(session, sweep("Dũng", "2C", "Chi"))
    board = left(session, "An")
    services.rounds.save_round(
        board, 4, None, bob, board.draft_of(["u5S", "c-", "t1"] + ["t1"] * 3).taps
    )
    board = board_of(session)
    log = services.logs.export_game(session)
    assert log["players"] == ["An", "Bình", "Chi", "Dũng"]
    assert [entry.get("absent") for entry in log["rounds"]] == [["Dũng"], ["Dũng"], None, ["An"]]
    # Dũng's sweep with four pays double, Chi claims the side pot of 5.00; An has left in round 4.
    result, _ = catte.replay(log)
    assert result["totals"] == {"An": "-2.50", "Bình": "-0.50", "Chi": "-1.50", "Dũng": "4.50"}
    at_close = {name: catte.format_money(a) for name, a in board.at_close.totals.items()}
    assert at_close == result["totals"]
    running = {"An": "-2.50", "Bình": "-1.00", "Chi": "-2.00", "Dũng": "4.00"}
    assert {n: catte.format_money(a) for n, a in money(group).items()} == running
    assert player_balances(group)[2] == Decimal("1.50")


def test_an_export_with_a_join_imports_as_the_same_evening(three, group, bob):
    joined(three, "Dũng")
    played(three, sweep("Dũng"))
    log = services.logs.export_game(three)
    copy = services.logs.import_log(group, log, bob, closed=False)
    assert catte.replay(services.logs.export_game(copy)) == catte.replay(log)
    assert board_of(copy).state.running == board_of(three).state.running


def test_undoing_the_round_before_a_join_seats_him_for_it(three, bob):
    joined(three, "Dũng")
    board = board_of(three)
    services.rounds.undo_last(board, board.session.version, bob)
    assert SessionSeat.objects.get(player__name="Dũng").joined_after_round == 1
    board = played(three, sweep("Dũng"))
    assert board.played(three.rounds.get(number=2)).result.winner == "Dũng"
    assert "Dũng now joined before round 2" in Change.objects.get(action="undo").summary


def test_a_correction_before_he_joined_keeps_him_out_and_his_name_out_of_the_entry(three, bob):
    board = joined(three, "Dũng")
    with pytest.raises(RulesError, match="Dũng joined after round 1"):
        services.rounds.correct_round(board, 1, board.session.version, sweep("Chi"), bob)
    board = board_of(three)
    services.rounds.correct_round(
        board, 1, board.session.version, sweep("Chi", absent=["Dũng"]), bob
    )
    assert three.rounds.get(number=1).entry == {"tricks": [2] * 4}


def test_a_scorer_leaves_and_brings_back_a_player_with_one_tap_each(as_bob, three, players):
    url = reverse("session_leave", args=[three.group.pk, three.pk, players[2].pk])
    assert as_bob.post(url, {"version": 2}).status_code == 302
    assert SessionSeat.objects.get(player=players[2]).left_after_round == 2
    html = as_bob.get(three.get_absolute_url()).content.decode()
    assert "Back at the table" in html and "left before round 3" in html
    url = reverse("session_back", args=[three.group.pk, three.pk, players[2].pk])
    assert as_bob.post(url, {"version": 3}).status_code == 302
    assert SessionSeat.objects.get(player=players[2]).left_after_round is None


def test_a_scorer_seats_a_player_of_the_group(as_bob, three, players):
    url = reverse("session_join", args=[three.group.pk, three.pk])
    assert as_bob.post(url, {"version": 2, "player": players[3].pk}).status_code == 302
    assert [seat.player for seat in three.seats.all()] == players


def test_only_an_owner_may_seat_a_new_name(as_bob, three):
    url = reverse("session_join", args=[three.group.pk, three.pk])
    as_bob.post(url, {"version": 2, "new_name": "Éric"}, follow=True)
    assert not Player.objects.filter(name="Éric").exists()


def test_an_owner_seats_a_new_name(as_alice, three):
    url = reverse("session_join", args=[three.group.pk, three.pk])
    assert as_alice.post(url, {"version": 2, "new_name": "Éric"}).status_code == 302
    assert three.seats.get(seat=3).player.name == "Éric"


def test_a_stale_page_seats_nobody(as_bob, three, players):
    url = reverse("session_join", args=[three.group.pk, three.pk])
    html = as_bob.post(url, {"version": 1, "player": players[3].pk}, follow=True)
    assert "changed on another phone" in html.content.decode()
    assert three.seats.count() == 3


def urls(session, player):
    args = [session.group.pk, session.pk]
    return [
        reverse("session_join", args=args),
        reverse("session_leave", args=[*args, player.pk]),
        reverse("session_back", args=[*args, player.pk]),
    ]


def test_an_outsider_gets_404_for_joining_leaving_and_coming_back(as_dave, three, players):
    for url in urls(three, players[2]):
        assert as_dave.post(url, {"version": 2, "player": players[3].pk}).status_code == 404
    assert three.seats.count() == 3 and not Change.objects.filter(action="leave").exists()


def test_a_viewer_is_refused_joining_leaving_and_coming_back(as_carol, three, players):
    for url in urls(three, players[2]):
        assert as_carol.post(url, {"version": 2, "player": players[3].pk}).status_code == 403
    assert three.seats.count() == 3 and not Change.objects.filter(action="leave").exists()


def test_leaving_is_a_post_only_and_names_a_player_of_the_table(as_bob, three, players):
    leave_dung = urls(three, players[3])[1]
    assert as_bob.post(leave_dung, {"version": 2}).status_code == 404
    assert as_bob.get(urls(three, players[2])[1]).status_code == 405


def test_a_viewer_sees_no_leave_buttons(as_carol, three):
    html = as_carol.get(three.get_absolute_url()).content.decode()
    assert "Leaves" not in html and "A player joins" not in html
