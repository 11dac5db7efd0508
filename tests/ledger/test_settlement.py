"""Settling up: exact, with the fewest transfers, and the shown plan kept while it still fits."""

import time
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ledger.settlement import (
    EXACT_LIMIT,
    Paid,
    Transfer,
    apply_payment,
    fewest_transfers,
    paid_towards,
)


def table(**amounts):
    return {name: Decimal(amount) for name, amount in amounts.items()}


def left_after(balances, transfers):
    left = dict(balances)
    for transfer in transfers:
        left[transfer.payer] += transfer.amount
        left[transfer.payee] -= transfer.amount
    return left


def settles_exactly(balances, transfers):
    return all(amount == 0 for amount in left_after(balances, transfers).values())


def set_partitions(items):
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for partition in set_partitions(rest):
        for i in range(len(partition)):
            yield partition[:i] + [[first, *partition[i]]] + partition[i + 1 :]
        yield [[first], *partition]


def brute_force_fewest(balances):
    """n - most zero-sum groups, over every way to split the non-zero balances."""
    owed = [amount for amount in balances.values() if amount]
    partitions = set_partitions(owed)
    most = max(len(p) for p in partitions if all(sum(group) == 0 for group in p))
    return len(owed) - most


def greedy_pairing(balances):
    """What popular apps do: the largest debtor pays the largest creditor, again and again."""
    owed = {name: amount for name, amount in balances.items() if amount}
    count = 0
    while owed:
        payer = min(owed, key=lambda name: (owed[name], name))
        payee = max(owed, key=lambda name: (owed[name], name))
        amount = min(-owed[payer], owed[payee])
        owed[payer] += amount
        owed[payee] -= amount
        owed = {name: value for name, value in owed.items() if value}
        count += 1
    return count


def test_it_settles_every_balance_exactly():
    balances = table(An="12.50", Binh="-7.25", Chi="3.10", Dung="-8.35")

    transfers = fewest_transfers(balances)

    assert settles_exactly(balances, transfers)
    assert len(transfers) == 3
    assert all(transfer.amount > 0 for transfer in transfers)


def test_it_beats_greedy_pairing_on_six_balances():
    balances = table(
        An="40.00", Binh="40.00", Chi="30.00", Dung="-20.00", Em="-20.00", Phuc="-70.00"
    )

    transfers = fewest_transfers(balances)

    assert greedy_pairing(balances) == 5
    assert len(transfers) == 4  # {An or Binh, Chi, Phuc} and {the other, Dung, Em}
    assert settles_exactly(balances, transfers)


@pytest.mark.parametrize(
    "amounts",
    [
        ["5", "5", "-3", "-7", "2", "-2"],
        ["6", "5", "-2", "-2", "-2", "-5"],
        ["1", "2", "3", "-1", "-2", "-3"],
        ["3", "3", "3", "3", "-2", "-2", "-2", "-6"],
        ["0.01", "0.02", "-0.03", "0.04", "0.05", "-0.09", "0.06", "-0.06"],
        ["10", "-1", "-2", "-3", "-4"],
    ],
)
def test_the_count_equals_the_brute_force_optimum_on_small_tables(amounts):
    balances = {f"player {i}": Decimal(amount) for i, amount in enumerate(amounts)}

    transfers = fewest_transfers(balances)

    assert len(transfers) == brute_force_fewest(balances)
    assert settles_exactly(balances, transfers)


@st.composite
def zero_sum_tables(draw):
    cents = draw(st.lists(st.integers(-9, 9) | st.integers(-50_000, 50_000), max_size=7))
    cents.append(-sum(cents))
    return {f"p{i}": Decimal(amount).scaleb(-2) for i, amount in enumerate(cents)}


@settings(max_examples=150, deadline=None)
@given(zero_sum_tables())
def test_random_tables_settle_exactly_with_the_brute_force_optimum(balances):
    transfers = fewest_transfers(balances)

    assert settles_exactly(balances, transfers)
    assert len(transfers) == brute_force_fewest(balances)
    assert all(transfer.amount > 0 for transfer in transfers)


def test_zero_balances_need_no_transfers():
    assert fewest_transfers({}) == []
    assert fewest_transfers(table(An="0.00", Binh="0", Chi="-0.00")) == []
    transfers = fewest_transfers(table(An="0.00", Binh="-4.00", Chi="4.00"))
    assert transfers == [Transfer("Binh", "Chi", Decimal("4.00"))]


