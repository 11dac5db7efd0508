"""A followed page's stream brings each new version's live part with it, read for its reader as
his own htmx request would read it: a phone following a tap asks nothing. A reader who may not
see the page, a page of another game and a part that cannot be read bring the version alone;
the page then fetches it, as before."""

import re
from html import unescape

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from django.test import Client
from django.urls import reverse

from core.web import views
from tests.conftest import client_for
from tests.live_streams import Stream, refused, stream_url
from tests.page_forms import forms_in, submit
from tracker.catte import board as catte_board
from tracker.catte import rules as catte
from tracker.catte import services

pytestmark = pytest.mark.django_db(transaction=True)
PLAIN = {"stake": "1.00"}


@pytest.fixture(autouse=True)
def polling(settings):
    settings.REDIS_URL = ""


@pytest.fixture
def session(group, players, alice):
    return services.logs.start(group, players, PLAIN, alice)


def cookies_of(client) -> str:
    return "; ".join(f"{name}={cookie.value}" for name, cookie in client.cookies.items())


def first_event(session, client, page: str, then=None) -> str:
    """The first event of the stream of `session` opened at version 0 from `page` with the
    cookies of `client`, `then()` run once it has begun."""

    async def listen() -> str:
        url = stream_url("session", session.pk) + f"?v=0&page={page}"
        stream = Stream(url, {"Cookie": cookies_of(client)})
        assert (await stream.open())["status"] == 200
        assert await stream.said() == "retry: 3000\n\n"
        if then:
            await sync_to_async(then)()
        said = await stream.said()  # an event comes whole
        await stream.close()
        return said

    return async_to_sync(listen)()


def part_of(event: str) -> str:
    return "\n".join(line.removeprefix("data: ") for line in event.splitlines()[2:] if line)


def a_round_saved(session, alice) -> None:
    services.rounds.record_round(catte_board.load(session), catte.Round(tricks=["An"] * 4), alice)


def test_a_scorer_hears_the_round_with_the_live_part_and_its_forms_post(session, alice, bob):
    phone = client_for(Client(enforce_csrf_checks=True), bob)
    phone.get(session.get_absolute_url())  # the page as opened: its CSRF cookie
    said = first_event(
        session, phone, session.get_absolute_url(), lambda: a_round_saved(session, alice)
    )
    assert said.startswith("id: 1\nevent: part\ndata: ")
    part = part_of(said)
    assert 'data-version="1"' in part and "Round 2" in unescape(part)
    round_form = next(form for form in forms_in(part) if form.fields.get("draft_version"))
    answer = submit(phone, round_form, tap="An", headers={"HX-Request": "true"})
    assert answer.status_code == 200 and "Round 2" in unescape(answer.content.decode())


def test_the_part_is_the_one_htmx_reads_but_for_the_reader_s_own_tokens(session, alice, bob):
    phone = client_for(Client(), bob)
    a_round_saved(session, alice)
    said = first_event(session, phone, session.get_absolute_url())
    read = phone.get(session.get_absolute_url(), headers={"HX-Request": "true"})
    own = re.compile(r'(name="(csrfmiddlewaretoken|once)" value=)"[^"]*"')
    assert own.sub(r"\1", part_of(said)) == own.sub(r"\1", read.content.decode())


def test_an_outsider_hears_the_version_alone(session, alice, dave):
    phone = client_for(Client(), dave)
    then = lambda: a_round_saved(session, alice)  # noqa: E731
    said = first_event(session, phone, session.get_absolute_url(), then)
    assert said == "id: 1\nevent: version\ndata: 1\n\n"


def test_a_page_of_another_game_brings_the_version_alone(session, group, players, alice, bob):
    other = services.logs.start(group, players, PLAIN, alice)
    phone = client_for(Client(), bob)
    then = lambda: a_round_saved(session, alice)  # noqa: E731
    said = first_event(session, phone, other.get_absolute_url(), then)
    assert said == "id: 1\nevent: version\ndata: 1\n\n"


def test_a_message_waiting_for_the_reader_is_left_for_his_next_page(session, alice, bob):
    a_round_saved(session, alice)
    phone = client_for(Client(), bob)
    undone = phone.post(reverse("round_undo", args=[session.group_id, session.pk]), {"version": 1})
    assert undone.status_code == 302  # "Round 1 undone" waits for the page it is sent to
    said = first_event(session, phone, session.get_absolute_url())
    assert '<div id="entry-messages"></div>' in part_of(said)
    assert "Round 1 undone" in phone.get(undone.url).content.decode()


def test_a_stream_for_a_host_not_allowed_is_refused(settings, session):
    settings.ALLOWED_HOSTS = ["cards.example"]
    stream = Stream(stream_url("session", session.pk), {"Host": "elsewhere.example"})
    assert async_to_sync(refused)(stream) == 400


def test_a_page_address_of_another_site_is_not_read(session, alice, bob):
    phone = client_for(Client(), bob)
    then = lambda: a_round_saved(session, alice)  # noqa: E731
    said = first_event(session, phone, "//elsewhere.example/", then)
    assert said == "id: 1\nevent: version\ndata: 1\n\n"


def test_three_phones_of_one_role_hear_one_part_rendered_once(session, alice, bob, monkeypatch):
    rendered = []
    render_to_string = views.render_to_string
    monkeypatch.setattr(
        views,
        "render_to_string",
        lambda name, *rest: rendered.append(name) or render_to_string(name, *rest),
    )
    phones = [client_for(Client(), bob) for _ in range(3)]

    async def listen() -> list[str]:
        url = stream_url("session", session.pk) + f"?v=0&page={session.get_absolute_url()}"
        streams = [Stream(url, {"Cookie": cookies_of(phone)}) for phone in phones]
        for stream in streams:
            await stream.open()
            await stream.said()
        await sync_to_async(a_round_saved)(session, alice)
        said = [await stream.said() for stream in streams]
        for stream in streams:
            await stream.close()
        return said

    said = async_to_sync(listen)()
    assert [event.split("\n")[1] for event in said] == ["event: part"] * 3
    assert rendered == ["catte/session.html#live"]
