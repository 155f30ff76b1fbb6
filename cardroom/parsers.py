"""The API's JSON parser: a body is an object (every write of the API takes named fields), no
larger and no deeper than ``cardroom.limits`` allows. DRF's settings import it while
``rest_framework.views`` loads, so it imports nothing that loads the views (no ``cardroom.api``)."""
import io
import re

from django.conf import settings
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

from cardroom import limits

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
