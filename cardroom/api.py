"""API-wide helpers: an exception handler that turns model validation into 400s, and a JSON
parser that insists on an object body (every write of the API takes named fields)."""
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import IntegrityError
from rest_framework import status
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler


def exception_handler(exc, context):
    """DRF's handler, plus Django ValidationError -> 400 and IntegrityError -> 409."""
    if isinstance(exc, DjangoValidationError):
        if hasattr(exc, "message_dict"):
            detail = exc.message_dict
        else:
            detail = {"non_field_errors": exc.messages}
        return Response(detail, status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, IntegrityError):
        return Response(
            {"non_field_errors": ["This conflicts with data already stored."]},
            status=status.HTTP_409_CONFLICT,
        )
    return drf_exception_handler(exc, context)


class ObjectJSONParser(JSONParser):
    """JSON bodies must be objects: ``[null, null]`` or ``3`` is a 400, never a crash in a view
    that reads named fields."""

    def parse(self, stream, media_type=None, parser_context=None):
        data = super().parse(stream, media_type, parser_context)
        if not isinstance(data, dict):
            raise ParseError(f"The request body must be a JSON object with named fields, not {type(data).__name__}.")
        return data
