"""Every phone at the table follows the game: a page carries a signed address that says which
game (or group) it shows, and asks it every few seconds whether the version changed.

The address is signed, so the question needs no login: one indexed query answers it, which
keeps a table of phones asking every 3 s a rounding error for the server. It tells only a
version number, of the one game or group the signed page was rendered for.
"""

from django.core import signing

from tracker.models import Group, Session, Tournament

SALT = "live"
# A page left open longer than an evening asks its reader to reload it.
TOKEN_SECONDS = 24 * 60 * 60
VERSIONS = {
    "tournament": Tournament.objects.values_list("version", flat=True),
    "session": Session.objects.live_versions(),
    "group": Group.objects.values_list("version", flat=True),
}


def live_token(kind: str, pk: int) -> str:
    return signing.dumps([kind, pk], salt=SALT, compress=False)


def read_token(token: str) -> tuple[str, int] | None:
    """(kind, pk) of a token this server signed and that has not expired; None otherwise."""
    try:
        kind, pk = signing.loads(token, salt=SALT, max_age=TOKEN_SECONDS)
    except (signing.BadSignature, ValueError, TypeError):
        return None
    return (kind, pk) if kind in VERSIONS and isinstance(pk, int) else None


def current_version(kind: str, pk: int) -> int | None:
    return VERSIONS[kind].filter(pk=pk).first()
