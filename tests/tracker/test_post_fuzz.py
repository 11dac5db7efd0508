"""Hostile values posted to every form of the app, as an owner, a scorer and a viewer: never an
error page, the ledger always balanced, and a viewer never changes anything."""

from datetime import date

import pytest
from django.db.models import Sum
from django.urls import URLResolver, get_resolver, reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.models import Change, Invite, Membership, Player, Restore
from ledger.models import PaymentDetails, Posting, Transaction
from tests.conftest import client_for
from tests.factories import pay
from tracker.catte import board as catte_board
from tracker.catte import rules as catte
from tracker.catte import services
from tracker.catte.models import CatteSession, Round
from tracker.cutthroat import board as cutthroat_board
from tracker.cutthroat import services as cutthroat_services
from tracker.cutthroat.models import Hand, Tournament
from tracker.history import seasons
from tracker.models import Season
from tracker.sheets import rules as sheet
from tracker.sheets import services as sheets
from tracker.sheets.board import load as load_sheet
from tracker.sheets.models import Sheet, SheetRound

# Every form field the app knows, so the values land where a form reads them.
FIELDS = [
    "name", "currency", "role", "user", "text", "create_missing", "once", "version", "number",
    "hand", "taps", "tap", "auto_player", "auto_hand", "payer", "payee", "amount", "note",
    "first_dealer", "preset", "target", "bags", "bag_limit", "blind_six_per_game",
    "blind_six_behind", "jack_of_hearts", "wins_needed", "moon_tricks", "nil_tricks_are_bags",
    "jokers", "game_stake", "buy_in", "stake", "side_pot_stake", "false_claim_penalty",
    "sweep_double_min_players", "auto_wins", "auto_win_pays", "ace_penalty", "side_pot_at_end",
    "confirm", *(f"seat_{n}" for n in range(8)), *(f"bid_{n}" for n in range(5)),
    *(f"tricks_{n}" for n in range(5)), "jack_JD", "jack_JC", "jack_JH", "player", "new_name",
    "session", "short_name", "draft_version", "shown", "language", "next", "entry",
    "card", "claim", "ace", "auto_win", "fold", "false_claim", "absent",
    *(f"trick_{n}" for n in range(1, 7)),
    "starts_on", "ends_on", "holder", "iban", "bic", "bank_bin", "account",
    "money_by", "place_1", "place_2", "points_0", "points_1", "absent_0", "frozen_3",
    "chop_1_1_chopper", "chop_1_1_chopped", "chop_1_1_what", "winner",
]  # fmt: skip
HOSTILE = st.one_of(
    st.text(max_size=30),
    st.text(alphabet=st.characters(categories=["Cc", "Cf", "Zl", "So"]), max_size=10),
    st.integers(min_value=-(2**70), max_value=2**70).map(str),
    st.sampled_from(
        ["", "0", "-1", "1E+30", "NaN", "Infinity", "0.001", "9" * 40, "x" * 5000, "t9 t0",
         "save", "undo", "k", "rK sH c- t0 t0 t0 t0", "owner", "JPY", "NIL", "B6", "SM",
         "a" * 32, "\u202e", "=1+1", "<script>", "../../etc/passwd", "true", "on",
         "2026-03-01", "2026-02-30", "0001-01-01", "9999-12-31"]
    ),
)  # fmt: skip
FORMS = st.dictionaries(st.sampled_from(FIELDS), st.one_of(HOSTILE, st.lists(HOSTILE, max_size=3)))
URLS = [
    "group_edit", "player_add", "player_edit", "member_role", "member_remove", "invite_list",
    "invite_revoke", "tournament_new", "hand_bids", "hand_played", "hand_edit", "hand_undo",
    "session_new", "round_entry", "round_edit", "round_undo", "session_close", "session_reopen",
    "log_import",
    "group_restore", "payment_new", "transfer_paid", "payment_reverse", "group_create",
    "session_join",
    "session_leave", "session_back", "choose_language", "hand_sent_later",
    "round_sent_later", "seasons", "season_remove", "restore_progress", "payment_details",
    "restore_cancel", "sheet_new", "sheet_round", "sheet_round_check", "sheet_sent_later",
    "sheet_round_edit", "sheet_undo",
]  # fmt: skip


