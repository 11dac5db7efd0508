"""What a banking app scans to pay one transfer: a VietQR code (VND) or an EPC code (EUR).

VietQR is NAPAS's profile of the EMVCo merchant-presented QR code: ID, two-digit length and
value, nested, ending with a CRC-16/CCITT-FALSE of everything before it. A transfer to an
account names the bank by its 6-digit BIN, the account, the amount in đồng (no minor units),
and a reference of at most 25 plain characters, which banks show as the transfer's note.
The EPC code ("GiroCode", EPC069-12 version 002) is segno's, its name and remittance in the
SEPA character set that every bank in the scheme takes (EPC217-08). Pure Python: no Django, no
database.
"""

import re
import unicodedata
from decimal import Decimal

import segno
from segno.helpers import make_epc_qr

NAPAS = "A000000727"  # the application identifier of NAPAS's transfers
TO_ACCOUNT = "QRIBFTTA"  # the service: a transfer to an account (not to a card)
DONG = "704"  # ISO 4217
DYNAMIC = "12"  # a code for one payment, with its amount
REFERENCE_MAX = 25
ACCOUNT = re.compile(r"[0-9A-Za-z]{1,19}")
BIN = re.compile(r"[0-9]{6}")
MOST_DONG = 10**13 - 1  # 13 digits, the most the amount's field holds
EPC_NAME_MAX, EPC_TEXT_MAX = 70, 140
# The SEPA character set (EPC217-08), which the EPC guidelines ask of the name and remittance.
SEPA_CHARACTERS = re.compile(r"[a-zA-Z0-9/\-?:().,'+ ]*")
# Letters that do not decompose into a letter and marks (NFKD leaves đ whole), and signs that
# have a plain twin in the set; any other sign becomes a space.
SEPA_SPELLING = str.maketrans(
    {
        "đ": "d", "Đ": "D", "ð": "d", "Ð": "D", "ß": "ss", "æ": "ae", "Æ": "AE", "ø": "o",
        "Ø": "O", "œ": "oe", "Œ": "OE", "ł": "l", "Ł": "L", "þ": "th", "Þ": "Th", "ı": "i",
        "→": "-", "·": "/", "•": "/", "–": "-", "—": "-", "‘": "'", "’": "'", "“": "'", "”": "'",
        '"': "'", "&": "+", "_": "-",
    }
)  # fmt: skip


class NotPayable(ValueError):
    """The details cannot make a code a bank would read as this transfer."""


def field(tag: str, value: str) -> str:
    if len(value) > 99:
        raise NotPayable(f"field {tag} is longer than 99 characters")
    return f"{tag}{len(value):02d}{value}"


def crc16(text: str) -> str:
    """CRC-16/CCITT-FALSE (polynomial 0x1021, start 0xFFFF), four upper-case hex digits."""
    crc = 0xFFFF
    for byte in text.encode():
        crc ^= byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) if crc & 0x8000 else crc << 1
            crc &= 0xFFFF
    return f"{crc:04X}"


def plain_reference(text: str) -> str:
    """A reference as banks take it: Vietnamese letters without their marks, đ as d, every
    other sign a space, at most `REFERENCE_MAX` characters."""
    text = text.replace("đ", "d").replace("Đ", "D")
    bare = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    words = re.sub(r"[^0-9A-Za-z]+", " ", bare).split()
    return " ".join(words)[:REFERENCE_MAX].rstrip()


def sepa_text(text: str, most: int) -> str:
    """`text` in the SEPA character set, at most `most` characters: letters without their marks,
    the arrow and the middle dot as plain signs, any other sign a space."""
    text = text.translate(SEPA_SPELLING)
    bare = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    plain = "".join(c if SEPA_CHARACTERS.fullmatch(c) else " " for c in bare)
    return " ".join(plain.split())[:most].rstrip()


def vietqr(bank_bin: str, account: str, amount: Decimal, reference: str = "") -> str:
    """The text of the VietQR code of a transfer of `amount` đồng to `account` at the bank
    `bank_bin`, with `reference` (made plain) as its note."""
    if not BIN.fullmatch(bank_bin):
        raise NotPayable("a bank's BIN is 6 digits")
    if not ACCOUNT.fullmatch(account):
        raise NotPayable("an account number is 1 to 19 letters and digits")
    if amount != amount.to_integral_value() or not 0 < amount <= MOST_DONG:
        raise NotPayable("an amount in đồng is a whole number from 1 to 13 digits")
    beneficiary = field("00", bank_bin) + field("01", account)
    merchant = field("00", NAPAS) + field("01", beneficiary) + field("02", TO_ACCOUNT)
    text = field("00", "01") + field("01", DYNAMIC) + field("38", merchant)
    text += field("53", DONG) + field("54", str(int(amount))) + field("58", "VN")
    if note := plain_reference(reference):
        text += field("62", field("08", note))
    text += "6304"
    return text + crc16(text)


def vietqr_code(bank_bin: str, account: str, amount: Decimal, reference: str = "") -> segno.QRCode:
    return segno.make(vietqr(bank_bin, account, amount, reference), error="m", micro=False)


def epc_code(holder: str, iban: str, bic: str, amount: Decimal, reference: str) -> segno.QRCode:
    """The EPC code of a SEPA credit transfer of `amount` euros to `holder`, with `reference` as
    its unstructured remittance text, both in the SEPA character set (in UTF-8, of which it is
    a part)."""
    if amount != round(amount, 2):  # segno would round it; its own check refuses the rest
        raise NotPayable("an amount in euros has at most two decimals")
    name, text = sepa_text(holder, EPC_NAME_MAX), sepa_text(reference, EPC_TEXT_MAX)
    try:
        return make_epc_qr(
            name=name, iban=iban, amount=amount, text=text, bic=bic or None, encoding="utf-8"
        )
    except ValueError as error:
        raise NotPayable(str(error)) from error


def svg(code: segno.QRCode) -> str:
    """The code as an SVG element sized by the page, dark on a white quiet zone of four modules
    (what a camera needs to find it, in a dark theme too)."""
    return code.svg_inline(scale=1, border=4, dark="#000", light="#fff", omitsize=True)
