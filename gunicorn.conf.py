"""gunicorn's settings for production (read by `gunicorn cardtable.wsgi` from this directory).

Options given on the command line win over these.
"""

import os

bind = os.environ.get("GUNICORN_BIND", "0.0.0.0:8000")
# Sync workers: each answers one request at a time; two per CPU keeps a CPU busy while the
# other waits for the database.
workers = int(os.environ.get("GUNICORN_WORKERS", "2"))
# A worker stuck longer than this is restarted.
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "30"))
# On SIGTERM (docker stop, systemctl stop, a deploy) a worker finishes the request it is
# answering, a save included, before it exits; after this many seconds it is killed.
graceful_timeout = int(os.environ.get("GUNICORN_GRACEFUL_TIMEOUT", "20"))
# The app logs each request itself, with its request id (core.web.request_log).
accesslog = None
errorlog = "-"
loglevel = os.environ.get("GUNICORN_LOG_LEVEL", "info")
