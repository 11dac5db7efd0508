"""The project's URLs plus the bare view every page is compared with, and the bare save."""

from django.urls import path

from bench.views import bare, bare_save
from cardtable.urls import urlpatterns as project_urlpatterns

urlpatterns = [
    path("bench/bare/", bare, name="bench_bare"),
    path("bench/bare-save/<int:pk>/", bare_save, name="bench_bare_save"),
    *project_urlpatterns,
]
