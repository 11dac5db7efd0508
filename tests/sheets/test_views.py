"""The score sheet's pages, their forms posted as the pages draw them: a sheet started, a round
tapped in and saved, checked before Save, corrected and undone; bad input refused with a clear
message and nothing saved; and every page closed to outsiders."""

import pytest
from django.urls import reverse

from tests.factories import fresh
from tests.page_forms import form_on, submit
from tracker.sheets import rules as sheet
from tracker.sheets import services
from tracker.sheets.board import load

TIEN_LEN = {"stake": "1.00", "preset": "tien_len"}


@pytest.fixture
def tien_len(group, players, bob):
    return services.start(group, players, TIEN_LEN, bob)


@pytest.fixture
def hearts(group, players, bob):
    return services.start(group, players, {"stake": "0.10", "preset": "hearts"}, bob)


def round_form(client, sheet_row):
    return form_on(client.get(sheet_row.get_absolute_url()), "/rounds/", "Save round")


def test_a_scorer_starts_a_tien_len_sheet_from_the_form_as_drawn(as_bob, group, players):
    page = as_bob.get(reverse("sheet_new", args=[group.pk]))
    form = form_on(page, text="Start the sheet")
    seats = {f"seat_{n}": str(players[n].pk) for n in range(4)}
    response = submit(as_bob, form, game="tien_len", stake="1.00", **seats)
    sheet_row = group.sheets.get()
    assert response.status_code == 302 and response["Location"] == sheet_row.get_absolute_url()
    assert sheet_row.rules["preset"] == "tien_len" and sheet_row.rules["frozen"] == 4
    assert [seat.player.name for seat in sheet_row.seats.all()] == ["An", "Bình", "Chi", "Dũng"]


def test_a_round_of_places_is_the_players_in_the_order_they_went_out(as_bob, tien_len):
    form = round_form(as_bob, tien_len)
    response = submit(as_bob, form, place_1="2", place_2="0", place_3="1")
    assert response.status_code == 302
    assert fresh(tien_len).rounds.get().entry["places"] == [2, 0, 1, 3]


def test_the_worked_example_is_tapped_in_with_its_chop_chopped_in_turn(as_bob, tien_len):
    form = round_form(as_bob, tien_len)
    submit(
        as_bob,
        form,
        place_1="0",
        place_2="1",
        place_3="2",
        leftover_1_red_two="1",
        leftover_1_black_two="1",
        chop_1_1_chopper="2",
        chop_1_1_chopped="3",
        chop_1_1_what="black_two",
        chop_1_2_chopper="1",
        chop_1_2_what="three_pairs",
    )
    board = load(fresh(tien_len))
    assert board.state.running["Bình"] == 5 and board.state.running["Chi"] == -5


def test_who_sat_out_the_round_before_is_ticked_on_the_next_and_named_on_its_part(as_bob, hearts):
    submit(
        as_bob, round_form(as_bob, hearts), points_0="5", points_1="0", points_2="21", absent_3="on"
    )
    form = round_form(as_bob, hearts)
    assert form.fields["number"] == "2" and form.fields["absent_3"] == "on"
    response = submit(as_bob, form, points_0="1", points_1="2", points_2="23")
    assert response.status_code == 302 and fresh(hearts).rounds.get(number=2).entry["absent"] == [3]


def test_the_sitting_out_part_names_who_sits_out(as_bob, tien_len, bob):
    services.record_round(
        load(tien_len), sheet.Round(absent=["Dũng"], places=["An", "Bình", "Chi"]), bob
    )
    page = as_bob.get(tien_len.get_absolute_url()).content.decode()
    assert "Sitting out<span data-absent-names>: Dũng</span>" in page


def test_a_points_round_is_a_number_per_player(as_bob, hearts):
    form = round_form(as_bob, hearts)
    submit(as_bob, form, points_0="3", points_1="0", points_2="13", points_3="10")
    board = load(fresh(hearts))
    assert board.state.points == {"An": 3, "Bình": 0, "Chi": 13, "Dũng": 10}
    assert str(board.state.running["Bình"]) == "2.60"  # 4 × 0 − 26 points, turned: the fewest win


def test_a_player_ticked_as_sitting_out_has_no_points(as_bob, hearts):
    form = round_form(as_bob, hearts)
    submit(as_bob, form, points_0="5", points_1="0", points_2="21", absent_3="on")
    assert fresh(hearts).rounds.get().entry["absent"] == [3]


