"""One settings file, driven by environment variables.

DJANGO_DEBUG (default on, for a table's own laptop), DJANGO_SECRET_KEY (required with debug off),
DJANGO_ALLOWED_HOSTS (comma separated; with debug on, default: any host name or address that
reaches this machine), DJANGO_TABLE_ADDRESS (the address the phones at the table open, set by
`make run`: the links and codes handed out name it when the page was opened on this computer),
DATABASE_URL (default: SQLite file in the project),
DJANGO_SECURE_PROXY_SSL_HEADER (set to 1 behind a proxy that sets X-Forwarded-Proto),
DJANGO_SECURE_SSL_REDIRECT (default on with debug off), DJANGO_TRUSTED_PROXY_COUNT (how many
proxies in front append the client's address to X-Forwarded-For; default 0: REMOTE_ADDR),
REDIS_URL (a Redis server as the shared cache and the live pages' messenger; default: each
process's memory),
DJANGO_LIVE_STREAM (default on: a followed page holds a stream open for each new version; off, it
asks every 3 s), DJANGO_CONN_MAX_AGE (seconds a database connection is kept; default 60, 0
under an ASGI server, where Django asks for none kept: PostgreSQL's connections are then pooled,
DJANGO_DB_POOL_SIZE of them at most in each process, default 10),
DJANGO_REQUEST_LOG_LEVEL (INFO, the default, logs every request; WARNING silences them).
"""

import hashlib
import os
from datetime import timedelta
from pathlib import Path
from typing import Literal

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    if value.lower() in ("1", "true", "yes", "on"):
        return True
    if value.lower() in ("0", "false", "no", "off"):
        return False
    raise ImproperlyConfigured(f"{name} must be 1 or 0, not {value!r}")


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in (os.environ.get(name) or default).split(",") if item.strip()]


DEBUG = env_bool("DJANGO_DEBUG", True)

SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("DJANGO_SECRET_KEY must be set when DJANGO_DEBUG is off")
    SECRET_KEY = "insecure-local-development-key-only-used-with-debug-on"

# With debug on (a table's own laptop, `make run`), a phone reaches it through whichever address
# of the machine its network has (a second network, an address that came after the start):
# host names are checked, as Django checks them, only with debug off.
ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", "*" if DEBUG else "")
TABLE_ADDRESS = os.environ.get("DJANGO_TABLE_ADDRESS", "")
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS", "")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "axes",
    "csp",
    "core",
    "tracker",
    "tracker.cutthroat",
    "tracker.catte",
    "ledger",
    "tracker.sheets",
]

# The kinds of game a group plays (core/games.py): each declares what is its own, and
# everything around the games asks the registry.
GAMES = [
    "tracker.cutthroat.game.CutthroatGame",
    "tracker.catte.game.CatteGame",
    "tracker.sheets.game.SheetGame",
]

MIDDLEWARE = [
    # First: its time and its request id cover everything after it.
    "core.web.request_log.RequestLogMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "core.web.headers.PermissionsPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # Before anything renders: the language of the request (cookie, else the browser's).
    "core.web.language.LanguageMiddleware",
    "core.web.errors.ErrorPagesMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Last, as axes asks: it turns a refused login into the locked-out page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "cardtable.urls"
CSRF_FAILURE_VIEW = "core.web.errors.csrf_failure"
WSGI_APPLICATION = "cardtable.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    }
]

# SQLite needs no server, so a table can run the app on a laptop with two commands;
# production sets DATABASE_URL to PostgreSQL.
DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("DJANGO_CONN_MAX_AGE", "60")),
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Phones at one table save at the same moment: a write transaction takes SQLite's lock when
    # it begins, so the second waits its turn instead of failing; with write-ahead logging,
    # pages are read while a save is written.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        transaction_mode="IMMEDIATE", init_command="PRAGMA journal_mode=WAL;"
    )
    # Tests against a running server read and write from several threads: in a file, as in
    # use, not in memory, where SQLite locks whole tables between connections.
    DATABASES["default"].setdefault("TEST", {}).setdefault(
        "NAME", str(BASE_DIR / "test-db.sqlite3")
    )
elif (
    DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql"
    and not DATABASES["default"]["CONN_MAX_AGE"]
):
    # Under an ASGI server Django keeps no connection between requests: PostgreSQL would start a
    # new server process for each request (and each page a stream reads for its phone). A pool
    # per app process keeps a few open for its requests to take in turn; a request finding all
    # taken waits for one, at most `timeout` seconds. One thread of the pool's own opens them.
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": 2,
        "max_size": int(os.environ.get("DJANGO_DB_POOL_SIZE", "10")),
        "timeout": 10,
        "num_workers": 1,
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"


def release_digest(base: Path, roots=("cardtable", "core", "ledger", "basics", "tracker",
                                      "templates", "static", "locale")) -> str:  # fmt: skip
    """A digest of the code, templates, translations and static files a render is made from:
    the same on every server of one release, another after a change to any of them."""
    made_from = hashlib.sha256()
    for root in roots:
        for path in sorted((base / root).rglob("*")):
            if path.suffix in (".py", ".html", ".po", ".css", ".js") and path.is_file():
                made_from.update(path.relative_to(base).as_posix().encode() + path.read_bytes())
    return made_from.hexdigest()[:16]


