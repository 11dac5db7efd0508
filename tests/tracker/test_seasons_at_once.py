"""Seasons added on several phones at the same moment: the cap of seasons and the uniqueness of
their names hold in the database, not only in each request's reading of it."""

import threading
import unicodedata
from datetime import date

import pytest
from django.db import connection

from tracker.history import seasons
from tracker.history.seasons import Refused
from tracker.models import Season

pytestmark = pytest.mark.django_db(transaction=True)
SUMMER = (date(2026, 6, 1), date(2026, 8, 31))


def at_once(adds: list) -> None:
    """Each add on a thread (a connection) of its own, all let go together."""
    start = threading.Barrier(len(adds))

    def add(group, name):
        start.wait()
        try:
            seasons.add_season(group, name, *SUMMER)
        except Refused:
            pass
        finally:
            connection.close()

    threads = [threading.Thread(target=add, args=arguments) for arguments in adds]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def test_twenty_adds_at_once_at_ninety_five_seasons_stop_at_one_hundred(group):
    for number in range(95):
        seasons.add_season(group, f"Season {number}", *SUMMER)
    at_once([(group, f"Late {number}") for number in range(20)])
    assert Season.objects.filter(group=group).count() == 100


def test_twelve_adds_of_one_name_in_every_spelling_store_one(group):
    spellings = ["Café", unicodedata.normalize("NFD", "Café"), "CAFÉ", "café"] * 3
    at_once([(group, name) for name in spellings])
    assert Season.objects.filter(group=group).count() == 1
