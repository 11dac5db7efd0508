"""How much an upload may hold, and reading JSON and zip files without going past it.

Anyone may open a group and send any file, so every size is checked before anything is read,
and nothing is read past its cap whatever a file's headers claim.
"""

import io
import json
import re
import struct
import zipfile
import zlib

from django.utils.formats import number_format
from django.utils.translation import gettext as _

from basics.errors import RulesError

MAX_LOG_BYTES = 2_000_000  # a game log: a file, pasted text, or one file of a backup
MAX_BACKUP_BYTES = 20_000_000  # a backup's zip, as uploaded
MAX_INFLATED_BYTES = 20_000_000  # all files of a backup together, inflated
MAX_RATIO = 200  # inflated size over compressed size; game logs compress 5 to 20 times
MAX_DEPTH = 50  # arrays and objects inside each other; a log nests 6 deep
MAX_LOGS = 400  # tournaments and sessions in one backup
MAX_PAYMENTS = 5_000  # payments in one backup
MAX_GAME_NAME = 80  # a tournament's or session's name, as the column holds it
MANIFEST = "group.json"

# A JSON string (closed or not: the parser refuses an open one), or a bracket outside strings.
_TOKENS = re.compile(r'"(?:[^"\\]+|\\.)*"?|[][{}]', re.DOTALL)
# Every file of a zip has an entry in its central directory, each starting with these bytes;
# counting them bounds the entries before the zip module reads them all. Compressed data may
# hold the bytes by chance, hence some room above the cap.
_ENTRY = b"PK\x01\x02"
_ENTRY_ROOM = 16
# The names `export_zip` gives its files; no folders, nothing that could climb out of one.
FILE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,94}\.json")
# What the zip module raises for a damaged, truncated or unsupported archive.
_ZIP_ERRORS = (
    zipfile.BadZipFile,
    zipfile.LargeZipFile,
    zlib.error,
    struct.error,
    EOFError,
    OSError,
    ValueError,
    NotImplementedError,
    RuntimeError,
)


def megabytes(size: int) -> str:
    return f"{size / 1_000_000:g} MB"


def count(number: int) -> str:
    """A count of files, bytes or entries in a refusal, grouped as the reader's language does."""
    return number_format(number, force_grouping=True)


def depth_of(text: str, most: int = MAX_DEPTH) -> int:
    """How deep arrays and objects nest in JSON text, counting no further than `most` + 1.

    A scan of the text, not the parser: the parser recurses, and a deep enough document
    would exhaust the stack before any check on what it returns could run.
    """
    depth = 0
    for match in _TOKENS.finditer(text):
        token = match.group()
        if token in ("[", "{"):
            depth += 1
            if depth > most:
                return depth
        elif token in ("]", "}"):
            depth = max(depth - 1, 0)
    return depth


def _no_constant(name: str):
    raise ValueError(f"{name} is not a JSON number")


def parse_json(data: str | bytes, where: str, limit: int = MAX_LOG_BYTES) -> dict:
    """A JSON object from at most `limit` bytes nesting at most MAX_DEPTH deep; RulesError
    naming `where` for anything else."""
    if len(data) > limit or (
        isinstance(data, str) and len(data.encode("utf-8", "surrogatepass")) > limit
    ):
        raise RulesError(
            _("%(where)s: larger than %(size)s") % {"where": where, "size": megabytes(limit)}
        )
    try:
        if isinstance(data, bytes):
            data = data.decode(json.detect_encoding(data), "surrogatepass")
        deep = depth_of(data) > MAX_DEPTH
        doc = None if deep else json.loads(data, parse_constant=_no_constant)
    except (ValueError, RecursionError) as error:
        raise RulesError(
            _("%(where)s: not valid JSON (%(error)s)") % {"where": where, "error": error}
        ) from error
    if deep:
        raise RulesError(
            _("%(where)s: nested more than %(most)d levels deep")
            % {"where": where, "most": MAX_DEPTH}
        )
    if not isinstance(doc, dict):
        raise RulesError(_("%(where)s: must be a JSON object") % {"where": where})
    return doc