@pytest.fixture
def table(group, players, alice, bob, carol):
    """A group with something of everything to post at."""
    tournament = cutthroat_services.start(group, players[:3], {"preset": "official"}, alice)
    cutthroat_services.record_bids(cutthroat_board.load(tournament), dict.fromkeys(
        ["An", "Bình", "Chi"], 4), alice)  # fmt: skip
    session = services.logs.start(group, players, {"stake": "1.00", "side_pot_stake": "0.25"}, bob)
    played = catte.Round(tricks=["An"] * 4, side_pot_upturned="7H")
    services.rounds.record_round(catte_board.load(session), played, bob)
    sheet_row = sheets.start(group, players, {"stake": "1.00", "preset": "tien_len"}, bob)
    sheets.record_round(
        load_sheet(sheet_row), sheet.Round(places=["An", "Bình", "Chi", "Dũng"]), bob
    )
    payment = pay(group, players[1], players[0], 1, bob)
    invite = Invite.objects.create(group=group, role="viewer", created_by=alice)
    season = seasons.add_season(group, "Summer", date(2026, 6, 1), date(2026, 8, 31))
    member = Membership.objects.get(user=carol)
    restore = Restore.objects.create(group=group, backup=b"PK", logs_total=1, entries_total=1)
    ids = {"pk": group.pk, "tournament_pk": tournament.pk, "session_pk": session.pk,
           "player_pk": players[0].pk, "member_pk": member.pk, "invite_pk": invite.pk,
           "transaction_pk": payment.pk, "season_pk": season.pk, "restore_pk": restore.pk,
           "sheet_pk": sheet_row.pk, "number": 1}  # fmt: skip
    return {"alice": alice, "bob": bob, "carol": carol, "ids": ids}


def url_of(name: str, ids: dict) -> str:
    for kwargs in (
        {},
        {"pk": ids["pk"]},
        *({"pk": ids["pk"], key: ids[key]} for key in ids if key != "pk"),
        {"pk": ids["pk"], "tournament_pk": ids["tournament_pk"], "number": 1},
        {"pk": ids["pk"], "session_pk": ids["session_pk"], "number": 1},
        {"pk": ids["pk"], "sheet_pk": ids["sheet_pk"], "number": 1},
        {"pk": ids["pk"], "session_pk": ids["session_pk"], "player_pk": ids["player_pk"]},
    ):
        try:
            return reverse(name, kwargs=kwargs)
        except Exception:  # noqa: BLE001 - try the next way of filling the URL
            continue
    raise AssertionError(name)


def rows() -> tuple:
    models = (
        Tournament,
        Hand,
        CatteSession,
        Round,
        Player,
        Change,
        Transaction,
        Membership,
        Invite,
    )
    models += (Season, PaymentDetails, Sheet, SheetRound)
    return tuple(model.objects.count() for model in models)


def unbalanced() -> int:
    sums = Transaction.objects.annotate(total=Sum("postings__amount_minor")).exclude(total=0)
    return sums.exclude(total__isnull=True).count()


@pytest.mark.django_db
@settings(max_examples=250, deadline=None, suppress_health_check=list(HealthCheck))
@given(name=st.sampled_from(URLS), who=st.sampled_from(["alice", "bob", "carol"]), form=FORMS)
def test_no_hostile_form_breaks_a_page_or_the_ledger(client, table, name, who, form):
    client_for(client, table[who])
    before = rows()
    response = client.post(url_of(name, table["ids"]), form, HTTP_HX_REQUEST="true")
    assert response.status_code < 500
    assert unbalanced() == 0 and Posting.objects.aggregate(s=Sum("amount_minor"))["s"] == 0
    if who == "carol" and name not in ("group_create", "choose_language"):
        assert rows() == before  # a viewer changes nothing


# Forms posted elsewhere with their own hostile inputs: logging in (and its throttling),
# signing up, changing the password, accepting an invite.
POSTED_ELSEWHERE = ["login", "logout", "signup", "password_change", "invite"]


def named_urls(patterns=None):
    for entry in patterns if patterns is not None else get_resolver().url_patterns:
        if isinstance(entry, URLResolver):
            if entry.app_name != "admin":
                yield from named_urls(entry.url_patterns)
        elif entry.name:
            yield entry.name


@pytest.mark.django_db
def test_every_address_that_takes_a_post_is_fuzzed(client, table):
    client_for(client, table["alice"])
    for name in sorted(set(named_urls()) - set(URLS) - set(POSTED_ELSEWHERE)):
        try:
            url = url_of(name, table["ids"])
        except AssertionError:
            url = reverse(name, args=["x" * 8])  # an address that carries a token
        assert client.post(url, {}).status_code in (404, 405), name
