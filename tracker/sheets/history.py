"""Score sheets in the group's history: past sheets and their charts, each player's record,
the ratings' matches (docs/ratings.md) and what each sheet settles on its own.

A match is one round: Plackett–Luce by place, or by points in a points sheet (the fewest
first where the lowest win). Everything is read from what the rules stored with each round
(its result), so a page costs the same however long each sheet was; nothing is replayed.
"""

from django.db.models import Prefetch
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from core.game_parts import PastGames
from core.games import PlayerRecord, Section
from core.locale_money import amount_text
from core.money import signed
from core.web.lists import player_links
from core.web.money_charts import money_after_each_round
from ledger.settlement import fewest_transfers
from tracker.rules.leaderboard import Match
from tracker.sheets import board as sheet_board
from tracker.sheets import rules as sheet
from tracker.sheets.models import SheetSeat
from tracker.sheets.rules import records

LATEST_SETTLED = 10  # sheets on "Who owes whom, session by session"


def sheets_of(group):
    """The group's sheets, newest first, each with its seats (and players)."""
    seats = Prefetch("seats", queryset=SheetSeat.objects.select_related("player"))
    return group.sheets.prefetch_related(seats)


def played_sheet(board) -> records.PlayedSheet:
    rounds = [(played.round, played.result) for played in board.every_round()]
    return records.PlayedSheet(board.names, rounds, dict(board.state.running))


def matches(group, game: str) -> list[Match]:
    """Every round of every sheet, oldest first: its players ranked by place (or points), with
    the money it moved and the chops each made."""
    found = []
    oldest_first = sheets_of(group).order_by("created_at", "pk").prefetch_related("rounds")
    for sheet_row in oldest_first:
        board = sheet_board.load(sheet_row)
        day = timezone.localdate(sheet_row.created_at)
        sign = -1 if board.settings.lowest_wins else 1
        for entered, result in played_sheet(board).rounds:
            if board.by_points:
                scores = {name: sign * result.points[name] for name in result.at_table}
            else:
                scores = {name: -result.places[name] for name in result.at_table}
            money = {name: result.net[name] for name in result.at_table}
            chops = dict.fromkeys(result.at_table, 0)
            for chain in entered.chops:
                for chop in chain:
                    chops[chop.chopper] += 1
            found.append(
                Match(game, day, scores, money=money, by_points=board.by_points, chops=chops)
            )
    return found


def player_record(group, player) -> PlayerRecord:
    """His record over every sheet he sat at, and his rounds against each rival."""
    sat_at = sheets_of(group).filter(seats__player=player).prefetch_related("rounds")
    played = [played_sheet(sheet_board.load(sheet_row)) for sheet_row in sat_at]
    record = records.player_record(player.name, played)
    places = [
        {"place": place_words(place), "rounds": count} for place, count in record.places_in_order
    ]
    context = {"sheet_record": record, "places": places, "net": signed(group, record.net)}
    return PlayerRecord(
        Section("sheets/_record.html", context),
        {
            row.rival: Section(
                "sheets/_rivalry.html", {"row": row, "money": signed(group, row.money)}
            )
            for row in records.rivalries(player.name, played)
        },
    )


def place_words(place) -> str:
    """A counted place in the reader's words: "first" … and "last"."""
    return str(sheet.place_name(2, 2) if place == records.LAST else sheet.place_name(place, 0))


def transfers_of(board) -> list:
    """Who pays whom to settle the sheet alone."""
    balances = dict(board.state.running)
    return fewest_transfers(balances) if any(balances.values()) else []


def settlements(group) -> Section:
    """The latest sheets, each with who pays whom for it alone."""
    settled = [
        {"sheet": sheet_row, "transfers": transfers_of(sheet_board.load(sheet_row))}
        for sheet_row in sheets_of(group)[:LATEST_SETTLED]
    ]
    return Section("sheets/_settlements.html", {"sheets": settled})


def sheet_row(group, board) -> dict:
    """A past sheet for the list: its players, game, rounds and money."""
    return {
        "sheet": board.sheet,
        "players": player_links(group, board.seats),
        "game": board.sheet.game_words,
        "stake": amount_text(group, board.settings.stake),
        "rounds": board.rounds_played,
        "money": [
            {"name": name, **signed(group, board.state.running[name])} for name in board.names
        ],
        "chart_url": reverse("history_sheet", args=[group.pk, board.sheet.pk]),
    }


def chart_page(group, board) -> dict:
    """What a past sheet's page shows: its row and its chart."""
    return {"row": sheet_row(group, board), "chart": money_chart(group, board)}


past = PastGames(
    sheets_of, sheet_row, chart_page, "sheets/history_sheets.html", "sheets/history_sheet.html"
)


def money_chart(group, board):
    """Each player's money after each round: the running sum of the rounds' `net`."""
    title = _("%(sheet)s: money after each round (%(currency)s)") % {
        "sheet": board.sheet,
        "currency": group.currency,
    }
    return money_after_each_round(group, board, board.every_round(), title)
