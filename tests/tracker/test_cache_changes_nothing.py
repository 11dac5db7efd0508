"""A cache makes a page faster, never different: through a scripted evening, every page served
with the cache as the evening filled it reads exactly as the same page rendered cold."""

import re
from decimal import Decimal

import pytest
from django.test import Client, override_settings
from django.urls import reverse
from django.utils import timezone

from tests.factories import fresh, pay, take_back
from tracker.catte import board as catte_board
from tracker.catte import services
from tracker.catte.rules import Round
from tracker.cutthroat import board as cutthroat_board
from tracker.cutthroat import services as cutthroat

# What differs between two renders by design: the CSRF token, a form's idempotency key and the
# signed (timestamped) addresses a page asks whether it changed and hears it from.
PER_RENDER = re.compile(
    r'(name="(?:csrfmiddlewaretoken|once)" value="|"X-CSRFToken": "|data-(?:live|stream)=")[^"]*"'
)
HTMX = {"HX-Request": "true"}  # the live part alone, as a phone fetches it after a change


def page_urls(group, tournament, session, players) -> list[str]:
    ids = {"pk": group.pk}
    game = {"tournament": {"tournament_pk": tournament.pk}, "session": {"session_pk": session.pk}}
    urls = [reverse(name, kwargs=ids) for name in ("group", "balances", "balances_by_session")]
    urls += [reverse(n, kwargs=ids) for n in ("history_tournaments", "history_sessions")]
    this_year = f"?season={timezone.localdate().year}"
    urls += [reverse("ratings", kwargs=ids), reverse("ratings", kwargs=ids) + this_year]
    urls += [reverse(name, kwargs={**ids, **game["tournament"]}) for name in ("tournament",)]
    urls += [reverse("tournament_table", kwargs={**ids, **game["tournament"]})]
    urls += [reverse(name, kwargs={**ids, **game["session"]}) for name in ("session",)]
    urls += [reverse(n, kwargs={**ids, **game["session"]}) for n in ("session_table",)]
    urls += [reverse("history_session", kwargs={**ids, **game["session"]})]
    urls += [reverse(name, kwargs={**ids, **game[name]}) + "?all=1" for name in game]
    for player in players:
        urls += [reverse("statement", kwargs={**ids, "player_pk": player.pk})]
        urls += [reverse("player_stats", kwargs={**ids, "player_pk": player.pk})]
    return urls


def cold(client, url: str, language: str, headers=None) -> str:
    with override_settings(
        CACHES={
            "default": {
                "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
                "LOCATION": "cold",
            }
        }  # fmt: skip
    ):
        from django.core.cache import cache

        cache.clear()
        return read(client, url, language, headers)


def read(client, url: str, language: str, headers=None) -> str:
    response = client.get(url, headers={"Accept-Language": language, **(headers or {})})
    assert response.status_code == 200, url
    return PER_RENDER.sub(r"\1…", response.content.decode())


def tournament_steps(tournament, bob):
    """Bids, a played hand, bids again, taken back, played, corrected."""
    bids = {"An": 5, "Bình": 5, "Chi": 5}
    tricks = {"An": 5, "Bình": 6, "Chi": 6}

    def bid():
        cutthroat.record_bids(cutthroat_board.load(fresh(tournament)), bids, bob)

    def play():
        board = cutthroat_board.load(fresh(tournament))
        cutthroat.record_tricks(board, board.pending.number, tricks, {"JD": "An", "JC": "Chi"}, bob)

    def undo():
        board = cutthroat_board.load(fresh(tournament))
        cutthroat.undo_last(board, board.tournament.version, bob)

    def correct():
        board = cutthroat_board.load(fresh(tournament))
        other = {"An": 6, "Bình": 5, "Chi": 6}
        jacks = {"JD": "An", "JC": "Chi"}
        cutthroat.correct_hand(board, 1, board.tournament.version, bids, other, jacks, bob, True)

    return [bid, play, bid, undo, bid, play, correct]


def session_steps(session, players, bob):
    """Rounds, a tap on the round being entered, comings and goings, a correction, an undo,
    payments, closing and reopening."""
    group = session.group

    def play(winner):
        return lambda: services.rounds.record_round(
            catte_board.load(fresh(session)), Round([winner] * 4, side_pot_upturned="7H"), bob
        )

    def tap():
        board = catte_board.load(fresh(session))
        services.tapping.tap(board, board.next_number, board.session.draft_version, "t0", bob)

    def seating(change):
        def step():
            board = catte_board.load(fresh(session))
            getattr(services.seating, change)(board, players[3].pk, board.session.version, bob)

        return step

    def correct():
        board = catte_board.load(fresh(session))
        chi_sweeps = Round(["Chi"] * 4, side_pot_upturned="7H")
        services.rounds.correct_round(board, 1, board.session.version, chi_sweeps, bob)

    def undo():
        board = catte_board.load(fresh(session))
        services.rounds.undo_last(board, board.session.version, bob)

    def closing(change):
        def step():
            board = catte_board.load(fresh(session))
            getattr(services.closing, change)(board, board.session.version, bob)

        return step

    def paid():
        take_back(pay(group, players[1], players[0], Decimal("1.00"), bob), bob)
        pay(group, players[2], players[0], Decimal("2.00"), bob)

    return [play("An"), tap, tap, play("Bình"), seating("leave"), play("An"), seating("come_back"),
            correct, undo, play("Chi"), paid, closing("close"), closing("reopen")]  # fmt: skip


@pytest.mark.parametrize("language", ["en", "vi"])
def test_every_page_of_an_evening_reads_the_same_cached_or_cold(
    as_bob, group, players, alice, bob, language
):
    owner = Client()
    owner.force_login(alice)
    tournament = cutthroat.start(group, players[:3], {"preset": "official"}, bob)
    session = services.logs.start(group, players, {"stake": "1.00", "side_pot_stake": "0.25"}, bob)
    rename = [lambda: owner.post(reverse("player_edit", args=[group.pk, players[0].pk]),
                                    {"name": "Ân"})]  # fmt: skip
    steps = tournament_steps(tournament, bob) + session_steps(session, players, bob) + rename
    urls = page_urls(group, tournament, session, players)
    for step in steps:
        step()
        for url in urls:
            assert read(as_bob, url, language) == cold(as_bob, url, language), url


LIVE_PAGES = ("tournament", "tournament_table", "session", "session_table")


@pytest.mark.parametrize("language", ["en", "vi", "de"])
def test_every_reader_of_a_live_part_reads_it_the_same_shared_or_cold(
    group, players, alice, bob, carol, language
):
    """The owner, a scorer and a viewer read the live part of each followed page after every
    step, one after the other from the shared renders; each reads what he would read cold."""
    readers = [Client() for _ in (alice, bob, carol)]
    for reader, user in zip(readers, (alice, bob, carol), strict=True):
        reader.force_login(user)
    tournament = cutthroat.start(group, players[:3], {"preset": "official"}, bob)
    session = services.logs.start(group, players, {"stake": "1.00", "side_pot_stake": "0.25"}, bob)
    games = {"tournament": tournament, "session": session}
    urls = [reverse(name, args=[group.pk, games[name.split("_")[0]].pk]) for name in LIVE_PAGES]
    urls.append(reverse("balances", args=[group.pk]))
    for step in tournament_steps(tournament, bob) + session_steps(session, players, bob):
        step()
        shared = {
            (n, url): read(r, url, language, HTMX) for n, r in enumerate(readers) for url in urls
        }
        for (n, url), page in shared.items():
            assert page == cold(readers[n], url, language, HTMX), (n, url)
