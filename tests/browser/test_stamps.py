"""The time a phone writes on a page kept for reading offline ("As of 21:15, offline") is
written as the server writes a time in the page's language and time zone."""

from datetime import UTC, datetime

import pytest
from django.utils import formats, translation

from tests.browser.conftest import put_down
from tests.browser.test_languages import log_in
from tests.browser.test_pwa import WORKER_ACTIVE
from tracker.cutthroat import services as tournaments

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("language", ["en", "de", "vi"])
def test_the_kept_copys_time_is_written_as_the_server_writes_it(
    browser, live_server, alice, group, players, language
):
    tournament = tournaments.start(group, players[:3], {"preset": "official"}, alice)
    size = {"width": 360, "height": 740}  # a phone in Vietnam reading a server in UTC
    context = browser.new_context(viewport=size, locale=language, timezone_id="Asia/Ho_Chi_Minh")
    phone = context.new_page()
    log_in(phone, live_server, "alice")
    phone.goto(live_server.url + tournament.get_absolute_url())
    phone.evaluate(WORKER_ACTIVE)
    phone.reload()  # read under the worker, which keeps it aside
    context.set_offline(True)
    phone.reload()
    stamp = phone.inner_text("#kept-copy")
    kept_at = int(phone.get_attribute("#kept-copy", "data-kept-at")) / 1000
    put_down(context)
    with translation.override(language):
        written = formats.time_format(datetime.fromtimestamp(kept_at, UTC), "TIME_FORMAT")
    assert written in stamp
