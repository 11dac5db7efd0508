from django.contrib import admin
from django.urls import include, path, register_converter

from tracker.common.converters import IdConverter
from tracker.common.language import choose_language
from tracker.common.views import changed
from tracker.tableview import views as phone

register_converter(IdConverter, "id")

urlpatterns = [
    path("", include("tracker.groups.urls")),
    path("groups/<id:pk>/", include("tracker.cutthroat.urls")),
    path("groups/<id:pk>/", include("tracker.catte.urls")),
    path("groups/<id:pk>/", include("tracker.history.urls")),
    path("groups/<id:pk>/", include("tracker.logs.urls")),
    path("groups/<id:pk>/", include("ledger.urls")),
    path("groups/<id:pk>/", include("tracker.tableview.urls")),
    path("live/<str:token>/", changed, name="live"),
    path("language/", choose_language, name="choose_language"),
    # At the root: a service worker looks after the pages under the folder it is served from.
    path("sw.js", phone.service_worker, name="service_worker"),
    path("manifest.webmanifest", phone.manifest, name="manifest"),
    path("favicon.ico", phone.favicon, name="favicon"),
    path("offline/", phone.offline, name="offline"),
    path("admin/", admin.site.urls),
]
