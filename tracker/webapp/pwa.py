"""The app on a phone's home screen: the web app manifest, and the service worker as the site
serves it at /sw.js (static/js/sw.js with its cache name and what it caches filled in)."""

import hashlib
import json
import os
import re
from pathlib import Path

from django.conf import settings
from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import staticfiles_storage
from django.core.exceptions import ImproperlyConfigured
from django.template.loader import get_template
from django.templatetags.static import static
from django.urls import get_resolver, get_script_prefix, reverse

from core import games

# From static/css/app.css: --accent (the bar above the app) and --bg (the splash screen).
THEME_COLOUR = "#0b6e4f"
BACKGROUND_COLOUR = "#f7f5f0"
ICONS = [
    ("icons/icon-192.png", "192x192", "any"),
    ("icons/icon-512.png", "512x512", "any"),
    ("icons/icon-maskable-512.png", "512x512", "maskable"),
]
WORKER_SOURCE = "js/sw.js"
# What the offline page needs, cached when the worker installs; nothing else is cached ahead.
OFFLINE_STATIC = [
    "css/app.css", "favicon.svg", "js/register.js", "js/keep.js", "js/outbox.js",
    "js/outbox_send.js", "js/copy.js"
]  # fmt: skip
OFFLINE_TEMPLATE = "offline.html"
IGNORED = ["CVS", ".*", "*~"]  # as collectstatic ignores them
# Kept for reading offline beside each game's pages (its registry entry names them): who owes
# whom, with its codes to pay by.
KEPT_BESIDE_THE_GAMES = ["balances"]


def manifest() -> dict:
    return {
        "id": "/",
        "name": "Card table",
        "short_name": "Card table",
        "description": "Scores and money for card games played with real cards.",
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "theme_color": THEME_COLOUR,
        "background_color": BACKGROUND_COLOUR,
        "icons": [
            {"src": static(path), "sizes": sizes, "type": "image/png", "purpose": purpose}
            for path, sizes, purpose in ICONS
        ],
    }


def static_signature() -> str:
    """Changes whenever a static file does. Collected files have their manifest's hash; else
    each file's size and time of change (a stat each, no read), so edits show up at once."""
    manifest_hash = getattr(staticfiles_storage, "manifest_hash", "")
    if manifest_hash:
        return manifest_hash
    files = sorted(
        (path, storage.path(path))
        for finder in finders.get_finders()
        for path, storage in finder.list(IGNORED)
    )
    stats = [(path, os.stat(full)) for path, full in files]
    return "\n".join(f"{path}:{stat.st_size}:{stat.st_mtime_ns}" for path, stat in stats)


def cache_name() -> str:
    """The worker's cache, named after the static files and the offline page it caches: a
    deploy that changes either is a new worker, which drops the old cache."""
    # The Django template engine's template keeps its source.
    offline_page = get_template(OFFLINE_TEMPLATE).template.source  # type: ignore[attr-defined]
    digest = hashlib.sha256(f"{static_signature()}\n{offline_page}".encode()).hexdigest()
    return f"cardtable-{digest[:16]}"


def precache() -> list[str]:
    return [reverse("offline"), *(static(path) for path in OFFLINE_STATIC)]


def kept_pages() -> str:
    """The addresses of the pages a phone keeps to read when the network is gone, as the
    pattern the worker tests an address's path against (KEPT_PAGE in static/js/sw.js)."""
    names = [name for kind in games.every_kind() for name in kind.kept_pages]
    routes = [route_pattern(name) for name in [*names, *KEPT_BESIDE_THE_GAMES]]
    return f"^(?:{'|'.join(routes)})$"


def route_pattern(name: str) -> str:
    """The paths of the page named `name`, as a regular expression JavaScript reads too: its
    route as `reverse` fills it in, each parameter as its converter matches it."""
    found = get_resolver().reverse_dict.getlist(name)
    if not found:
        raise ImproperlyConfigured(f"No page is named {name!r}")
    patterns = []
    for possibilities, _pattern, _defaults, converters in found:
        for route, _parameters in possibilities:
            # A %-format: "groups/%(pk)s/sessions/%(session_pk)s/", "%%" for a "%".
            parts = re.split(r"%\((\w+)\)s", route)
            literals = [escaped(part.replace("%%", "%")) for part in parts[::2]]
            ids = [f"(?:{converters[parameter].regex})" for parameter in parts[1::2]]
            filled = "".join(
                literal + id_ for literal, id_ in zip(literals, [*ids, ""], strict=True)
            )
            patterns.append(escaped(get_script_prefix()) + filled)
    return "|".join(patterns)


def escaped(text: str) -> str:
    """`text` matched as it is, in a regular expression of Python or of JavaScript."""
    return re.sub(r"[\\^$.*+?()[\]{}|/]", r"\\\g<0>", text)


def worker_source() -> str:
    found = finders.find(WORKER_SOURCE)
    if not isinstance(found, str):
        raise ImproperlyConfigured(f"{WORKER_SOURCE} is not among the static files")
    source = Path(found).read_text()
    values = {
        '"%CACHE%"': cache_name(),
        '"%STATIC_URL%"': settings.STATIC_URL,
        '"%OFFLINE_URL%"': reverse("offline"),
        '["%PRECACHE%"]': precache(),
        '"%LOGOUT_URL%"': reverse("logout"),
        '"%KEPT_PAGE%"': kept_pages(),
    }
    for placeholder, value in values.items():
        if placeholder not in source:
            raise ImproperlyConfigured(f"{WORKER_SOURCE} lost its {placeholder}")
        source = source.replace(placeholder, json.dumps(value))
    return source
