from django.http import HttpResponse
from django.views.decorators.http import require_GET


@require_GET
def healthz(request):
    """For load balancers and the benchmark: a bare Django view that touches no database."""
    return HttpResponse("ok", content_type="text/plain")
