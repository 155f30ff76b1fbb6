"""/api/docs/ works without internet: Swagger UI comes from our own static files (sidecar)."""
import re

import pytest
from django.contrib.staticfiles import finders


@pytest.mark.django_db
def test_api_docs_reference_only_local_static_files(api):
    response = api.get("/api/docs/")
    assert response.status_code == 200
    html = response.content.decode()
    urls = re.findall(r"""(?:src|href)\s*=\s*["']([^"']+)["']""", html)
    urls += re.findall(r"""["']((?:https?:)?//[^"'\s]+)["']""", html)
    assert urls, "the page loads something"
    assert not [u for u in urls if u.startswith(("http:", "https:", "//"))], urls
    assert "cdn" not in html.lower()
    static = [u for u in urls if u.startswith("/static/")]
    assert any(u.endswith("swagger-ui-bundle.js") for u in static), static
    for url in static:
        assert finders.find(url.removeprefix("/static/")), f"{url} is not one of our static files"
