"""Cutthroat tournaments in the database: load, record, correct and undo hands.

Scores are never stored: every page replays the hands through ``tracker.rules.cutthroat``.
Hands are kept by seat number so that renaming a player never rewrites history.
"""

from dataclasses import dataclass

from django.db import IntegrityError, transaction

from tracker.common.seats import match_players, seats_of
from tracker.common.versioning import AlreadyRecorded, bump_version
from tracker.cutthroat import money as ledger_cutthroat
from tracker.models import Change, Hand, Tournament, TournamentSeat
from tracker.rules import RulesError, cutthroat


@dataclass
class Scoreboard:
    tournament: Tournament
    seats: list  # TournamentSeat rows in seat order
    names: list[str]
    settings: cutthroat.Settings
    hands: list[Hand]  # played hands, in order
    pending: Hand | None  # the hand whose bids are in and whose tricks are not
    result: cutthroat.TournamentResult

    @property
    def tricks(self) -> int:
        return self.settings.tricks(len(self.names))

    @property
    def played(self) -> list[cutthroat.Hand]:
        return [to_rules_hand(hand, self.names) for hand in self.hands]


def to_rules_hand(hand: Hand, names: list[str]) -> cutthroat.Hand:
    return cutthroat.Hand(
        bids=dict(zip(names, hand.bids, strict=True)),
        tricks=dict(zip(names, hand.tricks, strict=True)),
        jacks={card: names[seat] for card, seat in (hand.jacks or {}).items()},
    )


def by_seat(values: dict[str, object], names: list[str]) -> list:
    return [values[name] for name in names]


def jacks_by_seat(jacks: dict[str, str], names: list[str]) -> dict[str, int]:
    return {card: names.index(name) for card, name in jacks.items()}


def load(tournament: Tournament) -> Scoreboard:
    """The tournament replayed from its hands (seats and hands may come prefetched)."""
    seats = seats_of(tournament)
    names = [seat.player.name for seat in seats]
    settings = cutthroat.settings_from_rules(tournament.rules, len(names))
    rows = list(tournament.hands.all())
    played = [hand for hand in rows if hand.is_played]
    pending = rows[-1] if rows and not rows[-1].is_played else None
    result = cutthroat.play_tournament(names, settings, [to_rules_hand(h, names) for h in played])
    return Scoreboard(tournament, seats, names, settings, played, pending, result)


def refresh_cache(tournament: Tournament, user=None) -> Scoreboard:
    """Rebuild what is cached from the hands: the champion, the hand count, the money posted."""
    board = load(tournament)
    ledger_cutthroat.sync_tournament(board, user)
    champion = next((s.player for s in board.seats if s.player.name == board.result.champion), None)
    Tournament.objects.filter(pk=tournament.pk).update(
        champion=champion, hand_count=len(board.hands)
    )
    return board


def record_bids(board: Scoreboard, bids: dict[str, object], user) -> Hand:
    tournament = board.tournament
    if board.pending is not None:
        raise AlreadyRecorded(f"The bids of hand {board.pending.number} are already recorded.")
    cutthroat.validate_bids(board.names, board.settings, board.played, bids)
    number = len(board.hands) + 1
    try:
        with transaction.atomic():
            hand = Hand.objects.create(
                tournament=tournament,
                number=number,
                bids=by_seat(bids, board.names),
                entered_by=user,
            )
            bump_version(tournament)
            Change.objects.create(
                tournament=tournament,
                number=number,
                action=Change.Action.BIDS,
                after=hand.as_entry(),
                user=user,
                summary=f"Bids of hand {number}",
            )
    except IntegrityError as error:
        raise AlreadyRecorded(f"Hand {number} is already recorded.") from error
    return hand


def record_tricks(board: Scoreboard, number: int, tricks, jacks, user) -> Scoreboard:
    hand = board.pending
    if hand is None or hand.number != number:
        raise AlreadyRecorded(f"Hand {number} is already recorded.")
    candidate = cutthroat.Hand(
        bids=dict(zip(board.names, hand.bids, strict=True)), tricks=tricks, jacks=jacks
    )
    cutthroat.play_tournament(board.names, board.settings, [*board.played, candidate])
    with transaction.atomic():
        saved = Hand.objects.filter(pk=hand.pk, tricks__isnull=True).update(
            tricks=by_seat(tricks, board.names), jacks=jacks_by_seat(jacks, board.names)
        )
        if not saved:
            raise AlreadyRecorded(f"Hand {number} is already recorded.")
        bump_version(board.tournament)
        hand.refresh_from_db()
        Change.objects.create(
            tournament=board.tournament,
            number=number,
            action=Change.Action.PLAYED,
            after=hand.as_entry(),
            user=user,
            summary=f"Hand {number} played",
        )
        return refresh_cache(board.tournament, user)


