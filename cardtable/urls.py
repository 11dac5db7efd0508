from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("", include("tracker.groups.urls")),
    path("groups/<int:pk>/", include("tracker.cutthroat.urls")),
    path("groups/<int:pk>/", include("tracker.catte.urls")),
    path("groups/<int:pk>/", include("tracker.history.urls")),
    path("groups/<int:pk>/", include("tracker.logs.urls")),
    path("groups/<int:pk>/", include("ledger.urls")),
    path("admin/", admin.site.urls),
]
