"""Cutthroat Spades game logs ("cutthroat-log/1", docs/log-format.md): parse, replay and export.

Import the public names from ``tracker.cutthroat.rules``; this module is one part of it.
"""

from basics.errors import RulesError
from basics.names import name_key
from basics.phrases import Phrase, _
from tracker.cutthroat.rules.described import rules_from_settings
from tracker.cutthroat.rules.hands import check_players
from tracker.cutthroat.rules.play import Hand, TournamentResult, TournamentState, play_tournament
from tracker.cutthroat.rules.settings import Settings, settings_from_rules
from tracker.rules import MOST_ENTRIES

FORMAT = "cutthroat-log/1"
LOG_KEYS = ("format", "rules", "players", "games")
HAND_KEYS = ("bids", "tricks", "jacks")


def _parse(
    doc, going_on=None
) -> tuple[list[str], Settings, list[Hand], list[int], TournamentState]:
    """The log played from the start, or on from a tournament's state (`going_on`: its players,
    settings and state snapshot, which the log's must be): its first game then goes on with the
    tournament's game, unless that one is yet to start."""
    if not isinstance(doc, dict):
        raise RulesError(_("log: must be a JSON object"))
    if doc.get("format") != FORMAT:
        raise RulesError(
            _('format: must be "%(format)s", not %(value)s'),
            format=FORMAT,
            value=repr(doc.get("format")),
        )
    for key in doc:
        if key not in LOG_KEYS:
            raise RulesError(_('log: unknown key "%(key)s"'), key=key)
    for key in ("players", "games"):
        if key not in doc:
            raise RulesError(_('log: "%(key)s" is missing'), key=key)
    players = check_players(doc["players"])
    settings = settings_from_rules(doc.get("rules", {}), len(players))
    games = doc["games"]
    if not isinstance(games, list):
        raise RulesError(_("games: must be a list of games"))
    entries = sum(len(game["hands"]) for game in games if isinstance(game, dict)
                  and isinstance(game.get("hands"), list))  # fmt: skip
    if entries > MOST_ENTRIES:
        raise RulesError(_("games: a log holds at most %(most)s hands"), most=f"{MOST_ENTRIES:,}")
    if going_on is None:
        tournament = TournamentState(players, settings)
    else:
        names, going_settings, snapshot = going_on
        if list(map(name_key, players)) != list(map(name_key, names)) or (
            settings != going_settings
        ):
            raise RulesError(_("log: its players and rules are not those of this tournament"))
        tournament = TournamentState.resume(players, settings, snapshot)
    before = tournament.game - 1  # the games played before the log's first one
    hands: list[Hand] = []
    counts: list[int] = []
    for g, game in enumerate(games, 1):
        where = Phrase(_("game %(game)s"), game=g)
        if tournament.champion is not None:
            raise RulesError(
                _(
                    "%(where)s: the tournament was already won by %(champion)s "
                    "in game %(last)s; no game may follow"
                ),
                where=where,
                champion=tournament.champion,
                last=before + g - 1,
            )
        if not isinstance(game, dict):
            raise RulesError(_('%(where)s: must be an object with "hands"'), where=where)
        for key in game:
            if key != "hands":
                raise RulesError(_('%(where)s: unknown key "%(key)s"'), where=where, key=key)
        if not isinstance(game.get("hands"), list) or not game["hands"]:
            raise RulesError(_("%(where)s: a game needs a non-empty list of hands"), where=where)
        for h, raw in enumerate(game["hands"], 1):
            if h > 1 and tournament.game != before + g:
                raise RulesError(
                    _(
                        "%(where)s: %(winner)s won this game in hand "
                        "%(last)s, so the game must end there"
                    ),
                    where=Phrase(_("game %(game)s hand %(hand)s"), game=g, hand=h),
                    winner=tournament.games[-1].winner,
                    last=h - 1,
                )
            hand = _hand(raw, g, h, settings)
            tournament.play(hand)
            hands.append(hand)
        counts.append(len(game["hands"]))
        if tournament.game == before + g and g < len(games):
            raise RulesError(
                _(
                    "%(where)s: no one has won it after hand %(last)s, "
                    "but game %(next)s follows (only the last game may be unfinished)"
                ),
                where=where,
                last=len(game["hands"]),
                next=g + 1,
            )
    return players, settings, hands, counts, tournament


