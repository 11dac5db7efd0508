"""Import a game log of either kind into a group as a new tournament or session."""

from tracker import catte_sessions, tournaments
from tracker.rules import RulesError, catte, cutthroat


def import_log(group, doc: dict, user, create_missing: bool = False):
    """The new Tournament or Session; a bad log raises RulesError and creates nothing."""
    kind = doc.get("format")
    if kind == cutthroat.FORMAT:
        return tournaments.import_log(group, doc, user, create_missing)
    if kind == catte.FORMAT:
        return catte_sessions.import_log(group, doc, user, create_missing)
    raise RulesError(
        f'log: "format" must be "{cutthroat.FORMAT}" or "{catte.FORMAT}", not {kind!r}'
    )
