"""The text of a VietQR code: a published example to the byte, each field as the standard
lays it out, and read back from the printed code as a phone's camera reads it; the EPC code's
name and remittance in the SEPA character set, read back likewise."""

import shutil
import subprocess
from decimal import Decimal
from string import ascii_letters, digits

import pytest
import segno

from ledger.payment_codes import NotPayable, crc16, epc_code, plain_reference, sepa_text, vietqr

# subiz/vietqr's README: 120,000 ₫ to VietinBank (970415) account 0011001932418, "ủng hộ lũ lụt".
PUBLISHED = (
    "00020101021238570010A00000072701270006970415011300110019324180208QRIBFTTA"
    "530370454061200005802VN62170813ung ho lu lut6304C15C"
)
# The characters the EPC guidelines (EPC069-12, after the SEPA rulebooks' EPC217-08) allow in the
# beneficiary's name and the remittance text of every bank in the scheme.
SEPA_CHARACTERS = set(ascii_letters + digits + "/-?:().,'+ ")
IBAN = "DE89370400440532013000"
needs_zbar = pytest.mark.skipif(not shutil.which("zbarimg"), reason="zbar-tools reads the code")


def fields(text: str) -> dict[str, str]:
    """ID → value of each top-level field (ID, two-digit length, value)."""
    found = {}
    while text:
        tag, size = text[:2], int(text[2:4])
        found[tag], text = text[4 : 4 + size], text[4 + size :]
    return found


def test_the_published_example_is_reproduced_to_the_byte():
    assert vietqr("970415", "0011001932418", Decimal("120000"), "ủng hộ lũ lụt") == PUBLISHED


def test_the_crc_is_ccitt_false():
    assert crc16("123456789") == "29B1"  # the algorithm's published check value


def test_every_field_is_where_the_standard_puts_it():
    text = vietqr("970436", "1023456789", Decimal("21000"), "Thứ Năm · Đức → Chi")
    top = fields(text)
    assert top["00"] == "01" and top["01"] == "12"  # format 01, a code for one payment
    account = {"00": "A000000727", "01": "000697043601101023456789", "02": "QRIBFTTA"}
    assert fields(top["38"]) == account  # NAPAS; the BIN and the account; to an account
    assert fields(account["01"]) == {"00": "970436", "01": "1023456789"}
    assert (top["53"], top["54"], top["58"]) == ("704", "21000", "VN")
    assert fields(top["62"]) == {"08": "Thu Nam Duc Chi"}
    assert top["63"] == crc16(text[:-4])


def test_a_reference_is_made_plain_and_short():
    assert plain_reference("Bàn đồng · Đức → Chi") == "Ban dong Duc Chi"
    assert plain_reference("Card table · Thursday table · An → Chi") == "Card table Thursday table"


@pytest.mark.parametrize(
    "bank, account, amount",
    [("97041", "1", "1"), ("970415", "12-34", "1"), ("970415", "1", "0.5"), ("970415", "1", "0")],
)
def test_details_no_bank_would_read_are_refused(bank, account, amount):
    with pytest.raises(NotPayable):
        vietqr(bank, account, Decimal(amount))


@needs_zbar
def test_the_printed_code_reads_back_as_its_text(tmp_path):
    picture = tmp_path / "code.png"
    segno.make(PUBLISHED, error="m").save(str(picture), scale=6, border=4)
    read = subprocess.run(["zbarimg", "--raw", "-q", str(picture)], capture_output=True, text=True)
    assert read.stdout.strip() == PUBLISHED


def read_back(code: segno.QRCode, tmp_path) -> list[str]:
    """The lines of a printed code, as a camera reads it."""
    picture = tmp_path / "code.png"
    code.save(str(picture), scale=6, border=4)
    command = ["zbarimg", "--raw", "-q", "-Sbinary", str(picture)]
    read = subprocess.run(command, capture_output=True, check=True)
    return read.stdout.removesuffix(b"\n").decode("utf-8").split("\n")


@needs_zbar
def test_the_epc_codes_name_and_remittance_read_back_in_the_sepa_character_set(tmp_path):
    reference = "Card table · Thứ Sáu bài · Dũng → Chi"
    lines = read_back(epc_code("Chi Nguyễn", IBAN, "", Decimal("8.20"), reference), tmp_path)
    assert (lines[5], lines[6], lines[7]) == ("Chi Nguyen", IBAN, "EUR8.2")
    assert lines[10] == "Card table / Thu Sau bai / Dung - Chi"
    assert set(lines[5]) <= SEPA_CHARACTERS and set(lines[10]) <= SEPA_CHARACTERS


def test_letters_lose_their_marks_and_other_signs_become_plain():
    assert sepa_text("Đào Thị Đức · Straße", 70) == "Dao Thi Duc / Strasse"
    assert (
        sepa_text("Ông Nguyễn Văn Ước → “Bàn” & Œuvre", 140)
        == "Ong Nguyen Van Uoc - 'Ban' + OEuvre"
    )
    assert sepa_text("Dũng ★ Chi", 6) == "Dung C"
