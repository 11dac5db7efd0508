import os
import re
import secrets
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PRODUCTION = {
    "DJANGO_DEBUG": "0",
    "DJANGO_SECRET_KEY": "a-long-random-production-secret-key-for-the-deploy-check-0123456789",
    "DJANGO_ALLOWED_HOSTS": "cards.example.org",
}


def manage(*args, **env):
    command = [sys.executable, "manage.py", *args]
    environment = {**os.environ, **env}
    if "DATABASE_URL" not in env:
        environment.pop("DATABASE_URL", None)
    environment.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    if "REDIS_URL" not in env:
        environment.pop("REDIS_URL", None)
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, env=environment)


def documented_production_environment() -> dict[str, str]:
    """The lines of README's "The production environment" block, as variables."""
    readme = (ROOT / "README.md").read_text()
    block = re.search(r"### The production environment\n.*?```sh\n(.*?)```", readme, re.S)[1]
    return dict(line.split("=", 1) for line in block.splitlines() if "=" in line)


def test_the_deploy_check_is_clean_with_the_documented_production_environment():
    production = documented_production_environment()
    assert len(production) == 9
    production["DJANGO_SECRET_KEY"] = secrets.token_urlsafe(50)
    command = [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"]
    # Without what the browser tests set for themselves (the check warns of it, rightly).
    environment = {k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"}
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True,
                          env={**environment, **production})  # fmt: skip
    assert issues(done.stderr) == {"cardtable.W001"}  # the reminder that a proxy must be in front


def issues(stderr: str) -> set[str]:
    return set(re.findall(r"\(([\w.]+\.[EW]\d+)\)", stderr))


def test_the_deploy_check_warns_that_a_trusted_proxy_must_be_in_front():
    done = manage("check", "--deploy", **PRODUCTION, DJANGO_TRUSTED_PROXY_COUNT="1")
    assert "cardtable.W001" in done.stderr and "X-Forwarded-For" in done.stderr


def test_the_deploy_check_is_clean_with_production_variables():
    done = manage("check", "--deploy", "--fail-level", "WARNING", **PRODUCTION)
    assert done.returncode == 0, done.stderr


def test_the_deploy_check_refuses_the_secret_key_the_readme_prints():
    production = documented_production_environment()
    done = manage("check", "--deploy", **production)
    assert done.returncode == 1
    assert "cardtable.E001" in done.stderr and "it is public" in done.stderr


def test_debug_off_without_a_secret_key_is_a_clear_error():
    done = manage("check", DJANGO_DEBUG="0", DJANGO_SECRET_KEY="")
    assert done.returncode == 1
    assert "DJANGO_SECRET_KEY must be set when DJANGO_DEBUG is off" in done.stderr


def test_a_bad_debug_value_is_refused():
    done = manage("check", DJANGO_DEBUG="maybe")
    assert "DJANGO_DEBUG must be 1 or 0" in done.stderr


def test_redis_is_the_shared_cache_when_redis_url_is_set():
    done = manage(
        "shell", "-c", "from django.conf import settings; print(settings.CACHES['default'])",
        REDIS_URL="redis://cache.example:6379/0",
    )  # fmt: skip
    assert "core.web.cache.ForgivingRedisCache" in done.stdout  # Django's RedisCache
    assert "redis://cache.example:6379/0" in done.stdout


def test_each_process_keeps_its_own_cache_without_redis_url():
    done = manage("shell", "-c", "from django.conf import settings; print(settings.CACHES)")
    assert "LocMemCache" in done.stdout


DATABASE_OPTIONS = "from django.db import connection; print(connection.settings_dict['OPTIONS'])"
POSTGRES = "postgres://cards:secret@db.example:5432/cards"


def test_postgres_connections_are_pooled_where_none_is_kept_as_under_asgi():
    done = manage("shell", "-c", DATABASE_OPTIONS, DATABASE_URL=POSTGRES, DJANGO_CONN_MAX_AGE="0")
    pool = "'pool': {'min_size': 2, 'max_size': 10, 'timeout': 10, 'num_workers': 1}"
    assert pool in done.stdout, done.stderr


def test_postgres_connections_kept_by_django_are_not_pooled_again():
    done = manage("shell", "-c", DATABASE_OPTIONS, DATABASE_URL=POSTGRES, DJANGO_CONN_MAX_AGE="60")
    assert "pool" not in done.stdout and done.returncode == 0, done.stderr


@pytest.mark.parametrize("changed", [str.upper, lambda key: f"  {key}x ", lambda key: f"0{key}"])
def test_the_deploy_check_refuses_the_readmes_secret_key_in_any_case_or_padded(changed):
    production = documented_production_environment()
    key = changed(production["DJANGO_SECRET_KEY"])
    done = manage("check", "--deploy", **{**production, "DJANGO_SECRET_KEY": key})
    assert done.returncode == 1
    assert "cardtable.E001" in done.stderr


def allowed_hosts(**env) -> str:
    shown = "from django.conf import settings; print(settings.ALLOWED_HOSTS)"
    return manage("shell", "--no-imports", "-c", shown, **env).stdout.strip()


def test_with_debug_on_any_address_of_the_machine_is_served():
    assert allowed_hosts(DJANGO_DEBUG="1", DJANGO_ALLOWED_HOSTS="") == "['*']"


def test_with_debug_off_only_the_hosts_named_are_served():
    assert allowed_hosts(**PRODUCTION) == "['cards.example.org']"


def test_a_change_to_a_template_gives_the_cache_keys_another_start(tmp_path):
    """Renders cached before a deploy are not read after it (cardtable/settings.py)."""
    from cardtable.settings import release_digest

    page = tmp_path / "templates" / "page.html"
    page.parent.mkdir()
    page.write_text("<p>Round 1</p>")
    before = release_digest(tmp_path, roots=("templates",))
    assert release_digest(tmp_path, roots=("templates",)) == before
    page.write_text("<p>Round 1 · An deals</p>")
    assert release_digest(tmp_path, roots=("templates",)) != before


def test_every_process_of_a_release_starts_its_cache_keys_alike():
    shown = "from django.conf import settings; print(settings.CACHES['default']['KEY_PREFIX'])"
    first, second = (manage("shell", "-c", shown).stdout.split()[-1] for _ in range(2))
    assert len(first) == 16 and first == second