def test_it_refuses_balances_that_do_not_sum_to_zero():
    with pytest.raises(ValueError, match="sum to 0.01"):
        fewest_transfers(table(An="10.00", Binh="-9.99"))
    with pytest.raises(TypeError):
        fewest_transfers({"An": 1.5, "Binh": -1.5})
    with pytest.raises(ValueError):
        fewest_transfers(table(An="NaN", Binh="0"))


def test_cancelling_balances_pay_each_other_directly():
    balances = table(An="-15.00", Binh="15.00", Chi="-15.00", Dung="15.00", Em="-5.00", Phuc="5.00")

    transfers = fewest_transfers(balances)

    assert transfers == [
        Transfer("An", "Binh", Decimal("15.00")),
        Transfer("Chi", "Dung", Decimal("15.00")),
        Transfer("Em", "Phuc", Decimal("5.00")),
    ]


def test_a_zero_sum_group_of_four_takes_three_transfers_from_the_largest_down():
    balances = table(An="-60.00", Binh="30.00", Chi="20.00", Dung="10.00")

    transfers = fewest_transfers(balances)

    assert transfers == [
        Transfer("An", "Binh", Decimal("30.00")),
        Transfer("An", "Chi", Decimal("20.00")),
        Transfer("An", "Dung", Decimal("10.00")),
    ]


def test_the_plan_stays_when_one_of_its_transfers_is_paid_in_full():
    balances = table(
        An="40.00", Binh="40.00", Chi="30.00", Dung="-20.00", Em="-20.00", Phuc="-70.00"
    )
    plan = fewest_transfers(balances)
    paid = plan[1]

    after = apply_payment(balances, paid.payer, paid.payee, paid.amount)

    assert fewest_transfers(after, prefer=plan) == plan[:1] + plan[2:]


def test_the_plan_stays_with_a_lower_amount_after_a_part_payment():
    balances = table(An="-60.00", Binh="30.00", Chi="20.00", Dung="10.00")
    plan = list(reversed(fewest_transfers(balances)))  # any order of the plan is kept

    after = apply_payment(balances, "An", "Binh", Decimal("12.50"))
    kept = fewest_transfers(after, prefer=plan)

    assert kept == [plan[0], plan[1], Transfer("An", "Binh", Decimal("17.50"))]
    assert kept[0] is plan[0]
    assert settles_exactly(after, kept)


def test_a_part_payment_that_allows_a_shorter_plan_gives_the_shorter_plan():
    balances = table(Xuan="-3", Yen="2", Zoe="1", Uma="2", Van="-1", Ria="-1")
    plan = fewest_transfers(balances)
    assert Transfer("Xuan", "Yen", Decimal("1")) in plan and len(plan) == 4

    after = apply_payment(balances, "Xuan", "Uma", Decimal("1"))  # Xuan -2, Uma +1
    fresh = fewest_transfers(after, prefer=plan)

    assert len(fresh) == 3
    assert settles_exactly(after, fresh)


def test_a_preferred_plan_that_no_longer_fits_is_replaced():
    balances = table(An="-10.00", Binh="10.00")
    stale = [Transfer("An", "Binh", Decimal("5.00"))]  # too little
    reversed_plan = [Transfer("Binh", "An", Decimal("10.00"))]
    roundabout = [
        Transfer("An", "Chi", Decimal("10.00")),
        Transfer("Chi", "Binh", Decimal("10.00")),
    ]

    for prefer in (stale, reversed_plan, roundabout, []):
        assert fewest_transfers(balances, prefer=prefer) == [
            Transfer("An", "Binh", Decimal("10.00"))
        ]


@settings(max_examples=60, deadline=None)
@given(zero_sum_tables(), st.integers(0, 10))
def test_paying_any_transfer_in_full_keeps_the_rest_of_the_plan(balances, pick):
    plan = fewest_transfers(balances)
    if not plan:
        return
    paid = plan[pick % len(plan)]

    after = apply_payment(balances, paid.payer, paid.payee, paid.amount)

    assert fewest_transfers(after, prefer=plan) == [t for t in plan if t is not paid]


