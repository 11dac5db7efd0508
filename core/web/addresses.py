"""The address a link handed out to the table names: one the phones reach."""

from urllib.parse import urljoin

from django.conf import settings
from django.http.request import split_domain_port

from core.web.local_network import is_loopback


def url_for_phones(request, path: str) -> str:
    """`path` as an address for another phone: the table's address (`make run` sets it) when the
    page was opened on the serving computer itself as 127.0.0.1 or localhost, which no phone
    reaches; otherwise the address this page was reached at."""
    host, _port = split_domain_port(request.get_host())
    if settings.TABLE_ADDRESS and is_loopback(host):
        return urljoin(settings.TABLE_ADDRESS, path)
    return request.build_absolute_uri(path)
