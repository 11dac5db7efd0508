"""Response headers that no library here sets."""

from django.conf import settings


def permissions_policy(features: dict[str, list[str]]) -> str:
    """`{"camera": [], "screen-wake-lock": ["self"]}` -> `camera=(), screen-wake-lock=(self)`."""
    return ", ".join(f"{name}=({' '.join(allowed)})" for name, allowed in features.items())


class PermissionsPolicyMiddleware:
    """Adds Permissions-Policy (settings.PERMISSIONS_POLICY) to every response that has none, so
    that a page, or anything injected into it, cannot ask for the camera, the microphone, the
    location, payments or USB devices."""

    def __init__(self, get_response):
        self.get_response = get_response
        self.header = permissions_policy(settings.PERMISSIONS_POLICY)

    def __call__(self, request):
        response = self.get_response(request)
        response.headers.setdefault("Permissions-Policy", self.header)
        return response