@dataclass
class Correction:
    number: int
    before: cutthroat.TournamentResult
    after: cutthroat.TournamentResult

    @property
    def winner_changes(self) -> list[str]:
        """Plain-words differences in who won each game and the tournament."""
        notes = []
        games = max(len(self.before.games), len(self.after.games))
        for index in range(games):
            old = self.before.games[index].winner if index < len(self.before.games) else None
            new = self.after.games[index].winner if index < len(self.after.games) else None
            if old != new:
                notes.append(f"Game {index + 1}: winner {old or 'none'} → {new or 'none'}")
        if self.before.champion != self.after.champion:
            notes.append(
                f"Champion: {self.before.champion or 'none'} → {self.after.champion or 'none'}"
            )
        return notes


def preview_correction(board: Scoreboard, number: int, bids, tricks, jacks) -> Correction:
    hands = board.played
    if not 1 <= number <= len(hands):
        raise RulesError(f"hand {number}: there is no such played hand")
    hands[number - 1] = cutthroat.Hand(bids=bids, tricks=tricks, jacks=jacks)
    after = cutthroat.play_tournament(board.names, board.settings, hands)
    if board.pending is not None:
        pending_bids = dict(zip(board.names, board.pending.bids, strict=True))
        cutthroat.validate_bids(board.names, board.settings, hands, pending_bids)
    return Correction(number, board.result, after)


def correct_hand(board: Scoreboard, number: int, version: int, bids, tricks, jacks, user):
    correction = preview_correction(board, number, bids, tricks, jacks)
    hand = board.hands[number - 1]
    before = hand.as_entry()
    with transaction.atomic():
        bump_version(board.tournament, expected=version)
        hand.bids = by_seat(bids, board.names)
        hand.tricks = by_seat(tricks, board.names)
        hand.jacks = jacks_by_seat(jacks, board.names)
        hand.save(update_fields=["bids", "tricks", "jacks"])
        notes = "; ".join(correction.winner_changes)
        Change.objects.create(
            tournament=board.tournament,
            number=number,
            action=Change.Action.CORRECTION,
            before=before,
            after=hand.as_entry(),
            user=user,
            summary=f"Hand {number} corrected" + (f" ({notes})" if notes else ""),
        )
        return refresh_cache(board.tournament, user)


def undo_last(board: Scoreboard, version: int, user) -> Scoreboard:
    last = board.pending or (board.hands[-1] if board.hands else None)
    if last is None:
        raise RulesError("There is no hand to undo.")
    with transaction.atomic():
        bump_version(board.tournament, expected=version)
        Change.objects.create(
            tournament=board.tournament,
            number=last.number,
            action=Change.Action.UNDO,
            before=last.as_entry(),
            user=user,
            summary=f"{'Bids of hand' if board.pending else 'Hand'} {last.number} undone",
        )
        last.delete()
        return refresh_cache(board.tournament, user)


def export_log(board: Scoreboard) -> dict:
    return cutthroat.log_from(board.names, board.settings, board.played, board.result)


def export_game(tournament: Tournament) -> dict:
    return export_log(load(tournament))


def start(group, players: list, rules: dict, user, name: str = "", money=None) -> Tournament:
    """A new tournament; `players` in seat order, clockwise, the first dealer first.

    `money` may set a "game_stake" and a "buy_in" (Decimal, in the group currency).
    """
    settings = cutthroat.settings_from_rules(rules, len(players))
    with transaction.atomic():
        tournament = Tournament.objects.create(
            group=group,
            name=name,
            rules=cutthroat.rules_from_settings(settings),
            created_by=user,
            **(money or {}),
        )
        TournamentSeat.objects.bulk_create(
            TournamentSeat(tournament=tournament, player=player, seat=seat)
            for seat, player in enumerate(players)
        )
    return tournament


def import_log(group, doc: dict, user, create_missing: bool = False) -> Tournament:
    """A new tournament from a "cutthroat-log/1" document; a bad log creates nothing."""
    names, settings, hands, _ = cutthroat.parse_log(doc)
    with transaction.atomic():
        players = match_players(group, names, create_missing)
        tournament = start(group, players, cutthroat.rules_from_settings(settings), user)
        Hand.objects.bulk_create(
            Hand(
                tournament=tournament,
                number=number,
                bids=by_seat(hand.bids, names),
                tricks=by_seat(hand.tricks, names),
                jacks=jacks_by_seat(hand.jacks, names),
                entered_by=user,
            )
            for number, hand in enumerate(hands, start=1)
        )
        Change.objects.create(
            tournament=tournament,
            action=Change.Action.IMPORT,
            after=doc,
            user=user,
            summary=f"Imported {len(hands)} hands",
        )
        refresh_cache(tournament, user)
    return tournament


