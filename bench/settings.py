"""The project's settings, served over plain http on loopback for the benchmark.

Only what plain http, a throwaway static directory and the bare view need differs from
``cardtable.settings``: the pages must behave exactly as in production for the numbers to mean
anything.
"""

import os

from django.core.exceptions import ImproperlyConfigured

from cardtable.settings import *  # noqa: F403
from cardtable.settings import INSTALLED_APPS

# For the bare view's template (bench/templates/), after the project's apps so it shadows none.
INSTALLED_APPS = [*INSTALLED_APPS, "bench"]
ROOT_URLCONF = "bench.urls"

try:
    STATIC_ROOT = os.environ["BENCHMARK_STATIC_ROOT"]
except KeyError as missing:
    # Without it collectstatic would write into the project's own staticfiles directory.
    raise ImproperlyConfigured("BENCHMARK_STATIC_ROOT must name a throwaway directory") from missing

# The load generator speaks plain http: a "secure" cookie would never be sent back.
SESSION_COOKIE_SECURE = False
CSRF_COOKIE_SECURE = False
