"""API-wide helpers: the one exception handler that maps domain errors and model validation to
HTTP, and ``?confirm=1`` on a DELETE. The JSON parser is ``cardroom.parsers`` (DRF's settings
import it while ``rest_framework.views`` loads, so it must not import the views)."""
from django.conf import settings
from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import IntegrityError
from rest_framework import status
from rest_framework.exceptions import ErrorDetail
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from cardroom.errors import Conflict, sent_values, shorten_echoes


def exception_handler(exc, context):
    """The answer of ``_answer``, every message in it with the request's long values shortened
    (``shorten_echoes``): a 10,000-character bad value is not repeated in the 400."""
    response = _answer(exc, context)
    if response is not None and response.status_code >= 400:
        request = context.get("request")
        try:
            values = sent_values(request.data, request.query_params) if request is not None else []
        except Exception:  # the body itself was the error (unparsable, too big): nothing of it to echo
            values = sent_values(request.query_params) if request is not None else []
        response.data = _shortened(response.data, values)
    return response


def _shortened(data, values):
    if isinstance(data, ErrorDetail):
        return ErrorDetail(shorten_echoes(str(data), values), code=data.code)
    if isinstance(data, str):
        return shorten_echoes(data, values)
    if isinstance(data, dict):
        return {key: _shortened(item, values) for key, item in data.items()}
    if isinstance(data, (list, tuple)):
        return [_shortened(item, values) for item in data]
    return data


def _answer(exc, context):
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


def confirmed(request) -> bool:
    """``?confirm=1`` (or true/yes) on a DELETE that would take results with it."""
    return request.query_params.get("confirm", "").strip().lower() in {"1", "true", "yes"}