def standings(board: Scoreboard) -> list[dict]:
    """One row per seat for the scoreboard: what the rules computed, arranged for display."""
    result, settings = board.result, board.settings
    last = result.games[-1].hands[-1] if result.games and result.games[-1].hands else None
    rows = []
    for name in board.names:
        bags = result.bags.get(name, 0)
        rows.append(
            {
                "name": name,
                "total": result.totals.get(name, 0),
                "bags": bags,
                "bags_left": settings.bag_limit - bags if settings.bags_mode == "limit" else None,
                "last_score": last.score[name] if last else None,
                "wins": result.wins.get(name, 0),
                "deals_next": name == result.next_dealer,
            }
        )
    return rows


SHORT_BIDS = {"NIL": "Nil", "BN": "BN", "1F": "1F", "2F": "2F", "B6": "B6", "SM": "Moon"}


def history(board: Scoreboard, latest: int | None = None) -> list[dict]:
    """Each game's hands, newest game first, with every player's bid, tricks, score and total.

    With `latest`, only the current game lists its hands (the latest ones); earlier games show
    their winner and final totals.
    """
    games = []
    for index, game in enumerate(board.result.games):
        rows = []
        current = index == len(board.result.games) - 1
        shown = game.hands if latest is None else game.hands[-latest:] if current else []
        for hand in shown:
            cells = [
                {
                    "bid": SHORT_BIDS.get(hand.hand.bids[name], hand.hand.bids[name]),
                    "bid_label": cutthroat.bid_label(hand.hand.bids[name]),
                    "tricks": hand.hand.tricks[name],
                    "score": hand.score[name],
                    "total": hand.totals[name],
                    "bags": hand.bags[name],
                    "penalty": hand.bag_penalty[name],
                }
                for name in board.names
            ]
            rows.append(
                {
                    "number": hand.hand_index + 1,
                    "in_game": hand.number,
                    "dealer": hand.dealer,
                    "cells": cells,
                }
            )
        final = [game.totals[name] for name in board.names]
        games.append(
            {
                "number": game.number,
                "winner": game.winner,
                "hands": rows,
                "hidden": len(game.hands) - len(rows),
                "final": final,
            }
        )
    return games[::-1]


def just_won(board: Scoreboard):
    """The game the last hand won, if it did and the next game has not started yet."""
    games = board.result.games
    if board.pending is None and games and games[-1].winner and games[-1].hands:
        return games[-1]
    return None


def money_in_words(tournament: Tournament) -> list[str]:
    group, lines = tournament.group, []
    if tournament.game_stake:
        stake = group.format_amount(tournament.game_stake)
        lines.append(f"Each game: every loser pays the winner {stake} {group.currency}")
    if tournament.buy_in:
        buy_in = group.format_amount(tournament.buy_in)
        lines.append(f"Buy-in {buy_in} {group.currency} each; the champion takes them all")
    return lines


def describe_entry(entry: dict | None, names: list[str]) -> str:
    """A hand as stored (by seat) in words: "An 4/6, Bình Nil/0, Chi 5/11; J♦ Chi, J♣ An"."""
    if not entry or "bids" not in entry:
        return ""
    tricks = entry.get("tricks") or [None] * len(names)
    players = ", ".join(
        f"{name} {SHORT_BIDS.get(bid, bid)}" + (f"/{took}" if took is not None else "")
        for name, bid, took in zip(names, entry["bids"], tricks, strict=True)
    )
    caught = entry.get("jacks") or {}
    jacks = ", ".join(
        f"{cutthroat.JACK_NAMES[card]} {names[caught[card]]}"
        for card in cutthroat.AWARD_JACKS  # PostgreSQL's jsonb does not keep key order
        if card in caught
    )
    return players + (f"; {jacks}" if jacks else "")


def change_rows(board: Scoreboard, limit: int = 30) -> list[dict]:
    """The history of changes, newest first: who, when, and the hand before and after."""
    return [
        {
            "change": change,
            "before": describe_entry(change.before, board.names),
            "after": describe_entry(change.after, board.names),
        }
        for change in board.tournament.changes.select_related("user")[:limit]
    ]
