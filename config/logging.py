"""Structured logs: one JSON object per line on stdout, each carrying the request's id.

:class:`JsonFormatter` writes ``time`` (ISO 8601, UTC), ``level``, ``logger``,
``message`` and ``request_id``, plus the request fields a record carries
(``method``, ``path``, ``status``, ``duration_ms``: the access line written by
``config.middleware.RequestIdMiddleware``) and, for a record with an
exception, ``exception`` (the traceback: it goes to the log, never to a page).
:class:`RequestIdFilter` copies the current request's id (a context variable
set by the middleware) onto every record; ``None`` outside a request.
"""
from __future__ import annotations

import contextvars
import datetime as dt
import json
import logging

#: The id of the request being served in this thread or task; None outside a request.
request_id_var: contextvars.ContextVar[str | None] = contextvars.ContextVar("arena_request_id", default=None)

#: Extra record attributes written when present (the access line's fields).
REQUEST_FIELDS = ("method", "path", "status", "duration_ms")


class RequestIdFilter(logging.Filter):
    """Sets ``record.request_id`` from :data:`request_id_var` (unless the record has one)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if getattr(record, "request_id", None) is None:
            record.request_id = request_id_var.get()
        return True


class JsonFormatter(logging.Formatter):
    """One JSON object per record, on one line (newlines inside values are escaped)."""

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, object] = {
            "time": dt.datetime.fromtimestamp(record.created, tz=dt.UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
            "request_id": getattr(record, "request_id", None),
        }
        for field in REQUEST_FIELDS:
            value = getattr(record, field, None)
            if value is not None:
                entry[field] = value
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        elif record.exc_text:
            entry["exception"] = record.exc_text
        if record.stack_info:
            entry["stack"] = self.formatStack(record.stack_info)
        return json.dumps(entry, ensure_ascii=False, default=str)


def logging_config(level: str = "WARNING", request_level: str = "INFO", stream: str = "stdout") -> dict:
    """The ``LOGGING`` dictConfig: JSON lines on ``stream`` (``stdout`` or ``stderr``).

    ``arena`` loggers (the access line) log at ``request_level``, everything else at ``level``.
    """
    if stream not in ("stdout", "stderr"):
        raise ValueError(f"log stream must be stdout or stderr, not {stream!r}")
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "filters": {"request_id": {"()": "config.logging.RequestIdFilter"}},
        "formatters": {"json": {"()": "config.logging.JsonFormatter"}},
        "handlers": {
            "stdout": {
                "class": "logging.StreamHandler",
                "stream": f"ext://sys.{stream}",
                "formatter": "json",
                "filters": ["request_id"],
            }
        },
        "root": {"handlers": ["stdout"], "level": level},
        "loggers": {
            # Django's own handlers (console with DEBUG, mail_admins) are replaced: one stream, one shape.
            "django": {"handlers": ["stdout"], "level": level, "propagate": False},
            "arena": {"handlers": ["stdout"], "level": request_level, "propagate": False},
        },
    }
