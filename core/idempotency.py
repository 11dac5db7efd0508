"""Idempotency keys: each form whose POST moves money or takes something back carries a key
minted when the form is rendered (never inside a cached fragment), so that the same tap sent
twice is recognised as one."""

import re
import secrets
from contextlib import contextmanager

from django import forms
from django.utils.translation import gettext_lazy

IDEMPOTENCY_KEY = re.compile(r"[0-9a-f]{32}")


def new_idempotency_key() -> str:
    return secrets.token_hex(16)


def idempotency_key_of(text: str) -> str | None:
    """`text` when it is a idempotency key (the whole of it), else None."""
    return text if isinstance(text, str) and IDEMPOTENCY_KEY.fullmatch(text) else None


class AlreadyDone(Exception):
    """The same tap came again (a double tap, a retry): what it asked for is done and nothing
    more was written. `first` is what the first one recorded."""

    def __init__(self, first):
        super().__init__(str(first))
        self.first = first


@contextmanager
def done_once(first_made, refusals: tuple):
    """Around a change asked for by a form with a idempotency key: AlreadyDone when `first_made()`
    finds what that key already recorded, before anything is written, or after the change was
    refused with one of `refusals` (the same tap, sent at the same moment, got there first).

    Whether a change is recorded is decided by the version its page was rendered from; the key
    only tells a repeat what the first one did."""
    _raise_if_made(first_made)
    try:
        yield
    except refusals:
        _raise_if_made(first_made)
        raise


def _raise_if_made(first_made) -> None:
    first = first_made()
    if first is not None:
        raise AlreadyDone(first)


class IdempotencyKeyField(forms.CharField):
    """A form's idempotency key, as the page wrote it: anything else is no key at all."""

    widget = forms.HiddenInput

    def __init__(self, **kwargs):
        super().__init__(required=False, max_length=32, strip=False, **kwargs)

    def clean(self, value):
        return idempotency_key_of(value or "")


class KeyedEntryForm(forms.Form):
    """A form for an entry that carries its idempotency key (`once`): minted with the page's
    form, or the id a phone's outbox kept the entry under. `keyed`: sent by the outbox, which
    never sends an entry without it."""

    once = IdempotencyKeyField()

    def __init__(self, data=None, *args, keyed: bool = False, **kwargs):
        if data is not None and "once" not in data and "entry" in data:
            # The outbox of the release before sent its key as "entry"; a page kept on a phone
            # may still carry that script.
            data = data.copy()
            data["once"] = data["entry"]
        super().__init__(data, *args, **kwargs)
        self.keyed = keyed

    def clean(self):
        data = super().clean()
        assert data is not None
        if self.keyed and not data.get("once"):
            raise forms.ValidationError(gettext_lazy("This entry has no id."))
        return data
