import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardtable.settings")
django_application = get_asgi_application()

# Imported once Django is set up: the stream reads the models and the URLs.
from core.web.live_stream import streams_beside  # noqa: E402

# A followed page's stream is answered beside Django, holding no thread while it waits
# (core/web/live_stream.py); every other address is Django's.
application = streams_beside(django_application)
