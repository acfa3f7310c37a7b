"""Publishing a big event through ``POST /api/events/import/``, gzip-compressed (issue #26 point 4).

Creates a throw-away test database (SQLite by default, PostgreSQL with
``DATABASE_URL=postgres://…``), generates a signed event file of N players
and R closed Swiss rounds (:func:`tests.tournaments.exchange_helpers.big_document`),
and posts it compressed, with ``X-Arena-Players``, as ``publish_event`` does.
Prints the file's size plain and compressed, its limit, the answer and the
seconds. The suite publishes 1,024 players × 12 rounds
(tests/tournaments/test_exchange_transport.py); this runs the 8,192 case.

    DEBUG=1 .venv/bin/python benchmarks/exchange_big_event.py --players 8192 --rounds 12
"""
from __future__ import annotations

import argparse
import gzip
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.db import connection  # noqa: E402
from django.test.utils import setup_test_environment  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=8192)
    parser.add_argument("--rounds", type=int, default=12)
    args = parser.parse_args()
    setup_test_environment()
    settings.ALLOWED_HOSTS = ["*"]
    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    try:
        run(args.players, args.rounds)
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


def run(players: int, rounds: int) -> None:
    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token
    from rest_framework.test import APIClient

    from tests.tournaments.exchange_helpers import big_document, signed, venue_key
    from tournaments.exchange import fileformat, transport
    from tournaments.models import Venue

    venue = Venue.objects.create(name="Sede Benchmark", province="CABA")
    venue_key(venue)
    root = get_user_model().objects.create_superuser("bench", password="x")
    text = fileformat.dumps(signed(big_document(players, rounds, venue=venue, game_key="weed_monsters"))).encode()
    body = gzip.compress(text, compresslevel=6)
    print(f"{players} players × {rounds} rounds: {len(text) / 1e6:.1f} MB plain, {len(body) / 1e6:.1f} MB gzip, "
          f"limit {transport.max_bytes(players) / 1e6:.1f} MB")
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=root).key}")
    started = time.monotonic()
    response = client.post("/api/events/import/", data=body, content_type="application/json",
                           HTTP_CONTENT_ENCODING="gzip", HTTP_X_ARENA_PLAYERS=str(players))
    print(f"answer {response.status_code} in {time.monotonic() - started:.1f} s: {response.json().get('detail')}")


if __name__ == "__main__":
    main()
