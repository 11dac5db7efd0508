"""Who pays whom: settling net balances exactly with the fewest transfers.

Pure Python without Django, because the rules replay uses it as well.

A balance is what a player is owed: positive receives, negative pays, and all of them sum to
zero. Settling n non-zero balances takes at least n - k transfers, where k is the largest number
of disjoint groups with a zero sum that the balances can be split into (a group of m players is
settled by m - 1 transfers, and no fewer). The popular "largest debtor pays the largest
creditor" rule ignores the groups and can need more transfers; this module finds the best split.

How: two balances that cancel exactly (+x and -x) always form a group of their own in some
best split, so they are paired off first. The rest, at most EXACT_LIMIT players, are numbered
by name and every subset of them is a bit of one big Python integer (2**20 bits = 128 KiB): the
subsets with a zero sum come from the sums of both halves (meet in the middle), and "holds at
least t disjoint zero-sum groups" is grown level by level with shifts and masks over all subsets
at once (about n operations on the big integer per level), instead of a loop over every subset.
The levels then give a best split back, one group at a time.
"""

from dataclasses import dataclass
from decimal import MAX_PREC, Decimal, localcontext
from functools import lru_cache
from typing import Any

EXACT_LIMIT = 20
"""Up to this many non-zero balances (left after pairing off +x with -x) the plan is minimal."""


@dataclass(frozen=True)
class Transfer:
    """The payer hands the payee the amount (always more than zero)."""

    payer: str
    payee: str
    amount: Decimal

    def __post_init__(self):
        if not isinstance(self.amount, Decimal) or not self.amount.is_finite():
            raise ValueError(f"a transfer amount must be a finite Decimal, not {self.amount!r}")
        if self.amount <= 0:
            raise ValueError(f"a transfer amount must be more than zero, not {self.amount}")
        if self.payer == self.payee:
            raise ValueError(f"{self.payer} cannot pay themselves")


def fewest_transfers(
    balances: dict[str, Decimal], prefer: list[Transfer] | None = None
) -> list[Transfer]:
    """Transfers that bring every balance to exactly zero, as few as possible.

    Raises ValueError when the balances do not sum to zero. The answer depends only on the
    balances, not on the order of the dict: ties go to the earlier name, transfers come sorted
    by payer and payee, and the amounts have the finest number of decimals of the input.

    It is minimal whenever at most EXACT_LIMIT non-zero balances are left after pairing off
    balances that cancel exactly (so always for up to EXACT_LIMIT players). Above that it falls
    back to a greedy plan that is NOT guaranteed minimal: after the cancelling pairs, the largest
    debtor pays the largest creditor until all are settled.

    prefer is the plan shown before. If its transfers, some amounts lowered (a transfer lowered
    to zero is dropped), still settle the balances exactly with no more transfers than a fresh
    plan, they are returned in their order, unchanged ones as the same objects. So after a
    transfer of that plan is paid in full the rest of the plan stays. After a part payment the
    plan stays with that amount lowered, unless the new balances can now be settled with fewer
    transfers; then, as whenever the preferred plan does not fit, a fresh plan is returned.
    """
    values = {name: _decimal(name, value) for name, value in balances.items()}
    exponent = min(
        [0]
        + [_exponent(value) for value in values.values()]
        + [_exponent(transfer.amount) for transfer in prefer or ()]
    )
    units = {name: _to_units(value, exponent) for name, value in values.items()}
    if sum(units.values()):
        total = _from_units(sum(units.values()), exponent)
        raise ValueError(f"balances must sum to zero, these sum to {total}")
    fresh = [
        Transfer(payer, payee, _from_units(amount, exponent))
        for payer, payee, amount in sorted(_plan(units))
    ]
    if prefer is not None:
        amounts = _refit(prefer, units, exponent)
        if amounts is not None:
            kept = [
                transfer
                if amount == _to_units(transfer.amount, exponent)
                else Transfer(transfer.payer, transfer.payee, _from_units(amount, exponent))
                for transfer, amount in zip(prefer, amounts, strict=True)
                if amount
            ]
            if len(kept) <= len(fresh):
                return kept
    return fresh


@dataclass(frozen=True)
class Paid:
    """A payment made: the payer handed the payee the amount, at `made_at` (a time)."""

    payer: str
    payee: str
    amount: Decimal
    made_at: Any


def paid_towards(
    owed: list[tuple[Any, list[Transfer]]], payments: list[Paid]
) -> list[list[Decimal]]:
    """How much of each transfer owed the payments made since have paid.

    `owed` holds when some transfers became owed (a session closed) and those transfers. Each
    payment, in the order made, goes to the transfers from its payer to its payee owed before
    it, the longest owed first, each up to its amount: no payment counts twice, and what is
    left of one pays none of them (it settled something else). The answer is aligned with
    `owed`: a Decimal for each transfer.
    """
    paid = [[Decimal(0)] * len(transfers) for _, transfers in owed]
    oldest_first = sorted(range(len(owed)), key=lambda i: owed[i][0])
    for payment in sorted(payments, key=lambda payment: payment.made_at):
        left = payment.amount
        for i in oldest_first:
            since, transfers = owed[i]
            if since >= payment.made_at:
                break
            for j, transfer in enumerate(transfers):
                if (transfer.payer, transfer.payee) == (payment.payer, payment.payee) and left:
                    part = min(left, transfer.amount - paid[i][j])
                    paid[i][j] += part
                    left -= part
    return paid


