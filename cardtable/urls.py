from django.contrib import admin
from django.urls import include, path, register_converter

from core import games
from core.web.converters import IdConverter
from core.web.language import choose_language
from core.web.views import changed, stream
from tracker.webapp import views as webapp

register_converter(IdConverter, "id")

urlpatterns = [
    path("", include("tracker.groups.urls")),
    # Each kind of game's own pages (the registry of games says where they are).
    *(path("groups/<id:pk>/", include(game_kind.urls)) for game_kind in games.every_kind()),
    path("groups/<id:pk>/", include("tracker.history.urls")),
    path("groups/<id:pk>/", include("tracker.gamelogs.urls")),
    path("groups/<id:pk>/", include("ledger.urls")),
    path("groups/<id:pk>/", include("tracker.tableview.urls")),
    path("live/<str:token>/", changed, name="live"),
    path("live/<str:token>/stream/", stream, name="live_stream"),
    path("language/", choose_language, name="choose_language"),
    # At the root: a service worker looks after the pages under the folder it is served from.
    path("sw.js", webapp.service_worker, name="service_worker"),
    path("manifest.webmanifest", webapp.manifest, name="manifest"),
    path("favicon.ico", webapp.favicon, name="favicon"),
    path("offline/", webapp.offline, name="offline"),
    path("admin/", admin.site.urls),
]

# Refused and failed requests in the app's look and the reader's language (core/web/errors.py).
handler400 = "core.web.errors.bad_request"
handler403 = "core.web.errors.permission_denied"
handler404 = "core.web.errors.page_not_found"
handler500 = "core.web.errors.server_error"
