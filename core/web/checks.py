"""The project's own deploy check (`manage.py check --deploy`): a secret key printed in the
project's own files is public, so a server that copied one signs its sessions and one-time
keys with a key anyone can read; and a server told that proxies stand in front trusts the
X-Forwarded-For a client sends when none does."""

import re
from pathlib import Path

from django.conf import settings
from django.core.checks import Error, Tags, Warning, register

ROOT = Path(__file__).resolve().parents[2]
# Where the project writes a secret key as an example or for its own use.
WRITTEN_IN = ["README.md", ".env.example", "Dockerfile", "compose.yaml", "cardtable/settings.py"]
KEY = re.compile(r"(?:DJANGO_SECRET_KEY=|SECRET_KEY = \")([\w-]{8,})")


def published_keys() -> set[str]:
    keys = set()
    for name in WRITTEN_IN:
        path = ROOT / name
        if path.exists():
            keys.update(KEY.findall(path.read_text(encoding="utf-8")))
    return keys


def is_published(key: str) -> bool:
    """Whether `key` is one of the printed keys in whatever case, or holds one inside padding
    (spaces, a character more): changed so little, it is as public as the key it was."""
    key = key.strip().lower()
    return any(published.lower() in key for published in published_keys())


@register(Tags.security, deploy=True)
def secret_key_is_not_published(app_configs, **kwargs):
    if is_published(settings.SECRET_KEY):
        return [
            Error(
                "DJANGO_SECRET_KEY is one printed in the project's own files, so it is public.",
                hint='Make one with python -c "import secrets; print(secrets.token_urlsafe(50))".',
                id="cardtable.E001",
            )
        ]
    return []


@register(Tags.security, deploy=True)
def trusted_proxies_are_in_front(app_configs, **kwargs):
    if settings.TRUSTED_PROXY_COUNT < 1:
        return []
    return [
        Warning(
            f"DJANGO_TRUSTED_PROXY_COUNT is {settings.TRUSTED_PROXY_COUNT}: the login lockout and "
            "the sign-up limit count the address in X-Forwarded-For. Without that many proxies "
            "in front, a client sends a new one with each try and is never locked out.",
            hint="Set it to the number of proxies that append the client's address, 0 for none.",
            id="cardtable.W001",
        )
    ]
