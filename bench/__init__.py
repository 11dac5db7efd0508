"""Server throughput of the app's pages and saves under gunicorn, next to a bare Django view.

``python -m bench`` drives it (``__main__``). ``server`` makes a temporary directory's
environment, runs ``python -m bench.django_side`` there (``database``, ``history``: migrate, fill
a small and a large history, count queries) and starts gunicorn on it with debug off
(``settings``, ``urls``, ``views``). ``measure`` then loads it from loopback (``load`` for pages,
``saves`` for the htmx saves) and ``report`` prints the rates as ratios to the bare view and the
saves' times per request, beside the goals.

The production settings never install this package and nothing in the app imports it.
``__main__``, ``server``, ``measure``, ``load``, ``saves`` and ``report`` import nothing from
Django: the command's own process never opens a database, and the Python clients run in fresh
processes.
"""


class BenchmarkError(RuntimeError):
    """Something the benchmark needs failed; the message says what, with the output it got."""
