"""The client's IP address, for counting wrong PINs and passwords per client.

Behind a reverse proxy REMOTE_ADDR is the proxy's own address; set TRUSTED_PROXIES to the number
of proxies in front of Cardroom and the address is read that many hops from the right of
X-Forwarded-For (left-hand entries are whatever the client chose to send, so never those).
Anything that is not an IP address is ignored."""
import ipaddress

from django.conf import settings


def _ip(text: str) -> str | None:
    try:
        return str(ipaddress.ip_address(text.strip()))
    except ValueError:
        return None


def client_ip(request) -> str | None:
    """The client's address, or None when the request carries none (a test's force_login)."""
    proxies = getattr(settings, "TRUSTED_PROXIES", 0)
    if proxies:
        hops = [h for h in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if h.strip()]
        if len(hops) >= proxies and _ip(hops[-proxies]):
            return _ip(hops[-proxies])
    return _ip(request.META.get("REMOTE_ADDR", "") or "")


def client_address(request) -> str:
    return client_ip(request) or "unknown"