def _hand(raw, g: int, h: int, settings: Settings) -> Hand:
    where = Phrase(_("game %(game)s hand %(hand)s"), game=g, hand=h)
    if not isinstance(raw, dict):
        raise RulesError(
            _('%(where)s: must be an object with "bids", "tricks" and "jacks"'), where=where
        )
    for key in raw:
        if key not in HAND_KEYS:
            raise RulesError(_('%(where)s: unknown key "%(key)s"'), where=where, key=key)
    for key in ("bids", "tricks", "jacks"):
        if key == "jacks" and not settings.award_jacks:
            continue  # no award jacks in force: "jacks" may be left out
        if key not in raw:
            raise RulesError(_('%(where)s: "%(key)s" is missing'), where=where, key=key)
    for key in raw:
        if not isinstance(raw[key], dict):
            raise RulesError(_('%(where)s: "%(key)s" must be an object'), where=where, key=key)
    return Hand(
        bids=dict(raw["bids"]), tricks=dict(raw["tricks"]), jacks=dict(raw.get("jacks", {}))
    )


def parse_log(doc: dict) -> tuple[list[str], Settings, list[Hand], list[int]]:
    """Validate a "cutthroat-log/1" document completely.

    Returns the players, the settings, every hand in order and the number of hands per game.
    """
    players, settings, hands, counts, _result = _parse(doc)
    return players, settings, hands, counts


def parse_more(
    doc: dict, names: list[str], settings: Settings, snapshot: dict
) -> tuple[list[str], list[Hand]]:
    """Validate a "cutthroat-log/1" document whose hands go on from a tournament's state (its
    `snapshot`), its first game going on with the tournament's game; the log's players and
    settings must be the tournament's (`names` in seat order, `settings`). Returns the log's
    players and every hand in order."""
    players, _settings, hands, _counts, _result = _parse(doc, (names, settings, snapshot))
    return players, hands


def result_document(result: TournamentResult) -> dict:
    """The result document of docs/log-format.md for a played tournament."""
    return {
        "games": [
            {
                "hands": [
                    {
                        "dealer": hand.dealer,
                        "score": dict(hand.score),
                        "bag_penalty": dict(hand.bag_penalty),
                        "bags": dict(hand.bags),
                        "totals": dict(hand.totals),
                    }
                    for hand in game.hands
                ],
                "winner": game.winner,
            }
            for game in result.games
        ],
        "wins": dict(result.wins),
        "champion": result.champion,
    }


def replay_log(doc: dict) -> dict:
    """Validate a log and return its result document (docs/log-format.md)."""
    return result_document(_parse(doc)[4].result())


def log_from(
    players: list[str],
    settings: Settings,
    hands: list[Hand],
    result: TournamentResult | None = None,
) -> dict:
    """An export log of a tournament; ``result`` (computed when left out) splits the games."""
    if result is None:
        result = play_tournament(players, settings, hands)
    if sum(len(game.hands) for game in result.games) != len(hands):
        raise RulesError(_("log: the result was not played from these hands"))
    games, start = [], 0
    for game in result.games:
        chunk = hands[start : start + len(game.hands)]
        games.append({"hands": [_hand_document(players, settings, hand) for hand in chunk]})
        start += len(game.hands)
    return {
        "format": FORMAT,
        "rules": rules_from_settings(settings),
        "players": list(players),
        "games": games,
    }


def _hand_document(players: list[str], settings: Settings, hand: Hand) -> dict:
    return {
        "bids": {p: hand.bids[p] for p in players},
        "tricks": {p: hand.tricks[p] for p in players},
        "jacks": {card: hand.jacks[card] for card in settings.award_jacks if card in hand.jacks},
    }
