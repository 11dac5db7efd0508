from django.contrib import admin
from django.urls import include, path, register_converter

from tracker.common.converters import IdConverter
from tracker.common.views import changed

register_converter(IdConverter, "id")

urlpatterns = [
    path("", include("tracker.groups.urls")),
    path("groups/<id:pk>/", include("tracker.cutthroat.urls")),
    path("groups/<id:pk>/", include("tracker.catte.urls")),
    path("groups/<id:pk>/", include("tracker.history.urls")),
    path("groups/<id:pk>/", include("tracker.logs.urls")),
    path("groups/<id:pk>/", include("ledger.urls")),
    path("live/<str:token>/", changed, name="live"),
    path("admin/", admin.site.urls),
]
