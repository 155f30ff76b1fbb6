"""Email settings from the environment: ``EMAIL_URL`` (``smtp://user:password@host:587?tls=1``,
``smtps://...`` for SSL, ``console://``, ``locmem://``, ``dummy://``) or the usual ``EMAIL_*``
variables; neither: the console backend, so ``make run`` prints every email in its terminal."""
from __future__ import annotations

from urllib.parse import parse_qs, unquote, urlsplit

from django.core.exceptions import ImproperlyConfigured

BACKENDS = {
    "smtp": "django.core.mail.backends.smtp.EmailBackend",
    "smtps": "django.core.mail.backends.smtp.EmailBackend",
    "console": "django.core.mail.backends.console.EmailBackend",
    "locmem": "django.core.mail.backends.locmem.EmailBackend",
    "dummy": "django.core.mail.backends.dummy.EmailBackend",
}
TRUE = {"1", "true", "yes", "on"}


def _flag(value: str | None) -> bool:
    return (value or "").strip().lower() in TRUE


def mail_settings(env) -> dict:
    """The EMAIL_* settings (and DEFAULT_FROM_EMAIL) as a dict, from ``env`` (os.environ)."""
    out = {
        "EMAIL_BACKEND": env.get("EMAIL_BACKEND") or BACKENDS["console"],
        "EMAIL_HOST": env.get("EMAIL_HOST") or "localhost",
        "EMAIL_PORT": int(env.get("EMAIL_PORT") or 25),
        "EMAIL_HOST_USER": env.get("EMAIL_HOST_USER", ""),
        "EMAIL_HOST_PASSWORD": env.get("EMAIL_HOST_PASSWORD", ""),
        "EMAIL_USE_TLS": _flag(env.get("EMAIL_USE_TLS")),
        "EMAIL_USE_SSL": _flag(env.get("EMAIL_USE_SSL")),
        "EMAIL_TIMEOUT": int(env.get("EMAIL_TIMEOUT") or 10),
        "DEFAULT_FROM_EMAIL": env.get("DEFAULT_FROM_EMAIL") or "Cardroom <cardroom@localhost>",
    }
    if env.get("EMAIL_HOST") and not env.get("EMAIL_BACKEND"):
        out["EMAIL_BACKEND"] = BACKENDS["smtp"]
    url = env.get("EMAIL_URL", "")
    if url:
        out.update(parse_email_url(url))
    if out["EMAIL_USE_TLS"] and out["EMAIL_USE_SSL"]:
        raise ImproperlyConfigured("EMAIL_USE_TLS and EMAIL_USE_SSL are exclusive: choose one.")
    return out


def parse_email_url(url: str) -> dict:
    """``smtp://user:password@host:port?tls=1&from=...`` -> the settings it names."""
    parts = urlsplit(url)
    scheme = parts.scheme.lower()
    if scheme not in BACKENDS:
        raise ImproperlyConfigured(f"EMAIL_URL scheme {scheme!r} is not one of {', '.join(BACKENDS)}.")
    out = {"EMAIL_BACKEND": BACKENDS[scheme]}
    if scheme in ("smtp", "smtps"):
        query = {k: v[-1] for k, v in parse_qs(parts.query).items()}
        try:
            port = parts.port
        except ValueError:
            raise ImproperlyConfigured("EMAIL_URL has a port that is not a number.") from None
        out.update({
            "EMAIL_HOST": parts.hostname or "localhost",
            "EMAIL_PORT": port or (465 if scheme == "smtps" else 587 if _flag(query.get("tls")) else 25),
            "EMAIL_HOST_USER": unquote(parts.username or ""),
            "EMAIL_HOST_PASSWORD": unquote(parts.password or ""),
            "EMAIL_USE_SSL": scheme == "smtps" or _flag(query.get("ssl")),
            "EMAIL_USE_TLS": scheme == "smtp" and _flag(query.get("tls")),
        })
        if query.get("from"):
            out["DEFAULT_FROM_EMAIL"] = query["from"]
        if query.get("timeout", "").isdigit():
            out["EMAIL_TIMEOUT"] = int(query["timeout"])
    return out
