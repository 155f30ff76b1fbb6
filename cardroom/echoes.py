"""The pages' side of ``cardroom.errors.shorten_echoes``: the messages storage (what a view
says with ``messages.error``) and the forms' renderer (a field's error list) shorten a long bad
value before the page shows it, whichever view or field wrote the message."""
from django.contrib.messages.storage.fallback import FallbackStorage
from django.forms.renderers import DjangoTemplates
from django.forms.utils import ErrorList

from cardroom.errors import sent_values, shorten_echoes


class ShortEchoStorage(FallbackStorage):
    """Django's default storage; a message repeats at most ECHO_MAX characters of a value."""

    def add(self, level, message, extra_tags=""):
        if isinstance(message, str):
            message = shorten_echoes(message, sent_values(self.request.POST, self.request.GET))
        return super().add(level, message, extra_tags)


class ShortEchoRenderer(DjangoTemplates):
    """Django's default form renderer; an error list's messages shortened the same way."""

    def render(self, template_name, context, request=None):
        errors = context.get("errors")
        if isinstance(errors, ErrorList):
            context = {**context, "errors": [shorten_echoes(str(e)) for e in errors]}
        return super().render(template_name, context, request=request)
