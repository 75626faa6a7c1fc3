"""The server's logs: plain lines for a person, or one JSON object per line for a machine.

Log calls name their facts as fields (``log.info("move refused", extra={"table": ...,
"code": ...})``); the text format appends them as ``key=value``, the JSON format
makes them keys of the object, so a log collector can filter by table or code.
uvicorn's own loggers go through the same handler.
"""

from __future__ import annotations

import json
import logging
import sys
import time
from typing import Any

_STANDARD = frozenset(logging.LogRecord("", 0, "", 0, "", (), None).__dict__) | {
    "message", "asctime", "color_message", "taskName"}
"""Attributes every record has; whatever else a record carries came as ``extra``."""


def fields(record: logging.LogRecord) -> dict[str, Any]:
    """The facts a log call passed as ``extra``."""
    return {k: v for k, v in record.__dict__.items() if k not in _STANDARD}


class TextFormatter(logging.Formatter):
    """``time level logger: message key=value ...``."""

    def __init__(self) -> None:
        super().__init__("%(asctime)s %(levelname)s %(name)s: %(message)s")

    def format(self, record: logging.LogRecord) -> str:
        line = super().format(record)
        extra = " ".join(f"{k}={v}" for k, v in fields(record).items())
        if not extra:
            return line
        head, newline, rest = line.partition("\n")
        return f"{head} {extra}{newline}{rest}"


class JsonFormatter(logging.Formatter):
    """One JSON object per line: ``time`` (UTC, ISO 8601), ``level``, ``logger``,
    ``message``, the call's fields, and ``exception`` only where the server failed."""

    def format(self, record: logging.LogRecord) -> str:
        data: dict[str, Any] = {
            "time": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created))
                    + f".{int(record.msecs):03d}Z",
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
            **fields(record),
        }
        if record.exc_info:
            data["exception"] = self.formatException(record.exc_info)
        return json.dumps(data, ensure_ascii=False, default=str)


class OneLineStartupErrors(logging.Filter):
    """uvicorn logs a failed start of the application (its lifespan) as the whole
    traceback; without ``--debug`` the operator gets its last line, which names the
    problem. Tracebacks of requests (the server's own failures) stay whole."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if message.startswith(("Traceback", "Exception in 'lifespan'")):
            lines = [line for line in message.splitlines() if line.strip()]
            if record.exc_info and record.exc_info[1] is not None:
                exc = record.exc_info[1]
                lines = [f"{type(exc).__name__}: {exc}"]
            record.msg, record.args = f"start-up failed: {lines[-1].strip()}", None
            record.exc_info = record.exc_text = None
        return True


def configure(level: str, fmt: str = "text", debug: bool = False) -> None:
    """Send every logger (ours, uvicorn's, SQLAlchemy's) to standard error in ``fmt``."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter() if fmt == "json" else TextFormatter())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level.upper())
    logging.getLogger("alembic").setLevel(logging.WARNING)
    uvicorn_errors = logging.getLogger("uvicorn.error")
    for old in [f for f in uvicorn_errors.filters if isinstance(f, OneLineStartupErrors)]:
        uvicorn_errors.removeFilter(old)
    if not debug:
        uvicorn_errors.addFilter(OneLineStartupErrors())