def refused(client, sheet_row, **tapped) -> str:
    """The page's message for a round tapped so; nothing is saved."""
    response = submit(client, round_form(client, sheet_row), **tapped)
    assert response.status_code == 200 and not fresh(sheet_row).rounds.exists()
    return response.content.decode()


def test_places_that_skip_are_refused_with_a_clear_message(as_bob, tien_len):
    page = refused(as_bob, tien_len, place_1="0", place_3="1")
    assert "No one is tapped second, but someone is third: tap the places in order." in page


def test_a_player_tapped_twice_is_refused(as_bob, tien_len):
    page = refused(as_bob, tien_len, place_1="0", place_2="1", place_3="0")
    assert "An is tapped twice: first and third." in page


def test_places_left_out_are_refused(as_bob, tien_len):
    page = refused(as_bob, tien_len, place_1="0")
    assert "Tap the places of Bình, Chi, Dũng: only the last one follows by itself." in page


def test_a_chop_chopped_in_turn_without_its_bomb_is_refused(as_bob, tien_len):
    page = refused(
        as_bob,
        tien_len,
        place_1="0",
        place_2="1",
        place_3="2",
        chop_1_1_chopper="2",
        chop_1_1_chopped="3",
        chop_1_1_what="black_two",
        chop_1_2_chopper="1",
    )
    assert "Chop 1: tap who chopped in turn and the bomb he chopped." in page


def test_a_refusal_is_said_next_to_save_and_in_the_part_it_is_about(as_bob, tien_len):
    page = refused(as_bob, tien_len, place_1="0", place_2="1", place_3="2", pay_1_payer="1")
    said = "Payment 1: tap who pays and to whom."
    chop, payment = page.split('data-chop="1"')[1], page.split("A payment</summary>")[1]
    assert f'<p class="error fault" id="round-fault">{said}</p>' in payment.split("</details>")[0]
    assert said not in chop.split("</details>")[0]
    assert f'<span class="error">{said}</span>' in page.split('id="round-check"')[1]
    assert 'class="flash error"' not in page


def test_a_choice_the_form_does_not_offer_is_refused_by_its_name(as_bob, tien_len):
    page = refused(
        as_bob,
        tien_len,
        place_1="0",
        place_2="1",
        place_3="2",
        chop_1_1_chopper="2",
        chop_1_1_chopped="3",
        chop_1_1_what="black_two",
        chop_1_2_chopper="1",
        chop_1_2_what="pair_of_red_twos",
    )
    assert "The bomb he chopped: Select a valid choice." in page


def test_a_payment_to_oneself_is_refused(as_bob, tien_len):
    page = refused(
        as_bob,
        tien_len,
        place_1="0",
        place_2="1",
        place_3="2",
        pay_1_payer="1",
        pay_1_payee="1",
        pay_1_name="bounty",
        pay_1_units="1",
    )
    assert "Bình: cannot pay himself" in page


def test_points_beyond_a_sane_bound_are_refused(as_bob, hearts):
    response = submit(
        as_bob,
        round_form(as_bob, hearts),
        points_0="3",
        points_1="0",
        points_2="100001",
        points_3="1",
    )
    assert "Ensure this value is less than or equal to 100000." in response.content.decode()
    assert not fresh(hearts).rounds.exists()


def test_a_frozen_player_who_also_placed_is_refused(as_bob, tien_len):
    page = refused(as_bob, tien_len, place_1="0", place_2="1", place_3="3", frozen_3="on")
    assert "Dũng is frozen: he takes a last place by himself; tap the others." in page


def test_a_frozen_player_takes_the_last_place_by_himself(as_bob, tien_len):
    submit(as_bob, round_form(as_bob, tien_len), place_1="0", place_2="1", frozen_3="on")
    entry = fresh(tien_len).rounds.get().entry
    assert entry["places"] == [0, 1, 2, 3] and entry["frozen"] == [3]


def test_the_round_is_checked_in_words_and_money_before_save(as_bob, tien_len):
    form = round_form(as_bob, tien_len)
    check = reverse("sheet_round_check", args=[tien_len.group_id, tien_len.pk])
    data = form.filled(
        place_1="0",
        place_2="1",
        place_3="2",
        chop_1_1_chopper="2",
        chop_1_1_chopped="3",
        chop_1_1_what="black_two",
    )
    html = as_bob.post(check, data, headers={"HX-Request": "true"}).content.decode()
    assert "first An · second Bình · third Chi · last Dũng" in html
    assert (
        "Dũng → An €2.00 (last to first)" in html and "Dũng → Chi €1.00 (chop: a black 2)" in html
    )
    assert not fresh(tien_len).rounds.exists()


