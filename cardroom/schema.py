"""The OpenAPI schema's error answers. Every API error comes from the one exception handler
(``cardroom.api.exception_handler``): 400 for bad input (``{"field": ["message"]}`` or
``{"detail": ...}``), 401/403 without the right login or role, 404 for an unknown club, event,
id or page, 409 for a conflict with stored data, 429 when throttled. A drf-spectacular
postprocessing hook documents them on every operation, so a client (and schemathesis) knows
every status code the API answers."""

ERROR = {"type": "object", "additionalProperties": True,
         "description": '{"detail": "why"} or {"field": ["what is wrong"]}'}
ANSWERS = {
    "400": "Bad input: the field and what is wrong, or a limit passed (cardroom/limits.py)",
    "401": "Not logged in (session or token), or a wrong table PIN",
    "403": "Logged in without the role this needs",
    "404": "No such club, event, id or page",
    "409": "Conflicts with data already stored (named in the answer)",
    "429": "Too many attempts: wait as Retry-After says",
}
WRITES = {"post", "put", "patch", "delete"}
RETRY_AFTER = {"Retry-After": {"description": "Seconds to wait before trying again",
                               "schema": {"type": "integer", "minimum": 0}}}
TABLE_PATH = "/tables/{section}/{table}/"
PARTY_TABLE_PATH = "/tables/{table}/"
PIN_LOCKOUT = ("Wrong PINs from this device at this table: after 5 it waits 2, 4, 8 ... seconds (30 at one "
               "table slow every device to one try per 10 s); wait as Retry-After says, the other phones "
               "carry on")


def document_errors(result, generator, request, public):
    """Add the error answers each operation can give (those it already documents are kept)."""
    for path, operations in result.get("paths", {}).items():
        for method, operation in operations.items():
            if method not in {"get", "head", "options"} | WRITES:
                continue
            responses = operation.setdefault("responses", {})
            for code, description in ANSWERS.items():
                if code == "409" and method not in WRITES:
                    continue
                responses.setdefault(code, {"description": description,
                                            "content": {"application/json": {"schema": ERROR}}})
            throttled = responses["429"]
            throttled.setdefault("headers", dict(RETRY_AFTER))
            if TABLE_PATH in path or path.endswith(PARTY_TABLE_PATH):  # the PIN lock-out (tournaments.services.pins)
                throttled["description"] = PIN_LOCKOUT
    return result
