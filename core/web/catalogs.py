"""The translation catalogs: kept as .po text in the repository, compiled to .mo on set-up.

Compiled with Babel, so a machine needs no GNU gettext to run the project (only to extract new
strings with `makemessages`)."""

from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po


def compile_catalogs(locale_dir: Path) -> list[Path]:
    """Every django.po under `locale_dir` compiled next to itself when it is newer than its .mo."""
    written = []
    for po_path in sorted(locale_dir.glob("*/LC_MESSAGES/django.po")):
        mo_path = po_path.with_suffix(".mo")
        if mo_path.exists() and mo_path.stat().st_mtime >= po_path.stat().st_mtime:
            continue
        with po_path.open("rb") as po_file:
            catalog = read_po(po_file, locale=po_path.parent.parent.name)
        with mo_path.open("wb") as mo_file:
            write_mo(mo_file, catalog, use_fuzzy=False)
        written.append(mo_path)
    return written