def test_without_javascript_the_check_draws_the_page_with_the_round_in_words(as_bob, tien_len):
    form = round_form(as_bob, tien_len)
    check = reverse("sheet_round_check", args=[tien_len.group_id, tien_len.pk])
    html = as_bob.post(check, form.filled(place_1="3", place_2="2", place_3="1")).content.decode()
    assert "Save round" in html and "An → Dũng €2.00 (last to first)" in html
    assert 'name="place_1" value="3" checked' in html  # kept


def test_a_correction_posted_as_drawn_changes_the_round_and_its_money(as_bob, tien_len, bob):
    services.record_round(load(tien_len), sheet.Round(places=["An", "Bình", "Chi", "Dũng"]), bob)
    edit = reverse("sheet_round_edit", args=[tien_len.group_id, tien_len.pk, 1])
    form = form_on(as_bob.get(edit), text="Save the correction")
    assert form.fields["place_1"] == "0" and form.fields["version"] == "1"
    submit(as_bob, form, place_1="3", place_2="2", place_3="1")
    board = load(fresh(tien_len))
    assert board.state.running["Dũng"] == 2 and fresh(tien_len).rounds.get().entry["places"] == [
        3,
        2,
        1,
        0,
    ]


def test_an_undo_takes_the_last_round_back_after_a_second_tap(as_bob, tien_len, bob):
    services.record_round(load(tien_len), sheet.Round(places=["An", "Bình", "Chi", "Dũng"]), bob)
    page = as_bob.get(tien_len.get_absolute_url())
    assert "Undo round 1…" in page.content.decode()
    response = submit(as_bob, form_on(page, "/undo/", "Yes, undo round 1"))
    assert response.status_code == 302 and not fresh(tien_len).rounds.exists()


def test_a_round_saved_while_another_phone_saved_first_stays_on_the_form(as_bob, tien_len, alice):
    form = round_form(as_bob, tien_len)
    services.record_round(load(tien_len), sheet.Round(places=["An", "Bình", "Chi", "Dũng"]), alice)
    html = submit(as_bob, form, place_1="3", place_2="2", place_3="1").content.decode()
    assert "alice&#x27;s phone saved round 1: first An" in html and "Round 2" in html
    assert "This phone had: first Dũng · second Chi · third Bình · last An" in html
    assert fresh(tien_len).rounds.count() == 1


def test_a_viewer_reads_the_sheet_without_its_forms(as_carol, tien_len):
    html = as_carol.get(tien_len.get_absolute_url()).content.decode()
    assert "Money after 0 rounds" in html and "Save round" not in html


def test_a_viewer_cannot_save_a_round(as_carol, tien_len):
    url = reverse("sheet_round", args=[tien_len.group_id, tien_len.pk])
    assert as_carol.post(url, {"number": "1", "place_1": "0"}).status_code == 403


OUTSIDER_PAGES = [
    ("get", "sheet_new", []),
    ("get", "sheet", ["sheet"]),
    ("post", "sheet_round", ["sheet"]),
    ("post", "sheet_round_check", ["sheet"]),
    ("post", "sheet_sent_later", ["sheet"]),
    ("get", "sheet_round_edit", ["sheet", 1]),
    ("post", "sheet_undo", ["sheet"]),
    ("get", "history_sheets", []),
    ("get", "history_sheet", ["sheet"]),
    ("get", "sheet_table", ["sheet"]),
    ("get", "sheet_export", ["sheet"]),
]


@pytest.mark.parametrize(
    ("method", "name", "args"), OUTSIDER_PAGES, ids=[p[1] for p in OUTSIDER_PAGES]
)
def test_an_outsider_is_told_no_such_group(as_dave, tien_len, bob, method, name, args):
    services.record_round(load(tien_len), sheet.Round(places=["An", "Bình", "Chi", "Dũng"]), bob)
    values = [tien_len.pk if arg == "sheet" else arg for arg in args]
    url = reverse(name, args=[tien_len.group_id, *values])
    assert getattr(as_dave, method)(url).status_code == 404
