"""drf-spectacular postprocessing: every operation documents the errors it can answer.

Each operation gets, where its own ``extend_schema`` did not describe it,
the project's error shape (:mod:`tournaments.api.exceptions`) for:

- 400 invalid input (query parameters, body; ``errors`` names the fields),
- 401 / 403 without a session or token, with a bad token, or without the role,
- 404 when the path names something (an event, a match, a player…),
- 409 for unsafe methods (the event's state does not allow it, a stale edit),
- 429 throttled, with ``Retry-After`` (seconds).
"""
from __future__ import annotations

ERROR = "ArenaError"
VALIDATION_ERROR = "ArenaValidationError"

_ERROR_SCHEMA = {
    "type": "object",
    "description": "Todo pedido rechazado: un código estable y un mensaje en español.",
    "properties": {"code": {"type": "string"}, "detail": {"type": "string"}},
    "required": ["code", "detail"],
}
_VALIDATION_SCHEMA = {
    "type": "object",
    "description": "Datos no válidos: «errors» da los mensajes de cada campo o parámetro.",
    "properties": {
        "code": {"type": "string"},
        "detail": {"type": "string"},
        "errors": {"type": "object", "additionalProperties": {"type": "array", "items": {"type": "string"}}},
    },
    "required": ["code", "detail"],
}

_DESCRIPTIONS = {
    "400": "Datos o parámetros no válidos («errors» nombra cada campo o parámetro).",
    "401": "Sin sesión o con un token no válido.",
    "403": "Sin sesión («not_authenticated»), token no válido o sin el rol necesario («permission_denied»).",
    "404": "No existe (código «…_not_found»).",
    "409": "El estado del evento no lo permite ahora, o la mesa cambió mientras tanto.",
    "429": "Demasiados pedidos seguidos («throttled»): volvé a intentar tras «Retry-After» segundos.",
}

UNSAFE = {"post", "put", "patch", "delete"}


def _response(code: str) -> dict:
    component = VALIDATION_ERROR if code == "400" else ERROR
    response = {
        "description": _DESCRIPTIONS[code],
        "content": {"application/json": {"schema": {"$ref": f"#/components/schemas/{component}"}}},
    }
    if code == "429":
        response["headers"] = {"Retry-After": {"schema": {"type": "integer"},
                                               "description": "Segundos hasta poder volver a intentar."}}
    return response


def error_responses(result: dict, generator, request, public) -> dict:
    """Add the missing error responses to every operation of ``result`` (the OpenAPI dict)."""
    schemas = result.setdefault("components", {}).setdefault("schemas", {})
    schemas.setdefault(ERROR, _ERROR_SCHEMA)
    schemas.setdefault(VALIDATION_ERROR, _VALIDATION_SCHEMA)
    for path, item in result.get("paths", {}).items():
        for method, operation in item.items():
            if not isinstance(operation, dict) or "responses" not in operation:
                continue
            codes = ["400", "401", "403", "429"]
            if "{" in path:
                codes.append("404")
            if method in UNSAFE:
                codes.append("409")
            responses = operation["responses"]
            for code in codes:
                responses.setdefault(code, _response(code))
    return result
