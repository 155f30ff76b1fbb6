"""API-wide helpers: an exception handler that turns model validation into 400s, and a JSON
parser that insists on an object body (every write of the API takes named fields), no larger
and no deeper than ``cardroom.limits`` allows."""
import io
import re

from django.conf import settings
from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import IntegrityError
from rest_framework import status
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from cardroom import limits
from cardroom.errors import Conflict


def exception_handler(exc, context):
    """DRF's handler, plus a domain ``Conflict`` -> 409, Django ValidationError -> 400, IntegrityError -> 409, a body past
    the upload limits -> 400 naming the limit, and a delete that needs confirming -> 409
    naming what it would take."""
    from clubs.trash import DeleteNeedsConfirmation

    if isinstance(exc, Conflict):
        return Response({"detail": exc.detail, **exc.extra}, status=status.HTTP_409_CONFLICT)
    if isinstance(exc, DeleteNeedsConfirmation):
        return Response({"detail": f"{exc} Send the DELETE again with ?confirm=1.", "contents": exc.contents},
                        status=status.HTTP_409_CONFLICT)
    if isinstance(exc, RequestDataTooBig):
        return Response({"detail": f"The request body is larger than {settings.DATA_UPLOAD_MAX_MEMORY_SIZE} "
                                   "bytes (DATA_UPLOAD_MAX_MEMORY_SIZE)."}, status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, TooManyFieldsSent):
        return Response({"detail": f"The request has more than {settings.DATA_UPLOAD_MAX_NUMBER_FIELDS} fields "
                                   "(DATA_UPLOAD_MAX_NUMBER_FIELDS)."}, status=status.HTTP_400_BAD_REQUEST)
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


_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKET = re.compile(rb"[\[\]{}]")


def json_depth(raw: bytes) -> int:
    """How deeply brackets nest in a JSON text (strings skipped), without parsing it: Python's
    own parser recurses and ends in a RecursionError (a 500) on ``[[[[...``."""
    depth = deepest = 0
    for match in _BRACKET.finditer(_STRING.sub(b"", raw)):
        depth += 1 if match.group() in b"[{" else -1
        deepest = max(deepest, depth)
    return deepest


def confirmed(request) -> bool:
    """``?confirm=1`` (or true/yes) on a DELETE that would take results with it."""
    return request.query_params.get("confirm", "").strip().lower() in {"1", "true", "yes"}


class ObjectJSONParser(JSONParser):
    """JSON bodies must be objects: ``[null, null]`` or ``3`` is a 400, never a crash in a view
    that reads named fields. The body is read up to ``DATA_UPLOAD_MAX_MEMORY_SIZE`` and may nest
    ``JSON_MAX_DEPTH`` deep; beyond either it is a 400 naming the limit."""

    def parse(self, stream, media_type=None, parser_context=None):
        top = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        raw = stream.read(top + 1) if stream is not None else b""
        if len(raw) > top:
            raise ParseError(f"The request body is larger than {top} bytes (DATA_UPLOAD_MAX_MEMORY_SIZE).")
        if json_depth(raw) > limits.JSON_MAX_DEPTH:
            raise ParseError(f"The JSON body nests deeper than {limits.JSON_MAX_DEPTH} levels (JSON_MAX_DEPTH).")
        data = super().parse(io.BytesIO(raw), media_type, parser_context)
        if not isinstance(data, dict):
            raise ParseError(f"The request body must be a JSON object with named fields, not {type(data).__name__}.")
        return data
