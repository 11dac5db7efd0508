"""The project's settings, served over plain http on loopback for the benchmark.

Only what plain http and a throwaway static directory need differs from ``cardtable.settings``:
the pages must behave exactly as in production for the numbers to mean anything.
"""

import os

from django.core.exceptions import ImproperlyConfigured

from cardtable.settings import *  # noqa: F403

ROOT_URLCONF = "tracker.benchmark.urls"

try:
    STATIC_ROOT = os.environ["BENCHMARK_STATIC_ROOT"]
except KeyError as missing:
    # Without it collectstatic would write into the project's own staticfiles directory.
    raise ImproperlyConfigured("BENCHMARK_STATIC_ROOT must name a throwaway directory") from missing

# The load generator speaks plain http: a "secure" cookie would never be sent back.
SESSION_COOKIE_SECURE = False
CSRF_COOKIE_SECURE = False
