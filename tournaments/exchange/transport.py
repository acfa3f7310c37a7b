"""How an event file travels: gzip-compressed, read as a stream, within a limit that scales with the event (issue #26).

The limit on the file's **decompressed** size is
``ARENA_IMPORT_MAX_BYTES`` (5 MB) plus ``ARENA_IMPORT_BYTES_PER_PLAYER``
(16 KB) for each player the sender declares (``X-Arena-Players`` on the API,
the file's own count on the command line), at most
``ARENA_IMPORT_MAX_PLAYERS`` (10,000) players: a 1,024-player 12-round event
exports about 8 MB, an 8,192-player one about 64 MB, both under theirs. The
declared count is checked against the file's ``players`` after parsing
(:func:`players_check`). The stream is read and inflated in blocks, and the
read stops as soon as the limit is passed: a hostile "zip bomb" never grows
past it in memory.
"""
from __future__ import annotations

import zlib
from typing import BinaryIO

from django.conf import settings
from django.utils.translation import gettext as _

from ..errors import ArenaError
from ..text import control_characters, describe_control

BLOCK = 256 * 1024
GZIP_MAGIC = b"\x1f\x8b"


class FileTooLarge(ArenaError):
    """The file (decompressed) passes the limit for its declared size; nothing was read past it."""

    status = 413


class BadTransport(ArenaError):
    """The bytes are not a readable file: a damaged gzip, not UTF-8, a wrong declared count."""

    status = 400


def max_bytes(players: int | None) -> int:
    """The largest decompressed file accepted for an event of ``players`` players (``None``: undeclared)."""
    count = min(max(players or 0, 0), settings.ARENA_IMPORT_MAX_PLAYERS)
    return settings.ARENA_IMPORT_MAX_BYTES + settings.ARENA_IMPORT_BYTES_PER_PLAYER * count


def declared_players(value: str | None) -> int | None:
    """The ``X-Arena-Players`` header as a count; raises :class:`BadTransport` for a value that is not one."""
    if value in (None, ""):
        return None
    if not str(value).isdigit() or int(value) > settings.ARENA_IMPORT_MAX_PLAYERS:
        raise BadTransport("bad_players_header", _(
            "X-Arena-Players: se esperaba la cantidad de jugadores del evento (un número de 0 a %(max)d).")
            % {"max": settings.ARENA_IMPORT_MAX_PLAYERS})
    return int(value)


def _too_large(limit: int) -> FileTooLarge:
    return FileTooLarge("too_large", _(
        "El archivo supera el tamaño máximo para su cantidad de jugadores (%(mb).1f MB sin comprimir). Publicalo "
        "con publish_event, que declara los jugadores y comprime el archivo.") % {"mb": limit / 1_000_000})


def read_text(stream: BinaryIO, *, limit: int) -> str:
    """The file's text from ``stream`` (gzip or plain, told by its first bytes), at most ``limit`` bytes inflated.

    Raises :class:`FileTooLarge` past the limit, :class:`BadTransport` for a
    damaged gzip or a text that is not UTF-8.
    """
    first = stream.read(BLOCK) or b""
    parts: list[bytes] = []
    size = 0
    if first[:2] == GZIP_MAGIC:
        inflater = zlib.decompressobj(wbits=16 + zlib.MAX_WBITS)
        chunk = first
        try:
            while chunk:
                data = inflater.decompress(chunk, limit + 1 - size)
                size += len(data)
                parts.append(data)
                if size > limit or inflater.unconsumed_tail:
                    raise _too_large(limit)
                if inflater.eof:
                    break
                chunk = stream.read(BLOCK)
            if not inflater.eof:
                raise BadTransport("bad_gzip", _("El archivo comprimido (gzip) está incompleto."))
        except zlib.error as exc:
            raise BadTransport("bad_gzip", _("El archivo comprimido (gzip) está dañado: %(why)s.") % {"why": exc}) \
                from exc
    else:
        chunk = first
        while chunk:
            size += len(chunk)
            if size > limit:
                raise _too_large(limit)
            parts.append(chunk)
            chunk = stream.read(BLOCK)
    try:
        return b"".join(parts).decode("utf-8")
    except UnicodeDecodeError as exc:
        raise BadTransport("not_utf8", _("El archivo no está en UTF-8 (byte %(at)d).") % {"at": exc.start}) from exc


def control_check(doc) -> None:
    """Refuse a document with a control character (other than tab and line breaks) in any text, escaped or not.

    The same rule :class:`config.middleware.HostileInputMiddleware` applies to
    plain JSON bodies, applied to a compressed file once inflated and parsed.
    Raises :class:`BadTransport` naming the path of the first such text.
    """
    stack: list[tuple[str, object]] = [("", doc)]
    while stack:
        path, value = stack.pop()
        if isinstance(value, dict):
            stack.extend((f"{path}.{k}" if path else str(k), v) for k, v in value.items())
            found = [c for k in value for c in control_characters(str(k))]
        elif isinstance(value, list):
            stack.extend((f"{path}[{i}]", v) for i, v in enumerate(value))
            continue
        elif isinstance(value, str):
            found = control_characters(value, multiline=True)
        else:
            continue
        if found:
            raise BadTransport("control_characters", _(
                "%(path)s: contiene caracteres de control no permitidos (%(chars)s).")
                % {"path": path or "archivo", "chars": ", ".join(describe_control(c) for c in found)})


def players_check(doc: dict, declared: int | None) -> None:
    """Refuse a file with more players than the count its sender declared (the limit was computed from it)."""
    if declared is not None and isinstance(doc.get("players"), list) and len(doc["players"]) > declared:
        raise BadTransport("players_over_declared", _(
            "players: el archivo trae %(n)d jugadores y se declararon %(declared)d (X-Arena-Players).")
            % {"n": len(doc["players"]), "declared": declared})
