"""The project's URLs plus the bare view every page is compared with."""

from django.urls import path

from cardtable.urls import urlpatterns as project_urlpatterns
from tracker.benchmark.views import bare

urlpatterns = [path("bench/bare/", bare, name="bench_bare"), *project_urlpatterns]
