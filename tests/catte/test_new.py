"""Starting a Cắt Tê session: seats, first dealer, stake and the table's settings."""

import re

from django.urls import reverse

from tests.page_forms import form_on, submit
from tracker.catte import services
from tracker.catte.models import CatteSession


def seats(players, **extra):
    data = {f"seat_{seat}": player.pk for seat, player in enumerate(players)}
    defaults = {
        "first_dealer": 0,
        "stake": "1.00",
        "sweep_double_min_players": "4",
        "auto_win_pays": "double",
        "side_pot_at_end": "refund",
    }
    return {**data, **defaults, **extra}


def test_it_starts_a_session_with_the_first_dealer_first(as_bob, group, players):
    data = seats(players, first_dealer=2, name="Tết", side_pot_stake="0.25", ace_penalty="on")
    response = as_bob.post(reverse("session_new", args=[group.pk]), data)
    session = CatteSession.objects.get()
    assert response["Location"] == session.get_absolute_url()
    assert [seat.player.name for seat in session.seats.all()] == ["Chi", "Dũng", "An", "Bình"]
    assert session.name == "Tết" and session.rules["side_pot_stake"] == "0.25"
    assert session.rules["ace_penalty"] is True and session.rules["false_claim_penalty"] == "1.00"


def test_it_stores_every_setting(as_bob, group, players):
    data = seats(
        players[:3],
        stake="2.50",
        sweep_double_min_players="never",
        auto_wins=["four_of_a_kind", "flush"],
        auto_win_pays="pot",
        false_claim_penalty="0.50",
        side_pot_stake="0.50",
        side_pot_at_end="carry",
    )
    as_bob.post(reverse("session_new", args=[group.pk]), data)
    assert CatteSession.objects.get().rules == {
        "stake": "2.50",
        "sweep_double_min_players": None,
        "auto_wins": ["four_of_a_kind", "flush"],
        "auto_win_pays": "pot",
        "false_claim_penalty": "0.50",
        "ace_penalty": False,
        "side_pot_stake": "0.50",
        "side_pot_at_end": "carry",
    }


def test_it_validates_the_stake(as_bob, group, players):
    url = reverse("session_new", args=[group.pk])
    refusals = {
        "": "the table agrees on an amount",
        "0": "stake must be more than 0",
        "-1": "cannot be negative",
        "1.005": "EUR amounts have at most 2 decimals.",
        "1,2,3": "an amount such as 0.50",
    }
    for stake, message in refusals.items():
        html = as_bob.post(url, seats(players, stake=stake)).content.decode()
        assert message in html, stake
    assert not CatteSession.objects.exists()


def test_vnd_stakes_have_no_decimals(as_bob, group, players):
    group.currency = "VND"
    group.save()
    url = reverse("session_new", args=[group.pk])
    html = as_bob.post(url, seats(players, stake="5000.5")).content.decode()
    assert "VND amounts have no decimals." in html and not CatteSession.objects.exists()
    as_bob.post(url, seats(players, stake="5000"))
    assert CatteSession.objects.get().rules["stake"] == "5000.00"


def test_it_needs_three_players_in_distinct_seats(as_bob, group, players):
    url = reverse("session_new", args=[group.pk])
    html = as_bob.post(url, seats(players[:2])).content.decode()
    assert "Seats 1 to 3 need a player." in html
    html = as_bob.post(url, seats([players[0], players[1], players[0]])).content.decode()
    assert "A player can only sit in one seat." in html
    html = as_bob.post(url, seats(players[:3], first_dealer=5)).content.decode()
    assert "Seat 6 is empty." in html
    assert not CatteSession.objects.exists()


def test_the_form_offers_eight_seats(as_bob, group, players):
    html = as_bob.get(reverse("session_new", args=[group.pk])).content.decode()
    assert 'name="seat_7"' in html and 'name="seat_8"' not in html


def test_the_next_session_starts_as_the_last_one_was_played(as_bob, group, players):
    data = seats(players[:3], stake="2.50", auto_wins=["flush"], auto_win_pays="pot",
                 false_claim_penalty="0.50", side_pot_stake="0.50", side_pot_at_end="carry",
                 ace_penalty="on", sweep_double_min_players="never")  # fmt: skip
    as_bob.post(reverse("session_new", args=[group.pk]), data)
    url = reverse("session_new", args=[group.pk])
    submit(as_bob, form_on(as_bob.get(url), text="Start"), name="Next evening")
    last, first = CatteSession.objects.all()
    assert last.name == "Next evening" and last.rules == first.rules
    assert [seat.player for seat in last.seats.all()] == players[:3]


def test_a_false_claim_at_one_stake_follows_the_next_stake(as_bob, group, players):
    as_bob.post(reverse("session_new", args=[group.pk]), seats(players[:3], stake="1.00"))
    url = reverse("session_new", args=[group.pk])
    submit(as_bob, form_on(as_bob.get(url), text="Start"), stake="2.00")
    assert CatteSession.objects.first().rules["false_claim_penalty"] == "2.00"


def test_the_first_session_of_a_group_has_no_player_seated_yet(as_bob, group, players):
    form = form_on(as_bob.get(reverse("session_new", args=[group.pk])), text="Start")
    assert form.fields["seat_0"] == "" and form.fields["stake"] == ""


def dealer_choices(page) -> list[str]:
    """The words beside each "Who deals first" choice, in seat order."""
    return re.findall(r'name="first_dealer" value="\d"[^>]*>\s*([^<]+?)\s*</label>', page)


def test_who_deals_first_offers_the_players_seated_as_last_time(as_bob, group, players):
    services.logs.start(group, [players[2], players[0], players[3]], {"stake": "1.00"}, None)
    page = as_bob.get(reverse("session_new", args=[group.pk])).content.decode()
    assert dealer_choices(page)[:4] == ["Chi", "An", "Dũng", "Seat 4"]


def test_who_deals_first_names_the_players_a_refused_form_had_seated(as_bob, group, players):
    url = reverse("session_new", args=[group.pk])
    page = as_bob.post(url, seats(players[:3], first_dealer=5)).content.decode()
    assert dealer_choices(page)[:4] == ["An", "Bình", "Chi", "Seat 4"]
