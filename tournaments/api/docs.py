"""A self-contained documentation page of the API, built from the OpenAPI schema.

drf-spectacular's Swagger UI and Redoc load their JavaScript from a CDN,
which a venue's laptop without internet cannot reach. This page needs
nothing external: it renders every operation of the same schema that
``api/schema/`` serves (the schema generator is the single source), with
parameters, request fields and responses, in plain HTML.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from django.http import HttpRequest, HttpResponse
from django.template import Context, Engine, Template
from django.urls import reverse
from django.utils.translation import get_language
from drf_spectacular.generators import SchemaGenerator
from drf_spectacular.settings import spectacular_settings

HTTP_METHODS = ("get", "post", "put", "patch", "delete")
TEMPLATE_PATH = Path(__file__).with_name("templates") / "docs.html"


@lru_cache(maxsize=1)
def _template() -> Template:
    return Engine.get_default().from_string(TEMPLATE_PATH.read_text(encoding="utf-8"))


def _type_of(schema: dict, components: dict) -> str:
    """A short human type: ``integer``, ``string (a | b)``, ``Evento[]``, ``… | null``."""
    if "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[-1]
        target = components.get(name, {})
        text = _type_of(target, components) if "enum" in target else name
    elif "allOf" in schema and len(schema["allOf"]) == 1:
        text = _type_of(schema["allOf"][0], components)
    elif "oneOf" in schema:
        text = " | ".join(_type_of(s, components) for s in schema["oneOf"])
    elif schema.get("type") == "array":
        text = f"{_type_of(schema.get('items', {}), components)}[]"
    else:
        text = schema.get("type", "string" if "enum" in schema else "object")
        if schema.get("format"):
            text += f" ({schema['format']})"
        if schema.get("enum"):
            text += ": " + " | ".join('""' if v == "" else str(v) for v in schema["enum"] if v is not None)
    if schema.get("nullable"):
        text += " | null"
    return text


def _fields(schema: dict | None, components: dict) -> tuple[str, list[dict]]:
    """Name of the (referenced) body schema and its top-level fields."""
    if not schema:
        return "", []
    name = ""
    if "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[-1]
        schema = components.get(name, {})
    if "oneOf" in schema:  # one shape per format (issue #24): each alternative's fields, named
        parts = [_fields(option, components) for option in schema["oneOf"]]
        rows = [{**row, "description": f"[{part}] {row['description']}".strip()} for part, fields in parts
                for row in fields]
        return name or " | ".join(part for part, _rows in parts), rows
    required = set(schema.get("required", ()))
    rows = [
        {
            "name": field,
            "type": _type_of(spec, components),
            "required": field in required,
            "read_only": spec.get("readOnly", False),
            "description": spec.get("description") or spec.get("title", ""),
        }
        for field, spec in schema.get("properties", {}).items()
    ]
    return name, rows


def _unpaginated(schema: dict, components: dict) -> dict:
    """The item schema of a paginated list (``results``), else ``schema`` itself."""
    if "$ref" in schema:
        component = components.get(schema["$ref"].rsplit("/", 1)[-1], {})
        results = component.get("properties", {}).get("results", {})
        if results.get("type") == "array" and "$ref" in results.get("items", {}):
            return results["items"]
    return schema


def endpoints(schema: dict) -> list[dict]:
    """Every operation of ``schema`` as plain rows, grouped by tag in path order."""
    components = schema.get("components", {}).get("schemas", {})
    rows = []
    for path, item in schema.get("paths", {}).items():
        for method in HTTP_METHODS:
            op = item.get(method)
            if op is None:
                continue
            body = (op.get("requestBody") or {}).get("content", {}).get("application/json", {}).get("schema")
            body_name, body_fields = _fields(body, components)
            responses, result_name, result_fields = [], "", []
            for code, response in op.get("responses", {}).items():
                content = response.get("content", {}).get("application/json", {}).get("schema")
                if content and code.startswith("2") and not result_fields:
                    result_name, result_fields = _fields(_unpaginated(content, components), components)
                responses.append({
                    "code": code,
                    "description": response.get("description", ""),
                    "type": _type_of(content, components) if content else "",
                })
            rows.append({
                "method": method.upper(),
                "path": path,
                "anchor": op.get("operationId", f"{method}-{path}"),
                "tag": (op.get("tags") or ["api"])[0],
                "summary": op.get("summary", ""),
                "description": op.get("description", ""),
                "role": op.get("x-role", ""),
                "parameters": [
                    {
                        "name": p["name"],
                        "in": p.get("in", ""),
                        "required": p.get("required", False),
                        "type": _type_of(p.get("schema", {}), components),
                        "description": p.get("description", ""),
                    }
                    for p in op.get("parameters", [])
                ],
                "body_name": body_name,
                "body_fields": body_fields,
                "result_name": result_name,
                "result_fields": result_fields,
                "responses": responses,
            })
    return rows


def _grouped(rows: list[dict]) -> list[dict]:
    groups: dict[str, list[dict]] = {}
    for row in rows:
        groups.setdefault(row["tag"], []).append(row)
    return [{"tag": tag, "endpoints": items} for tag, items in groups.items()]


def api_docs(request: HttpRequest) -> HttpResponse:
    """``GET api/docs/``: every endpoint of the OpenAPI schema on one offline page."""
    schema = SchemaGenerator().get_schema(request=None, public=True)
    rows = endpoints(schema)
    context = Context({
        "title": spectacular_settings.TITLE,
        "description": spectacular_settings.DESCRIPTION,
        "version": spectacular_settings.VERSION,
        "schema_url": reverse("tournaments_api:schema"),
        "groups": _grouped(rows),
        "count": len(rows),
        "language": get_language() or "es-ar",
    })
    return HttpResponse(_template().render(context))
