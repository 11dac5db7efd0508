"""Where each player is paid: the one gate for payment details.

What a group in EUR keeps is an account holder, an IBAN (its country's format and check digits,
checked by schwifty) and an optional BIC; a group in VND, a bank of the NAPAS list and an account
number; any other group, a line of text ("PayPal: …"). The player's own linked account may change
them, or an owner. A change is a new version (`PaymentDetails.number`, unique per player, given
by the server: the page's number is the compare-and-swap, and the same tap sent twice is one
change), and a change of the group: its pages show it, so a swapped IBAN does not pass unseen.
One account changes one player's details at most `CHANGES_A_DAY` times a day, and the group page
lists the changes of the last 30 days one line for each player and account, however many.
"""

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from decimal import Decimal

from django.db import IntegrityError
from django.db import transaction as db_transaction
from django.db.models import Count, Max
from django.utils import timezone
from django.utils.translation import gettext as _
from schwifty import BIC, IBAN
from schwifty.exceptions import InvalidChecksumDigits, SchwiftyException

from basics.names import hidden_character
from core.models import Role
from core.versioning import touch_group
from ledger import payment_codes
from ledger.banks import BANKS
from ledger.models import PaymentDetails
from ledger.sepa import SEPA_COUNTRIES

# How long a change of anyone's details is pointed out on the group's pages.
RECENT_DAYS = 30
# Changes of one player's details one account may make in a day: more is no longer a typo
# fixed, and would only bury the others' changes on the group page.
CHANGES_A_DAY = 10


class DetailsRefused(ValueError):
    """Nothing was saved; the message says why."""


def kind_of(group) -> str:
    """Which details a group's players have: "iban", "bank" or "text"."""
    return {"EUR": "iban", "VND": "bank"}.get(group.currency, "text")


def details_of(player) -> PaymentDetails | None:
    """The player's latest version, or None when he never had any."""
    return player.payment_details.select_related("changed_by").first()


def current_details(group) -> dict[int, PaymentDetails]:
    """Each player's details that are not blank, by the player's key."""
    latest: dict[int, PaymentDetails] = {}
    rows = PaymentDetails.objects.filter(group=group).order_by("player_id", "-number")
    for row in rows.select_related("changed_by"):
        latest.setdefault(row.player_id, row)
    return {player: row for player, row in latest.items() if not row.is_empty}


def window_start(today: date) -> datetime:
    """Where the changes a group's pages point out begin: the start of the day `RECENT_DAYS`
    before `today`, so that what is shown depends on the day, not on the second it is read."""
    return timezone.make_aware(datetime.combine(today - timedelta(days=RECENT_DAYS), time.min))


@dataclass(frozen=True)
class Changes:
    """The changes one account made to one player's details lately, as one line."""

    player_id: int
    name: str
    user: str | None  # None: an account since deleted
    times: int
    last: datetime  # when the last one was made
    by_another: bool  # by an account other than the player's own: a warning


def recent_changes(group, today: date) -> list[Changes]:
    """The changes of anyone's details in the group since `window_start(today)`, one line for
    each player and account that made them (one query): those by another account than the
    player's own first, each part the latest first. However many changes one account makes,
    none of another's is pushed out of sight, and the page stays as short as its players."""
    rows = (
        PaymentDetails.objects.filter(group=group, changed_at__gte=window_start(today))
        .values_list("player_id", "player__name", "player__user_id", "changed_by_id")
        .annotate(user=Max("changed_by__username"), times=Count("pk"), last=Max("changed_at"))
        .order_by()
    )
    lines = [
        Changes(player_id, name, user, times, last, by != player_user)
        for player_id, name, player_user, by, user, times, last in rows
    ]
    lines.sort(key=lambda line: line.last, reverse=True)
    lines.sort(key=lambda line: not line.by_another)  # stable: the latest first in each part
    return lines


def changed_by_another(details: PaymentDetails, player, today: date) -> int | None:
    """How many days ago `details` were made, when someone other than the `player`'s own
    account made them since `window_start(today)`; else None."""
    if details.changed_at < window_start(today) or details.changed_by_id in (None, player.user_id):
        return None  # None: an account since deleted, which the line below the code says
    return (today - timezone.localdate(details.changed_at)).days


def may_change(group, player) -> bool:
    """An owner may change anyone's details; any other member only his own player's."""
    membership = group.membership
    return membership.allows(Role.OWNER) or player.user_id == membership.user_id


def change_details(group, player, user, values: dict, *, number: int) -> PaymentDetails:
    """Record `values` as the player's details, against version `number` of them that the page
    showed (0: none). The new version's number is the server's, the latest one's plus 1: the
    page's number is only compared. Unchanged, nothing is recorded."""
    if not may_change(group, player):
        raise DetailsRefused(
            _("Only an owner or %(player)s's own account can change these details.")
            % {"player": player.name}
        )
    clean = checked(group, values)
    latest = details_of(player)
    if latest is not None and latest.values == clean:
        return latest
    current = latest.number if latest is not None else 0
    if number != current:
        return _sent_before(player, user, clean, number)
    if latest is None and not any(clean.values()):
        raise DetailsRefused(_("Nothing to save: every field is empty."))
    _refuse_beyond_a_day(player, user)
    try:
        with db_transaction.atomic():
            row = PaymentDetails.objects.create(
                group=group, player=player, number=current + 1, changed_by=user, **clean
            )
            touch_group(group.pk)
            return row
    except IntegrityError:
        return _sent_before(player, user, clean, number)


