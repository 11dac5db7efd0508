"""A ten-hand game with every special bid, a correction three hands back, and the replay."""

from django.urls import reverse

from tests.factories import fresh
from tracker.cutthroat import services as tournaments
from tracker.cutthroat.models import Tournament
from tracker.gamelogs import registry as logs

# bids, tricks, (seat of J♦, seat of J♣) — An, Bình, Chi, Dũng; official preset, 13 tricks
HANDS = [
    ([4, 3, 3, 3], [4, 3, 3, 3], (0, 1)),
    (["NIL", 4, 4, 4], [0, 4, 4, 5], (2, 1)),
    ([3, 3, "1F", "B6"], [3, 3, 1, 6], (0, 1)),
    ([5, "BN", "2F", 5], [5, 0, 2, 6], (0, 3)),
    ([1, 1, "SM", 1], [1, 1, 10, 1], (2, 2)),
    ([3, 3, 3, 3], [4, 3, 3, 3], (0, 1)),
    ([4, 4, 3, "NIL"], [4, 4, 3, 2], (0, 1)),
    (["2F", 4, 4, 3], [1, 4, 4, 4], (2, 1)),
    ([3, 1, "1F", 4], [3, 3, 3, 4], (0, 3)),
    ([4, 3, 3, 3], [4, 3, 3, 3], (2, 3)),
]


def form(bids, tricks, jacks, number, version=None):
    data = {f"bid_{seat}": str(bid) for seat, bid in enumerate(bids)}
    data.update({f"tricks_{seat}": str(took) for seat, took in enumerate(tricks)})
    data.update(number=str(number), jack_JD=str(jacks[0]), jack_JC=str(jacks[1]))
    if version is not None:
        data["version"] = str(version)
    return data


def test_a_game_of_ten_hands_with_every_special_bid(as_bob, group, players):
    form_start = {f"seat_{seat}": player.pk for seat, player in enumerate(players)}
    as_bob.post(
        reverse("tournament_new", args=[group.pk]),
        {**form_start, "first_dealer": "0", "preset": "official"},
    )
    tournament = Tournament.objects.get()
    urls = {
        name: reverse(name, args=[group.pk, tournament.pk]) for name in ["hand_bids", "hand_played"]
    }
    for number, (bids, tricks, jacks) in enumerate(HANDS, start=1):
        assert as_bob.post(urls["hand_bids"], form(bids, tricks, jacks, number)).status_code == 302
        assert (
            as_bob.post(urls["hand_played"], form(bids, tricks, jacks, number)).status_code == 302
        )
    board = tournaments.load(fresh(tournament))
    assert board.standings.games[0].winner == "Bình"
    assert board.standings.games[0].totals == {"An": 390, "Bình": 520, "Chi": 480, "Dũng": 290}

    # Hand 7, three hands back: Bình took 3 (set), Chi took 4.
    edit = reverse("hand_edit", args=[group.pk, tournament.pk, 7])
    corrected = form(
        [4, 4, 3, "NIL"],
        [4, 3, 4, 2],
        (0, 1),
        7,
        version=tournament.__class__.objects.get().version,
    )
    warning = as_bob.post(edit, corrected).content.decode()
    assert "Game 1: winner Bình → none" in warning
    as_bob.post(edit, {**corrected, "confirm": "on"})

    board = tournaments.load(fresh(tournament))
    assert board.standings.games[0].winner is None
    assert board.standings.totals == {"An": 390, "Bình": 440, "Chi": 480, "Dũng": 290}
    page = as_bob.get(tournament.get_absolute_url()).content.decode()
    for total in (390, 440, 480, 290):
        assert f'<span class="big">{total}</span>' in page
    exported = as_bob.get(reverse("tournament_export", args=[group.pk, tournament.pk])).json()
    assert logs.replay(exported)["games"][0]["hands"][-1]["totals"] == board.standings.totals
