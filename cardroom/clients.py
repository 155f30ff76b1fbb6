"""The client's IP address, for counting wrong PINs and passwords per client.

Behind a reverse proxy REMOTE_ADDR is the proxy's own address; set TRUSTED_PROXIES to the number
of proxies in front of Cardroom and the address is read that many hops from the right of
X-Forwarded-For (left-hand entries are whatever the client chose to send, so never those)."""
from django.conf import settings


def client_address(request) -> str:
    proxies = getattr(settings, "TRUSTED_PROXIES", 0)
    if proxies:
        hops = [h.strip() for h in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if h.strip()]
        if len(hops) >= proxies:
            return hops[-proxies][:64]
    return request.META.get("REMOTE_ADDR", "")[:64] or "unknown"
