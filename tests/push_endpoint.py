"""A push service on this machine, and a browser's keys, for the Web Push tests and benchmark.

:class:`LocalPushService` is an HTTP server in a thread on 127.0.0.1 that
takes what a push service takes (RFC 8030: a POST of the encrypted
notice, with the VAPID ``Authorization``) and answers 201, or the status a
path was given (``/gone/…`` 410 …). :class:`BrowserKeys` is what a
browser keeps when it subscribes: a P-256 key pair and a 16-byte secret;
:meth:`BrowserKeys.decrypt` opens an ``aes128gcm`` body with them
(RFC 8291, ``http_ece``), so a test reads the very text the server sent.
"""
from __future__ import annotations

import base64
import json
import os
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import http_ece
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class BrowserKeys:
    """One browser's push keys: ``p256dh`` and ``auth`` as ``PushSubscription.toJSON()`` gives them."""

    private_key: ec.EllipticCurvePrivateKey = field(default_factory=lambda: ec.generate_private_key(ec.SECP256R1()))
    secret: bytes = field(default_factory=lambda: os.urandom(16))

    @property
    def p256dh(self) -> str:
        return b64url(self.private_key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint))

    @property
    def auth(self) -> str:
        return b64url(self.secret)

    def decrypt(self, body: bytes) -> dict:
        """The notice's JSON, decrypted as the browser does (``aes128gcm``: salt and sender key in the header)."""
        plain = http_ece.decrypt(body, private_key=self.private_key, auth_secret=self.secret, version="aes128gcm")
        return json.loads(plain.decode("utf-8"))


@dataclass(frozen=True)
class Received:
    path: str
    headers: dict
    body: bytes
    at: float = 0.0  # time.monotonic() when it arrived


def vapid_claims(authorization: str, public_key: str) -> dict:
    """The claims of a ``vapid t=<JWT>, k=<key>`` header, after checking its ES256 signature with ``public_key``.

    Raises ``AssertionError`` when the header names another key or the
    signature does not verify.
    """
    assert authorization.startswith("vapid "), authorization
    parts = dict(item.strip().split("=", 1) for item in authorization[len("vapid "):].split(","))
    assert parts["k"] == public_key
    header, claims, signature = parts["t"].split(".")
    raw = unb64url(signature)
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    key = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64url(public_key))
    try:
        key.verify(der, f"{header}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))
    except InvalidSignature as exc:  # pragma: no cover - the failure is the test's message
        raise AssertionError("the VAPID signature does not verify") from exc
    return json.loads(unb64url(claims))


class LocalPushService:
    """``with LocalPushService() as push:`` — ``push.endpoint("a")`` is a subscription's URL; ``push.received``.

    ``statuses`` maps a path's first segment to the status answered
    (``{"gone": 410}``); anything else gets 201 Created.
    """

    def __init__(self, statuses: dict[str, int] | None = None) -> None:
        self.statuses = dict(statuses or {})
        self.received: list[Received] = []
        self._lock = threading.Lock()
        service = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_POST(self):  # noqa: N802 - the http.server name
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                with service._lock:
                    service.received.append(Received(self.path, {k.lower(): v for k, v in self.headers.items()},
                                                     body, time.monotonic()))
                status = service.statuses.get(self.path.strip("/").split("/")[0], 201)
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}"

    def endpoint(self, name: str) -> str:
        return f"{self.origin}/{name}"

    def wait_for(self, count: int, timeout: float = 30.0) -> list[Received]:
        """The first ``count`` posts, waiting up to ``timeout`` seconds for them."""
        deadline = time.monotonic() + timeout
        while len(self.received) < count and time.monotonic() < deadline:
            time.sleep(0.01)
        return list(self.received)

    def __enter__(self) -> LocalPushService:
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._server.shutdown()
        self._server.server_close()
