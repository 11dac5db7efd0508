"""A player's page: his record in each game the registry holds, and his head to head with
each rival over every game they both played; and what each game settles on its own.

Each game reads its part from the results stored with its hands and rounds (`GameKind.
player_record`), so the page costs the same however long the history; nothing is replayed.
Players are told apart by name: names are unique in a group (ignoring case) and each record
uses the players' current names, so a renamed player keeps his whole record.
"""

from django.urls import reverse

from basics.collation import sort_key
from core import games
from tracker.history import words


def player_page(group, player) -> dict:
    """Each game's record of `player`, in the order of the registry, and one row per rival
    with each game's part, with a link to the rival's own page."""
    records = [
        record
        for kind in games.every_kind()
        if (record := kind.player_record(group, player)) is not None
    ]
    urls = {p.name: reverse("player_stats", args=[group.pk, p.pk]) for p in group.players.all()}
    names = sorted({name for record in records for name in record.rivals}, key=sort_key)
    rivals = [
        {
            "name": name,
            "url": urls.get(name),
            "parts": [record.rivals[name] for record in records if name in record.rivals],
        }
        for name in names
    ]
    counted = (kind.head_to_head_counted() for kind in games.every_kind())
    return {
        "records": records,
        "rivals": rivals,
        "head_to_head_counted": " ".join(filter(None, counted)),
    }


def settlements(group, page_number) -> dict:
    """What each game's games settle, each on its own: the games settled a page at a time first
    (the page `page_number` of them), then the others' latest; and what that is in words."""
    kinds = sorted(games.every_kind(), key=lambda kind: not kind.settled_by_page)
    shown = [(kind, kind.settlements(group, page_number)) for kind in kinds]
    shown = [(kind, section) for kind, section in shown if section is not None]
    return {
        "settlements": [section for _kind, section in shown],
        "settled_each": words.each_and(kind.settled_each() for kind, _section in shown),
    }