def _refuse_beyond_a_day(player, user) -> None:
    """At most `CHANGES_A_DAY` changes of a player's details by one account a day. The versions'
    compare-and-swap lets one change of a player through at a time, so the count holds."""
    today = timezone.make_aware(datetime.combine(timezone.localdate(), time.min))
    made = player.payment_details.filter(changed_by=user, changed_at__gte=today).count()
    if made >= CHANGES_A_DAY:
        refusal = _(
            "%(player)s's payment details were changed %(most)d times today from your account, "
            "the most for a day: nothing was saved. Try again tomorrow."
        )
        raise DetailsRefused(refusal % {"player": player.name, "most": CHANGES_A_DAY})


def _sent_before(player, user, clean: dict, number: int) -> PaymentDetails:
    """The change this user made from the page that showed version `number` with these values
    (the same tap, sent again); any other change from that page is refused as stale."""
    first = player.payment_details.filter(number=number + 1).first()
    if first is not None and first.values == clean and first.changed_by_id == user.pk:
        return first
    raise DetailsRefused(stale_details_message(player))


def stale_details_message(player) -> str:
    return _("%(player)s's payment details were changed meanwhile; here they are now.") % {
        "player": player.name
    }


def checked(group, values: dict) -> dict:
    """The details of a group's kind, checked and written the one way they are stored."""
    clean = dict.fromkeys(PaymentDetails.FIELDS, "")
    kind = kind_of(group)
    if kind == "iban":
        clean.update(_checked_iban(values))
    elif kind == "bank":
        clean.update(_checked_bank(values))
    else:
        clean["text"] = _visible(values.get("text", ""), 140)
    return clean


def _checked_iban(values: dict) -> dict:
    holder = _visible(values.get("holder", ""), 70)
    iban, bic = values.get("iban", "").strip(), values.get("bic", "").strip()
    if not (holder or iban or bic):
        return {}
    if not holder or not iban:
        raise DetailsRefused(_("An account holder and an IBAN are both needed."))
    try:
        parsed = IBAN(iban)
    except InvalidChecksumDigits:
        raise DetailsRefused(
            _("This IBAN's check digits do not match: a character is mistyped.")
        ) from None
    except SchwiftyException:
        raise DetailsRefused(
            _("This is not an IBAN: check its country letters, length and digits.")
        ) from None
    iban, country = parsed.compact, parsed.country_code
    if country not in SEPA_COUNTRIES:
        refusal = _(
            "This IBAN is of a country outside SEPA (%(country)s): a code to scan pays by a "
            "SEPA transfer, which cannot reach it."
        )
        raise DetailsRefused(refusal % {"country": country})
    if bic:
        try:
            bic = BIC(bic).compact
        except SchwiftyException:
            refusal = _("A BIC is 8 or 11 letters and digits, e.g. COBADEFFXXX.")
            raise DetailsRefused(refusal) from None
    return {"holder": holder, "iban": iban, "bic": bic}


def _checked_bank(values: dict) -> dict:
    bank, account = values.get("bank_bin", ""), "".join(values.get("account", "").split())
    if not (bank or account):
        return {}
    if bank not in BANKS:
        raise DetailsRefused(_("Choose the bank from the list."))
    if not payment_codes.ACCOUNT.fullmatch(account):
        raise DetailsRefused(_("An account number is 1 to 19 letters and digits."))
    return {"bank_bin": bank, "account": account.upper()}


def _visible(text: str, most: int) -> str:
    text = text.strip()
    if len(text) > most:
        raise DetailsRefused(_("At most %(most)d characters.") % {"most": most})
    if (hidden := hidden_character(text)) is not None:
        raise DetailsRefused(
            _("This cannot hold an invisible or control character (%(code)s).") % {"code": hidden}
        )
    return text


def reference(group, payer, payee) -> str:
    """What the transfer says, so the table knows it, as the code carries it and a banking app
    takes it pasted: for an IBAN in the SEPA character set ("Card table / Thu Sau bai / Dung -
    Chi"); in VND what banks take (no marks, at most 25 characters), the names first."""
    if kind_of(group) == "bank":
        return payment_codes.plain_reference(f"{payer.name} {payee.name} {group.name}")
    words = f"{_('Card table')} · {group.name} · {payer.name} → {payee.name}"
    return payment_codes.sepa_text(words, payment_codes.EPC_TEXT_MAX)


def pay_code(group, details: PaymentDetails, amount: Decimal, text: str):
    """The code a banking app scans to pay `amount` to these details with the reference `text`,
    or None where there is none (a group in another currency; details a bank would refuse)."""
    try:
        if kind_of(group) == "iban" and details.iban:
            return payment_codes.epc_code(details.holder, details.iban, details.bic, amount, text)
        if kind_of(group) == "bank" and details.bank_bin:
            return payment_codes.vietqr_code(details.bank_bin, details.account, amount, text)
    except payment_codes.NotPayable:
        return None
    return None
