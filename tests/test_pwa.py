"""The app on a phone: a manifest that installs it, a service worker served from the root that
caches static files only, an offline page with nothing in it but what it says."""

import json
import re
import struct
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders
from django.test import override_settings
from django.urls import reverse

from tests.test_contrast import palettes
from tests.test_security_headers import assert_safe
from tracker.webapp import pwa as phone

ROOT = Path(__file__).resolve().parent.parent
WORKER = (ROOT / "static/js/sw.js").read_text()
OFFLINE = (
    "Offline — nothing was saved. Your taps were not sent; try again when the phone is back online."
)


def png_size(path: str) -> tuple[int, int]:
    """Width and height from a PNG's header (its first chunk, IHDR)."""
    header = Path(path).read_bytes()[:24]
    assert header[:8] == b"\x89PNG\r\n\x1a\n" and header[12:16] == b"IHDR", path
    return struct.unpack(">II", header[16:24])


def static_file(url: str) -> str:
    found = finders.find(url.removeprefix("/static/"))
    assert found, url
    return found


def served_worker(client) -> str:
    return client.get(reverse("service_worker")).content.decode()


def test_the_manifest_installs_the_app(client, db):
    response = client.get(reverse("manifest"))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    manifest = json.loads(response.content)
    assert manifest["name"] == "Card table" and len(manifest["short_name"]) <= 12
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    sizes = {(icon["sizes"], icon["purpose"]) for icon in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes
    for icon in manifest["icons"]:
        width, height = png_size(static_file(icon["src"]))
        assert icon["sizes"] == f"{width}x{height}" and icon["type"] == "image/png"


def test_the_manifest_takes_its_colours_from_the_app(client, db):
    manifest = json.loads(client.get(reverse("manifest")).content)
    light, dark = palettes()["light"], palettes()["dark"]
    assert manifest["theme_color"] == light["accent"]
    assert manifest["background_color"] == light["bg"]
    page = client.get(reverse("login")).content.decode()
    for colour, mode in [(light["accent"], "light"), (dark["card"], "dark")]:
        media = f'media="(prefers-color-scheme: {mode})"'
        assert f'<meta name="theme-color" content="{colour}" {media}>' in page


def test_every_page_links_the_manifest_the_icon_and_the_scripts(client, db):
    page = client.get(reverse("login")).content.decode()
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    touch_icon = re.search(r'<link rel="apple-touch-icon" href="([^"]+)">', page)[1]
    assert png_size(static_file(touch_icon)) == (180, 180)
    register = '<script src="/static/js/register.js" data-worker="/sw.js" data-server="/healthz"'
    assert f"{register} defer>" in page
    assert '<script src="/static/js/wake.js" defer>' in page


def test_the_worker_is_served_from_the_root_for_every_page(client, db):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/javascript"
    assert response["Service-Worker-Allowed"] == "/"
    assert response["Cache-Control"] == "no-cache"
    # The worker's own requests follow the policy it is served with.
    assert "default-src 'self'" in response["Content-Security-Policy"]
    source = response.content.decode()
    assert not re.search(r"%[A-Z_]+%", source)  # every value filled in
    assert source.isascii()  # a worker script is read as UTF-8 whatever the header says


def test_the_worker_keeps_only_static_files_and_the_offline_page(client, db):
    source = served_worker(client)
    precache = json.loads(re.search(r"var PRECACHE = (\[.*\]);", source)[1])
    assert "/offline/" in precache
    assert all(url.startswith("/static/") or url == "/offline/" for url in precache)
    assert re.search(r'var STATIC_URL = "/static/";', source)
    for url in precache[1:]:
        static_file(url)


def function_body(source: str, name: str) -> str:
    return re.search(rf"\nfunction {name}\(.*?\n}}\n", source, re.S)[0]


def test_the_worker_keeps_no_page_but_the_games_and_never_a_post():
    # What the worker writes into its caches: what it precaches at install, a response fetched
    # in cacheFirst, the offline page again in the phone's language, and a game's page (only
    # shown when the network is gone) in one place, `store`: as it was served or fetched once
    # more for it, with the parts the page swapped in since.
    assert WORKER.count(".put(") == 3 and ".put(" in function_body(WORKER, "cacheFirst")
    assert "return cache.put(url, new Response(body" in function_body(WORKER, "store")
    assert WORKER.count("return store(cache, url, ") == 4  # keepCopy, keepPart, and two notes
    assert "store(cache, url, html, response.headers" in function_body(WORKER, "keepCopy")
    assert "keepCopy(request.url, response.clone())" in function_body(WORKER, "gamePage")
    assert "keepCopy(url.href, response)" in function_body(WORKER, "keepUnkept")
    assert "KEPT_PAGE.test(url.pathname)" in function_body(WORKER, "keepUnkept")
    fetch = WORKER[WORKER.index('addEventListener("fetch"') :]
    assert 'request.mode === "navigate" && request.method === "GET" &&' in fetch
    assert "KEPT_PAGE.test(url.pathname)" in fetch
    assert "cache.put(OFFLINE_URL, response)" in function_body(WORKER, "keepOfflinePageIn")
    assert WORKER.count(".addAll(") == 1 and "cache.addAll(fresh)" in WORKER
    assert "PRECACHE.map" in WORKER and ".add(" not in WORKER
    # cacheFirst serves only static GETs (and caches those a page read on the first visit
    # loaded); pages and anything sent go to the network.
    calls = re.findall(r"^.*cacheFirst\(.*$", WORKER, re.M)
    assert [call.strip() for call in calls] == [
        "function cacheFirst(request) {",
        "return url ? cacheFirst(new Request(url.href)).catch(function () { /* fetched later */ })"
        " : null;",
        "event.respondWith(cacheFirst(request));",
    ]
    assert "return isStatic(url) ? url : null;" in function_body(WORKER, "staticUrl")
    assert 'if (request.method === "GET" && isStatic(url)) {' in fetch
    assert "url.pathname.indexOf(STATIC_URL) === 0" in function_body(WORKER, "isStatic")
    network = function_body(WORKER, "networkOnly")
    assert "caches" not in network and ".put(" not in network


def test_a_new_static_file_renames_the_cache(tmp_path, db):
    with override_settings(STATICFILES_DIRS=[ROOT / "static", tmp_path]):
        (tmp_path / "extra.css").write_text("a {}")
        before = phone.cache_name()
        (tmp_path / "extra.css").write_text("a { color: red }")
        assert phone.cache_name() != before
        assert phone.cache_name() == phone.cache_name()


def test_the_offline_page_says_nothing_was_sent(client, db):
    response = client.get(reverse("offline"))
    assert response.status_code == 200
    assert OFFLINE in response.content.decode()
    assert_safe(response)


def test_the_offline_page_holds_no_data_of_whoever_asked(as_alice):
    response = as_alice.get(reverse("offline"))
    page = response.content.decode()
    assert "alice" not in page and "<form" not in page and "csrf" not in page.lower()
    assert not response.cookies


def test_the_worker_may_keep_the_offline_page_in_another_language(client, db):
    response = client.get(reverse("offline") + "?language=vi", HTTP_ACCEPT_LANGUAGE="de")
    assert '<html lang="vi">' in response.content.decode()
    assert "<h1>Ngoại tuyến</h1>" in response.content.decode()
    assert response["Content-Language"] == "vi"


def test_an_unknown_language_for_the_offline_page_is_the_phones_own(client, db):
    response = client.get(reverse("offline") + "?language=xx", HTTP_ACCEPT_LANGUAGE="de")
    assert '<html lang="de">' in response.content.decode()
    assert response["Content-Language"] == "de"


@pytest.mark.parametrize("name", ["service_worker", "manifest", "offline"])
def test_they_answer_only_get(client, db, name):
    assert client.post(reverse(name)).status_code == 405


def kept_page_pattern(client) -> re.Pattern:
    """The worker's KEPT_PAGE as it is served, read by Python (a JavaScript string holding it)."""
    return re.compile(
        json.loads(re.search(r"var KEPT_PAGE = new RegExp\((.+)\);", served_worker(client))[1])
    )


def test_the_pages_kept_for_offline_reading_are_the_games_their_table_views_and_the_balances(
    client, db
):
    kept_page = kept_page_pattern(client)
    for name in ["tournament", "session", "tournament_table", "session_table"]:
        assert kept_page.match(reverse(name, args=[7, 11])), name
    assert kept_page.match(reverse("balances", args=[7]))
    for name, arguments in [("group", [7]), ("payment_new", [7]), ("hand_edit", [7, 11, 2])]:
        assert not kept_page.match(reverse(name, args=arguments)), name


def test_the_icon_at_the_root_is_a_temporary_redirect_to_this_deploys_file(client, db):
    response = client.get("/favicon.ico")
    assert response.status_code == 302
    assert response["Location"].endswith(".png") and "icon-192" in response["Location"]