def apply_payment(
    balances: dict[str, Decimal], payer: str, payee: str, amount: Decimal
) -> dict[str, Decimal]:
    """The balances after payer paid payee the amount: the payer's goes up, the payee's down.

    Returns a new dict (a player missing from it counts as zero); the given one is not changed.
    """
    Transfer(payer, payee, amount)  # checks the amount and that the two differ
    after = {name: _decimal(name, value) for name, value in balances.items()}
    with localcontext(prec=MAX_PREC):  # exact, however many digits
        after[payer] = after.get(payer, Decimal(0)) + amount
        after[payee] = after.get(payee, Decimal(0)) - amount
    return after


def _decimal(name: str, value) -> Decimal:
    if isinstance(value, bool) or not isinstance(value, Decimal | int):
        raise TypeError(f"the balance of {name} must be a Decimal, not {value!r}")
    value = Decimal(value)
    if not value.is_finite():
        raise ValueError(f"the balance of {name} must be a finite number, not {value}")
    return value


def _exponent(value: Decimal) -> int:
    """The exponent of a finite value (as_tuple names an infinity or a NaN by a letter)."""
    exponent = value.as_tuple().exponent
    if not isinstance(exponent, int):
        raise ValueError(f"{value} is not a finite number")
    return exponent


def _to_units(value: Decimal, exponent: int) -> int:
    """The value as a whole number of 10**exponent (exponent no more than the value's own)."""
    sign, digits, _ = value.as_tuple()
    own = _exponent(value)
    whole = int("".join(map(str, digits))) * 10 ** (own - exponent)
    return -whole if sign else whole


def _from_units(units: int, exponent: int) -> Decimal:
    return Decimal((int(units < 0), tuple(map(int, str(abs(units)))), exponent))


def _plan(units: dict[str, int]) -> list[tuple[str, str, int]]:
    """(payer, payee, amount) triples settling the whole-number balances."""
    groups, rest = _cancelling_pairs({name: value for name, value in units.items() if value})
    if len(rest) <= EXACT_LIMIT:
        names = sorted(rest)
        for group in _best_split([rest[name] for name in names]):
            groups.append([name for i, name in enumerate(names) if group >> i & 1])
    else:
        groups.append(sorted(rest))
    return [transfer for group in groups for transfer in _settle(group, units)]


def _cancelling_pairs(owed: dict[str, int]) -> tuple[list[list[str]], dict[str, int]]:
    """Pair off +x with -x (earlier names first); returns the pairs and the balances left.

    Such a pair is a group of some best split: if x and -x sit in two groups of a split, their
    union minus the pair is a zero-sum group too, and if they share a larger group the rest of
    it is one, so the number of groups does not drop.
    """
    creditors: dict[int, list[str]] = {}
    debtors: dict[int, list[str]] = {}
    for name in sorted(owed):
        side = creditors if owed[name] > 0 else debtors
        side.setdefault(abs(owed[name]), []).append(name)
    pairs = []
    for amount, payees in creditors.items():
        pairs += [
            [payer, payee] for payer, payee in zip(debtors.get(amount, []), payees, strict=False)
        ]
    paired = {name for pair in pairs for name in pair}
    return pairs, {name: value for name, value in owed.items() if name not in paired}


def _settle(group: list[str], units: dict[str, int]) -> list[tuple[str, str, int]]:
    """Largest debtor pays largest creditor (ties: earlier name) until the group is settled.

    Every transfer settles at least one of the two and the last settles both, so a zero-sum
    group of m players takes at most m - 1 transfers.
    """
    owed = {name: units[name] for name in group}
    transfers = []
    while owed:
        payer = min(owed, key=lambda name: (owed[name], name))
        payee = min(owed, key=lambda name: (-owed[name], name))
        amount = min(-owed[payer], owed[payee])
        transfers.append((payer, payee, amount))
        owed[payer] += amount
        owed[payee] -= amount
        owed = {name: value for name, value in owed.items() if value}
    return transfers


