"""What `make run` prints before it serves: the address the phones at the table open, as text and
as a QR code to scan from the terminal."""

import io

import segno
from django.core.management.base import BaseCommand

from core.web.local_network import is_loopback, is_wildcard, lan_address


class Command(BaseCommand):
    help = "Print the addresses a server on HOST:PORT is opened at, the phones' one as a QR code."

    def add_arguments(self, parser):
        parser.add_argument("--host", default="0.0.0.0", help="the address the server binds")
        parser.add_argument("--port", type=int, default=8000)
        parser.add_argument(
            "--url", action="store_true", help="print only the phones' address (nothing if none)"
        )

    def handle(self, *args, host: str, port: int, url: bool, **options):
        if url:
            self.stdout.write(phones_url(host, port) or "")
            return
        local = "127.0.0.1" if is_wildcard(host) or is_loopback(host) else host
        self.stdout.write(f"  On this computer: http://{local}:{port}/")
        if is_loopback(host):
            self.stdout.write(
                f"  Only this computer reaches it (HOST={host}); "
                "'make run' without HOST serves the phones at the table too."
            )
            return
        phones = phones_url(host, port)
        if phones is None:
            self.stdout.write(
                "  No address on a local network was found: join the Wi-Fi the phones are on "
                "and run it again (the phones open http://<this computer's address>:"
                f"{port}/)."
            )
            return
        self.stdout.write(f"  On the phones at the table (the same Wi-Fi): {phones}")
        self.stdout.write("  Open the same address on this computer too.")
        code = io.StringIO()
        segno.make(phones).terminal(out=code, compact=True)
        self.stdout.write(code.getvalue())


def phones_url(host: str, port: int) -> str | None:
    """The address the phones open for a server bound to `host`: None when only this computer
    reaches it, or when this machine is on no network."""
    if is_loopback(host):
        return None
    phones = lan_address() if is_wildcard(host) else host
    return None if phones is None else f"http://{phones}:{port}/"
