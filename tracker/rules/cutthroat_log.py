"""Cutthroat Spades game logs ("cutthroat-log/1", docs/log-format.md): parse, replay and export.

Import the public names from ``tracker.rules.cutthroat``; this module is one part of it.
"""

from tracker.rules import MOST_ENTRIES, RulesError
from tracker.rules.cutthroat_play import (
    Hand,
    TournamentResult,
    TournamentState,
    check_players,
    play_tournament,
)
from tracker.rules.cutthroat_settings import Settings, rules_from_settings, settings_from_rules

FORMAT = "cutthroat-log/1"
LOG_KEYS = ("format", "rules", "players", "games")
HAND_KEYS = ("bids", "tricks", "jacks")


def _parse(doc) -> tuple[list[str], Settings, list[Hand], list[int], TournamentResult]:
    if not isinstance(doc, dict):
        raise RulesError("log: must be a JSON object")
    if doc.get("format") != FORMAT:
        raise RulesError(f'format: must be "{FORMAT}", not {doc.get("format")!r}')
    for key in doc:
        if key not in LOG_KEYS:
            raise RulesError(f'log: unknown key "{key}"')
    for key in ("players", "games"):
        if key not in doc:
            raise RulesError(f'log: "{key}" is missing')
    players = check_players(doc["players"])
    settings = settings_from_rules(doc.get("rules", {}), len(players))
    games = doc["games"]
    if not isinstance(games, list):
        raise RulesError("games: must be a list of games")
    entries = sum(len(game["hands"]) for game in games if isinstance(game, dict)
                  and isinstance(game.get("hands"), list))  # fmt: skip
    if entries > MOST_ENTRIES:
        raise RulesError(f"games: a log holds at most {MOST_ENTRIES:,} hands")
    tournament = TournamentState(players, settings)
    hands: list[Hand] = []
    counts: list[int] = []
    for g, game in enumerate(games, 1):
        if tournament.champion is not None:
            raise RulesError(
                f"game {g}: the tournament was already won by {tournament.champion} "
                f"in game {g - 1}; no game may follow"
            )
        if not isinstance(game, dict):
            raise RulesError(f'game {g}: must be an object with "hands"')
        for key in game:
            if key != "hands":
                raise RulesError(f'game {g}: unknown key "{key}"')
        if not isinstance(game.get("hands"), list) or not game["hands"]:
            raise RulesError(f"game {g}: a game needs a non-empty list of hands")
        for h, raw in enumerate(game["hands"], 1):
            if h > 1 and tournament.game != g:
                winner = tournament.games[-1].winner
                raise RulesError(
                    f"game {g} hand {h}: {winner} won this game in hand {h - 1}, "
                    "so the game must end there"
                )
            hand = _hand(raw, g, h, settings)
            tournament.play(hand)
            hands.append(hand)
        counts.append(len(game["hands"]))
        if tournament.game == g and g < len(games):
            raise RulesError(
                f"game {g}: no one has won it after hand {len(game['hands'])}, "
                f"but game {g + 1} follows (only the last game may be unfinished)"
            )
    return players, settings, hands, counts, tournament.result()


def _hand(raw, g: int, h: int, settings: Settings) -> Hand:
    where = f"game {g} hand {h}"
    if not isinstance(raw, dict):
        raise RulesError(f'{where}: must be an object with "bids", "tricks" and "jacks"')
    for key in raw:
        if key not in HAND_KEYS:
            raise RulesError(f'{where}: unknown key "{key}"')
    for key in ("bids", "tricks", "jacks"):
        if key == "jacks" and not settings.award_jacks:
            continue  # no award jacks in force: "jacks" may be left out
        if key not in raw:
            raise RulesError(f'{where}: "{key}" is missing')
    for key in raw:
        if not isinstance(raw[key], dict):
            raise RulesError(f'{where}: "{key}" must be an object')
    return Hand(
        bids=dict(raw["bids"]), tricks=dict(raw["tricks"]), jacks=dict(raw.get("jacks", {}))
    )


def parse_log(doc: dict) -> tuple[list[str], Settings, list[Hand], list[int]]:
    """Validate a "cutthroat-log/1" document completely.

    Returns the players, the settings, every hand in order and the number of hands per game.
    """
    players, settings, hands, counts, _ = _parse(doc)
    return players, settings, hands, counts


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
    return result_document(_parse(doc)[4])


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
        raise RulesError("log: the result was not played from these hands")
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
