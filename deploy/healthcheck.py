"""Exit 0 when ``/healthz`` answers 200, 1 otherwise: the Compose and Docker health check.

Probes ``http://127.0.0.1:<port>/healthz`` (the port of ``GUNICORN_BIND``,
8000 by default) with the first of ``ALLOWED_HOSTS`` as ``Host``, so the
probe passes Django's host check. Standard library only.
"""
from __future__ import annotations

import os
import sys
import urllib.error
import urllib.request


def main() -> int:
    port = os.environ.get("GUNICORN_BIND", "127.0.0.1:8000").rsplit(":", 1)[-1]
    first_host = os.environ.get("ALLOWED_HOSTS", "localhost").split(",")[0].strip().lstrip(".")
    host = "localhost" if first_host in ("", "*") else first_host
    request = urllib.request.Request(f"http://127.0.0.1:{port}/healthz", headers={"Host": host})
    try:
        with urllib.request.urlopen(request, timeout=5) as response:  # noqa: S310 - a fixed local http URL
            body = response.read().decode()
            status = response.status
    except urllib.error.HTTPError as error:
        body, status = error.read().decode(errors="replace"), error.code
    except OSError as error:
        print(f"healthz: {error}", file=sys.stderr)
        return 1
    print(body)
    return 0 if status == 200 else 1


if __name__ == "__main__":
    sys.exit(main())
