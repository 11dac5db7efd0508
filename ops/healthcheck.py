"""Docker's HEALTHCHECK: the server on this container answers /healthz.

Asked with the first name in DJANGO_ALLOWED_HOSTS, since Django refuses any other Host; exits 0
when the answer is 200, 1 otherwise.
"""

import os
import sys
import urllib.request

host = os.environ.get("DJANGO_ALLOWED_HOSTS", "localhost").split(",")[0].strip()
port = os.environ.get("GUNICORN_BIND", "0.0.0.0:8000").rsplit(":", 1)[1]
request = urllib.request.Request(f"http://127.0.0.1:{port}/healthz", headers={"Host": host})
try:
    with urllib.request.urlopen(request, timeout=4) as answer:
        sys.exit(0 if answer.status == 200 else 1)
except OSError as error:
    print(f"healthz: {error}", file=sys.stderr)
    sys.exit(1)