# Template fragments (the {% cache %} tags) are cached under keys that carry the version of
# what they show, so a cache makes a page faster, never different. One process's memory by
# default; with REDIS_URL, a Redis server every app server shares, which may fail: pages are then
# rendered cold (core/web/cache.py). The keys start with the release's digest: a render cached
# before a deploy (its markup, its words, its static files' names) is never read after it.
REDIS_URL = os.environ.get("REDIS_URL", "")
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "core.web.cache.ForgivingRedisCache",
            "LOCATION": REDIS_URL,
            "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5},
        }
    }
else:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "OPTIONS": {"MAX_ENTRIES": 5000},
        }
    }
CACHES["default"]["KEY_PREFIX"] = release_digest(BASE_DIR)

# A followed page holds a stream open and hears each new version at once (under an ASGI server;
# a WSGI server answers the stream "no", and the page asks every 3 s). Off: every page asks.
LIVE_STREAM = env_bool("DJANGO_LIVE_STREAM", True)
# Streams open at once in one server process: with one token (a page's signed address), from
# one client address (a whole café may share one behind its router) and in all. Past any of
# them a page is answered 204 and asks every 3 s instead, so no reader can slow the others.
LIVE_STREAMS_PER_TOKEN = 20
LIVE_STREAMS_PER_ADDRESS = 200
LIVE_STREAMS_PER_WORKER = 2000

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# The lockout check runs before the password is looked at; Django's ModelBackend then logs
# people in.
PASSWORD_BACKEND = "django.contrib.auth.backends.ModelBackend"
AUTHENTICATION_BACKENDS = ["core.web.throttle.LoginLockoutBackend", PASSWORD_BACKEND]
LOGIN_URL = "login"
# Sessions live in the database and are read from it (every server sees every login and every
# logout): a copy in a cache that may fail could outlive its row, and checking it against the
# row would cost the query it saves.
SESSION_ENGINE = "django.contrib.sessions.backends.db"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "login"

LANGUAGE_CODE = "en"
# English is the source; the others are kept in locale/<code>/LC_MESSAGES/django.po.
LANGUAGES = [("en", "English"), ("vi", "Tiếng Việt"), ("de", "Deutsch")]
LOCALE_PATHS = [BASE_DIR / "locale"]
LANGUAGE_COOKIE_AGE = 365 * 24 * 60 * 60
LANGUAGE_COOKIE_SAMESITE: Literal["Lax"] = "Lax"
TIME_ZONE = "UTC"
# The dates and times of each language, one way on every page (cardtable/formats/).
FORMAT_MODULE_PATH = ["cardtable.formats"]
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "core.web.static_files.CachedAddressesStorage"
    },
}

INVITE_DAYS = 7

# Login throttling (django-axes): 5 wrong passwords for one username from one address lock that
# pair out for 15 minutes (a further try during the lockout starts them again); from another
# address that user can still log in. A successful login clears the count.
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "core.web.throttle.login_locked_out"
AXES_CLIENT_IP_CALLABLE = "core.web.throttle.client_ip"
# Only failures are stored, and only until their cool-off ends: no record of every login.
AXES_DISABLE_ACCESS_LOG = True
TRUSTED_PROXY_COUNT = int(os.environ.get("DJANGO_TRUSTED_PROXY_COUNT", "0"))

# Sign-up throttling (core.web.throttle.throttled): sign-up posts per client address within
# the last hour, counted in the database. A whole table may sign up at once from one home
# network, mistakes included.
SIGNUP_THROTTLE_LIMIT = 20
SIGNUP_THROTTLE_SECONDS = 3600

# Restores of a backup (tracker/gamelogs/restoring.py): the backups of one user's restores under
# way hold at most this many bytes together (two of the largest), at most this many restores
# begin into one group in a day, and a restore no step has touched for this long is cancelled.
RESTORE_BYTES_PER_USER = 40_000_000
RESTORES_PER_GROUP_PER_DAY = 5
RESTORE_LEFT_FOR = timedelta(days=1)

# Pages load scripts, styles and images from this site only; no inline script or style runs.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "object-src": ["'none'"],
        "base-uri": ["'none'"],
        "frame-ancestors": ["'none'"],
        "form-action": ["'self'"],
    }
}
# Browser features no page uses are switched off; phones may keep the screen on at the table.
PERMISSIONS_POLICY = {
    "camera": [],
    "microphone": [],
    "geolocation": [],
    "payment": [],
    "usb": [],
    "screen-wake-lock": ["self"],
}

if not DEBUG:
    SECURE_SSL_REDIRECT = env_bool("DJANGO_SECURE_SSL_REDIRECT", True)
    # A load balancer's and Docker's probes speak plain http to the server itself.
    SECURE_REDIRECT_EXEMPT = [r"^healthz$", r"^readyz$"]
    SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    if env_bool("DJANGO_SECURE_PROXY_SSL_HEADER", False):
        SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

# Everything goes to the console, where gunicorn, systemd or Docker collect it: warnings and
# errors on stderr, and one line per request on stdout (core.web.request_log; gunicorn's
# own access log is off, see gunicorn.conf.py).
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"requests": {"format": "%(asctime)s %(message)s"}},
    "handlers": {
        "console": {"class": "logging.StreamHandler"},
        "requests": {
            "class": "logging.StreamHandler",
            "stream": "ext://sys.stdout",
            "formatter": "requests",
        },
    },
    "root": {"handlers": ["console"], "level": "WARNING"},
    "loggers": {
        "cardtable.requests": {
            "handlers": ["requests"],
            "level": os.environ.get("DJANGO_REQUEST_LOG_LEVEL", "INFO"),
            "propagate": False,
        }
    },
}