class BoundedZip:
    """A backup's zip whose files were all checked against the caps before any is read."""

    def __init__(self, data: bytes):
        if len(data) > MAX_BACKUP_BYTES:
            raise RulesError(
                _("backup: larger than %(size)s") % {"size": megabytes(MAX_BACKUP_BYTES)}
            )
        if data.count(_ENTRY) > MAX_LOGS + 1 + _ENTRY_ROOM:
            raise RulesError(
                _("backup: holds more than %(most)d files, the most it may")
                % {"most": MAX_LOGS + 1}
            )
        try:
            self.archive = zipfile.ZipFile(io.BytesIO(data))
            infos = self.archive.infolist()
        except _ZIP_ERRORS as error:
            raise RulesError(
                _("backup: not a backup of this app (%(error)s)") % {"error": error}
            ) from error
        if len(infos) > MAX_LOGS + 1:
            raise RulesError(
                _(
                    "backup: holds %(count)d files; at most %(most)d "
                    "(%(manifest)s and %(logs)d game logs)"
                )
                % {
                    "count": len(infos),
                    "most": MAX_LOGS + 1,
                    "manifest": MANIFEST,
                    "logs": MAX_LOGS,
                }
            )
        self.infos = {}
        for info in infos:
            self._check(info)
            self.infos[info.filename] = info
        total = sum(info.file_size for info in infos)
        if total > MAX_INFLATED_BYTES:
            raise RulesError(
                _("backup: its files inflate to %(size)s bytes; at most %(most)s in all")
                % {"size": count(total), "most": count(MAX_INFLATED_BYTES)}
            )

    def _check(self, info: zipfile.ZipInfo) -> None:
        name = info.filename
        if not FILE_NAME.fullmatch(name):
            raise RulesError(
                _("backup: %(file)s is not a file name this app writes") % {"file": repr(name)}
            )
        if name in self.infos:
            raise RulesError(_("backup: %(file)s is in the zip twice") % {"file": name})
        if info.flag_bits & 0x1:
            raise RulesError(_("backup: %(file)s is encrypted; a backup never is") % {"file": name})
        if info.compress_type not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
            raise RulesError(
                _(
                    "backup: %(file)s is compressed with method %(method)d; "
                    "a backup's files are stored or deflated"
                )
                % {"file": name, "method": info.compress_type}
            )
        if info.file_size > MAX_LOG_BYTES:
            raise RulesError(
                _("backup: %(file)s inflates to %(size)s bytes; a file is at most %(most)s")
                % {"file": name, "size": count(info.file_size), "most": count(MAX_LOG_BYTES)}
            )
        if info.file_size > MAX_RATIO * max(info.compress_size, 1):
            raise RulesError(
                _("backup: %(file)s inflates %(ratio)s times; at most %(most)d times")
                % {
                    "file": name,
                    "ratio": count(info.file_size // max(info.compress_size, 1)),
                    "most": MAX_RATIO,
                }
            )

    @property
    def names(self) -> set[str]:
        return set(self.infos)

    def read(self, name: str) -> bytes:
        """A file's bytes, never more than its cap: a header that lies about the size is
        caught by reading one byte past the cap, not by trusting it."""
        if name not in self.infos:
            raise RulesError(_("backup: %(file)s is not in the zip") % {"file": name})
        try:
            with self.archive.open(self.infos[name]) as member:
                data = member.read(MAX_LOG_BYTES + 1)
        except _ZIP_ERRORS as error:
            raise RulesError(
                _("backup: %(file)s: cannot be read (%(error)s)") % {"file": name, "error": error}
            ) from error
        if len(data) > MAX_LOG_BYTES:
            raise RulesError(
                _("backup: %(file)s: larger than %(size)s")
                % {"file": name, "size": megabytes(MAX_LOG_BYTES)}
            )
        return data

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.archive.close()
