"""Old addresses of renamed pages: a 301 to the new name, the query string kept, so bookmarks
and printed QR codes keep working."""
from django.http import HttpResponsePermanentRedirect
from django.urls import reverse


def moved(name: str, **fixed):
    """A view answering 301 to the URL named ``name``, with the request's own URL arguments
    (plus ``fixed`` ones, e.g. a print kind's new name)."""

    def view(request, **kwargs):
        url = reverse(name, kwargs={**kwargs, **fixed})
        query = request.META.get("QUERY_STRING", "")
        return HttpResponsePermanentRedirect(f"{url}?{query}" if query else url)

    return view
