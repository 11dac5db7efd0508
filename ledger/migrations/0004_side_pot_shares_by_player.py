"""Open side-pot shares move from the group's one side-pot account to each player's own share
account, and Cắt Tê round transactions are keyed by session and round number.

Every live Cắt Tê transaction keeps its amounts on the players' accounts to the cent; only its
posting on the side-pot account is split into one posting per player whose share it moved (the
same total, so the transaction still sums to zero). Who put what into a side pot is read from
the rounds as entered: each player at the table puts the side stake in, and a claim takes every
share out. Transactions already reversed (and their reversals) cancel out on the side-pot
account and are left as they are. This migration is self-contained on purpose: it must keep
working however the app's code changes later.
"""

from decimal import Decimal

from django.db import migrations

DECIMALS = {
    "EUR": 2,
    "USD": 2,
    "GBP": 2,
    "CHF": 2,
    "AUD": 2,
    "CAD": 2,
    "VND": 0,
    "JPY": 0,
    "KRW": 0,
}
ROUND, CLOSE, CARRY, BROUGHT_IN = "catte_round", "catte_close", "catte_carry", "catte_side_pot_in"
ROUND_REMOVED = "catte_round_removed"


class Ledger:
    def __init__(self, apps, group):
        self.apps, self.group = apps, group
        self.decimals = DECIMALS[group.currency]
        self.Account = apps.get_model("ledger", "Account")
        self.Posting = apps.get_model("ledger", "Posting")
        self.Transaction = apps.get_model("ledger", "Transaction")
        self.side_pot = self.Account.objects.filter(group=group, kind="side_pot").first()
        self.shares = {}
        # Round transactions by the pk of their round, read before any is keyed anew (a
        # session's pk may equal another round's pk).
        self.by_round: dict[int, list] = {}
        for entry in self.Transaction.objects.filter(group=group, source_type=ROUND):
            self.by_round.setdefault(entry.source_id, []).append(entry)
        self.reversed_pks = set(
            self.Transaction.objects.filter(group=group, reverses__isnull=False).values_list(
                "reverses_id", flat=True
            )
        )

    def reversed(self, entry) -> bool:
        return entry.pk in self.reversed_pks

    def minor(self, amount: Decimal) -> int:
        return int(amount.scaleb(self.decimals))

    def share_account(self, player_id):
        if player_id not in self.shares:
            self.shares[player_id], _ = self.Account.objects.get_or_create(
                group=self.group, player_id=player_id, kind="share"
            )
        return self.shares[player_id]

    def live(self, source_type, source_id):
        return self.Transaction.objects.filter(
            group=self.group,
            source_type=source_type,
            source_id=source_id,
            reverses__isnull=True,
            reversed_by__isnull=True,
        )

    def split(self, entry, share_minor: dict) -> None:
        """Replace the entry's side-pot posting by share postings of the same total."""
        share_minor = {player: amount for player, amount in share_minor.items() if amount}
        postings = self.Posting.objects.filter(transaction=entry, account=self.side_pot)
        posted = sum(p.amount_minor for p in postings)
        if posted != sum(share_minor.values()):
            raise ValueError(
                f"transaction {entry.pk} ({entry.description}): the side pot moved {posted}, "
                f"the rounds say {sum(share_minor.values())}"
            )
        postings.delete()
        self.Posting.objects.bulk_create(
            self.Posting(transaction=entry, account=self.share_account(player), amount_minor=amount)
            for player, amount in share_minor.items()
        )

    def mirror_players(self, entry) -> None:
        """Refunds and brought-in shares: each player's share moves by minus his posting."""
        players = self.Posting.objects.filter(transaction=entry, account__kind="player")
        self.split(entry, {p.account.player_id: -p.amount_minor for p in players})


def convert_session(ledger: Ledger, apps, session) -> None:
    Round = apps.get_model("tracker", "Round")
    seats = {
        seat.seat: seat.player_id
        for seat in apps.get_model("tracker", "SessionSeat").objects.filter(session=session)
    }
    stake = Decimal((session.rules or {}).get("side_pot_stake") or "0")
    shares = dict.fromkeys(seats.values(), 0)
    for seat, amount in (session.side_pot_in or {}).items():
        shares[seats[int(seat)]] += ledger.minor(Decimal(amount))
    for row in Round.objects.filter(session=session).order_by("number"):
        change = dict.fromkeys(seats.values(), 0)
        if stake:
            absent = set(row.entry.get("absent", []))
            for seat, player in seats.items():
                if seat not in absent:
                    change[player] += ledger.minor(stake)
                    shares[player] += ledger.minor(stake)
            claimant = (row.entry.get("side_pot") or {}).get("claimed_by")
            if claimant is not None:
                for player in shares:
                    change[player] -= shares[player]
                    shares[player] = 0
        entries = ledger.by_round.get(row.pk, [])
        for entry in entries:
            if entry.reverses_id is None and not ledger.reversed(entry):
                ledger.split(entry, change)
        # Every transaction of this round, reversed ones included, is keyed by its number now.
        ledger.Transaction.objects.filter(pk__in=[entry.pk for entry in entries]).update(
            source_id=session.pk, source_part=row.number
        )
    for source_type in (CLOSE, CARRY, BROUGHT_IN):
        for entry in ledger.live(source_type, session.pk):
            ledger.mirror_players(entry)


def forwards(apps, schema_editor):
    Group = apps.get_model("tracker", "Group")
    Session = apps.get_model("tracker", "Session")
    Round = apps.get_model("tracker", "Round")
    for group in Group.objects.all():
        ledger = Ledger(apps, group)
        if ledger.side_pot is None:
            continue
        live_rounds = set(Round.objects.filter(session__group=group).values_list("pk", flat=True))
        # Rounds undone before: their transactions were reversed; keep them apart.
        removed = [pk for pk in ledger.by_round if pk not in live_rounds]
        removed_entries = [e.pk for pk in removed for e in ledger.by_round.pop(pk)]
        ledger.Transaction.objects.filter(pk__in=removed_entries).update(source_type=ROUND_REMOVED)
        for session in Session.objects.filter(group=group).order_by("pk"):
            convert_session(ledger, apps, session)
        left = ledger.Posting.objects.filter(account=ledger.side_pot)
        if sum(p.amount_minor for p in left) != 0:
            raise ValueError(f"group {group.pk}: money is left on the old side-pot account")


class Migration(migrations.Migration):
    dependencies = [
        ("ledger", "0003_side_pot_share_accounts"),
        ("tracker", "0003_kept_state"),
    ]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