def _best_split(values: list[int]) -> list[int]:
    """The most disjoint zero-sum groups covering values (non-zero, summing to zero), as masks.

    Sets of masks are bitsets: bit m of a Python integer stands for the subset m. reach[t] is
    every subset that holds t disjoint zero-sum groups. A non-empty zero-sum subset holds t
    groups when some proper subset holds t - 1 (the rest is one more group), and a subset holds
    t groups when a zero-sum subset of it does, which gives each level from the one before.
    """
    n = len(values)
    if not n:
        return []
    full = (1 << n) - 1
    zero = _zero_sum_subsets(values)
    without = _masks_without_bit(n)
    reach = [-1, _superset_closure(zero & ~1, without)]  # reach[0]: every subset
    while True:
        one_bigger = 0
        for i, masks in enumerate(without):
            one_bigger |= (reach[-1] & masks) << (1 << i)  # up-closed: the proper supersets
        level = _superset_closure(zero & one_bigger, without)
        if not level:
            break
        reach.append(level)
    by_size = _masks_by_size(n)
    groups = []
    rest = full  # a zero-sum subset holding len(reach) - 1 groups and no more
    for t in range(len(reach) - 2, 0, -1):
        first = rest & -rest
        # Keep a zero-sum proper subset that still holds t groups and leaves out the first
        # player; the group split off (with the first player) is as small as possible, ties
        # going to earlier names.
        keep = zero & reach[t] & _subsets_of(rest ^ first)
        for size in range(rest.bit_count() - 2, 0, -1):
            if keep & by_size[size]:
                keep &= by_size[size]
                break
        keep = keep.bit_length() - 1
        groups.append(rest ^ keep)
        rest = keep
    groups.append(rest)
    return groups


def _zero_sum_subsets(values: list[int]) -> int:
    """The bitset of the subsets of values with a zero sum (the empty one included)."""
    n = len(values)
    if n <= 6:
        return sum(1 << mask for mask, total in enumerate(_subset_sums(values)) if not total)
    low = n // 2  # subset = high part * 2**low + low part; one chunk of bits per high part
    by_sum: dict[int, int] = {}
    for mask, total in enumerate(_subset_sums(values[:low])):
        by_sum[total] = by_sum.get(total, 0) | 1 << mask
    size = (1 << low) // 8
    chunks = {total: bits.to_bytes(size, "little") for total, bits in by_sum.items()}
    empty = bytes(size)
    high = _subset_sums(values[low:])
    return int.from_bytes(b"".join(chunks.get(-total, empty) for total in high), "little")


def _subset_sums(values: list[int]) -> list[int]:
    """sums[mask] is the sum of the values whose bits are set in mask."""
    sums = [0]
    for value in values:
        sums += [total + value for total in sums]
    return sums


def _superset_closure(bits: int, without: tuple[int, ...]) -> int:
    """Every subset that contains one of the subsets in bits."""
    for i, masks in enumerate(without):
        bits |= (bits & masks) << (1 << i)
    return bits


def _subsets_of(mask: int) -> int:
    """The bitset of all subsets of mask."""
    bits = 1
    while mask:
        lowest = mask & -mask
        bits |= bits << lowest
        mask ^= lowest
    return bits


@lru_cache(maxsize=2)
def _masks_without_bit(n: int) -> tuple[int, ...]:
    """For each player i, the bitset of the subsets of n players without i."""
    if n < 3:
        return tuple(
            sum(1 << mask for mask in range(1 << n) if not mask >> i & 1) for i in range(n)
        )
    size = (1 << n) // 8
    without = []
    for i in range(n):
        if i < 3:
            period = bytes([(0x55, 0x33, 0x0F)[i]])
        else:
            period = b"\xff" * (1 << (i - 3)) + b"\x00" * (1 << (i - 3))
        without.append(int.from_bytes(period * (size // len(period)), "little"))
    return tuple(without)


@lru_cache(maxsize=2)
def _masks_by_size(n: int) -> tuple[int, ...]:
    """For each size, the bitset of the subsets of n players with that many players."""
    by_size = [1]
    for i in range(n):
        by_size = [
            (by_size[size] if size <= i else 0) | (by_size[size - 1] << (1 << i) if size else 0)
            for size in range(i + 2)
        ]
    return tuple(by_size)


def _refit(prefer: list[Transfer], units: dict[str, int], exponent: int) -> list[int] | None:
    """Amounts (0 drops one) for the preferred transfers that settle the balances, or None.

    Only transfers forming a forest have a single answer (found from the leaves inwards); a
    preferred plan with a cycle, a raised or reversed amount or a balance it leaves open does
    not fit.
    """
    parent: dict[str, str] = {}

    def root(name: str) -> str:
        while parent.get(name, name) != name:
            name = parent[name]
        return name

    touching: dict[str, set[int]] = {}
    for i, transfer in enumerate(prefer):
        ends = root(transfer.payer), root(transfer.payee)
        if ends[0] == ends[1]:
            return None
        parent[ends[0]] = ends[1]
        touching.setdefault(transfer.payer, set()).add(i)
        touching.setdefault(transfer.payee, set()).add(i)
    left = {name: units.get(name, 0) for name in touching}
    if any(value and name not in touching for name, value in units.items()):
        return None
    amounts = [0] * len(prefer)
    leaves = [name for name, edges in touching.items() if len(edges) == 1]
    while leaves:
        name = leaves.pop()
        if len(touching[name]) != 1:
            continue
        i = touching[name].pop()
        transfer = prefer[i]
        amount = -left[name] if name == transfer.payer else left[name]
        if not 0 <= amount <= _to_units(transfer.amount, exponent):
            return None
        amounts[i] = amount
        left[transfer.payer] += amount
        left[transfer.payee] -= amount
        other = transfer.payee if name == transfer.payer else transfer.payer
        touching[other].discard(i)
        if len(touching[other]) == 1:
            leaves.append(other)
    return amounts if not any(left.values()) else None
