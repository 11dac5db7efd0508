"""Server throughput of the app's pages and saves under gunicorn, next to a bare Django view.

``manage.py benchmark`` drives it. ``server`` makes a temporary directory's environment, runs
``python -m tracker.benchmark`` there (``database``, ``history``: migrate, fill a small and a
large history, count queries) and starts gunicorn on it with debug off (``settings``, ``urls``,
``views``). ``measure`` then loads it from loopback (``load`` for pages, ``saves`` for the htmx
saves) and ``report`` prints the rates as ratios to the bare view, beside the goals.

``load`` and ``saves`` import nothing from Django: their clients run in fresh processes.
"""


class BenchmarkError(RuntimeError):
    """Something the benchmark needs failed; the message says what, with the output it got."""