def test_the_plan_does_not_depend_on_dict_order():
    items = [("Chi", "30.00"), ("An", "40.00"), ("Phuc", "-70.00"), ("Binh", "40.00")]
    items += [("Em", "-20.00"), ("Dung", "-20.00"), ("Giang", "5.00"), ("Hoa", "-5.00")]
    balances = {name: Decimal(amount) for name, amount in items}

    plan = fewest_transfers(balances)

    assert fewest_transfers(dict(reversed(balances.items()))) == plan
    assert fewest_transfers(dict(sorted(balances.items()))) == plan
    assert plan == sorted(plan, key=lambda t: (t.payer, t.payee))


TWENTY_IN_CENTS = [
    "4.94", "493.46", "51.25", "-446.94", "-160.64", "170.13", "136.91", "30.75", "-102.45",
    "124.68", "-30.70", "264.65", "-213.69", "161.50", "-317.46", "-130.59", "-316.84", "490.64",
    "-375.71", "166.11",
]  # fmt: skip
MANY_ZERO_SUM_GROUPS = ["-0.06"] * 8 + ["-0.04"] * 6 + ["0.12"] * 6
ONES_AND_TWOS = ["0.01"] * 14 + ["-0.02"] * 5 + ["-0.04"]


@pytest.mark.parametrize("amounts", [TWENTY_IN_CENTS, MANY_ZERO_SUM_GROUPS, ONES_AND_TWOS])
def test_twenty_players_are_solved_in_well_under_a_second(amounts):
    balances = {f"player {i:02d}": Decimal(amount) for i, amount in enumerate(amounts)}
    assert len(balances) == EXACT_LIMIT

    start = time.perf_counter()
    transfers = fewest_transfers(balances)
    seconds = time.perf_counter() - start

    print(f"20 players, {len(transfers)} transfers: {seconds * 1000:.1f} ms")
    assert seconds < 2
    assert settles_exactly(balances, transfers)


def test_more_than_twenty_players_fall_back_to_greedy_and_still_settle():
    balances = {f"winner {i:02d}": Decimal("3.00") for i in range(12)}
    balances |= {f"loser {i:02d}": Decimal("-2.00") for i in range(18)}

    transfers = fewest_transfers(balances)

    assert settles_exactly(balances, transfers)
    assert len(transfers) <= len(balances) - 1
    assert transfers == fewest_transfers(dict(reversed(balances.items())))


def test_cancelling_pairs_do_not_count_towards_the_exact_limit():
    balances = {}
    for i in range(1, 11):
        balances |= {f"owes {i}": Decimal(-i), f"is owed {i}": Decimal(i)}
    balances |= table(An="40.00", Binh="40.00", Chi="30.00", Dung="-20.00", Em="-20.00")
    balances |= table(Phuc="-70.00")

    transfers = fewest_transfers(balances)

    assert len(balances) == 26
    assert len(transfers) == 10 + 4
    assert settles_exactly(balances, transfers)


def test_apply_payment_moves_both_balances_and_leaves_the_input_alone():
    balances = table(An="-10.00", Binh="10.00")

    after = apply_payment(balances, "An", "Binh", Decimal("2.50"))

    assert after == table(An="-7.50", Binh="7.50")
    assert balances == table(An="-10.00", Binh="10.00")
    assert apply_payment({}, "An", "Binh", Decimal("1")) == table(An="1", Binh="-1")
    with pytest.raises(ValueError):
        apply_payment(balances, "An", "Binh", Decimal("0"))


def owed(at, *transfers):
    return (at, [Transfer(payer, payee, Decimal(amount)) for payer, payee, amount in transfers])


def test_a_payment_goes_to_the_transfer_owed_longest_and_counts_once():
    first, second = owed(1, ("Dũng", "Chi", "8.20")), owed(2, ("Dũng", "Chi", "5.00"))
    paid = paid_towards([first, second], [Paid("Dũng", "Chi", Decimal("10.00"), 3)])
    assert paid == [[Decimal("8.20")], [Decimal("1.80")]]


def test_a_payment_pays_only_transfers_owed_before_it_between_its_two_players():
    session = owed(2, ("Dũng", "Chi", "8.20"), ("An", "Chi", "3.00"))
    payments = [Paid("Dũng", "Chi", Decimal("8.20"), 1), Paid("Chi", "An", Decimal("3.00"), 3)]
    assert paid_towards([session], payments) == [[Decimal(0), Decimal(0)]]
