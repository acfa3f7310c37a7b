#!/usr/bin/env bash
# Two Arena instances on one machine (issue #18): a venue laptop on SQLite plays an event and publishes it
# with `publish_event` to a national server on PostgreSQL served by gunicorn; both must then show the same
# final standings, podium and league points. Needs PostgreSQL on 127.0.0.1:5432 (user postgres, trust).
set -euo pipefail
cd "$(dirname "$0")/.."
PY=.venv/bin/python
PORT=${TWO_INSTANCES_PORT:-8772}
WORK=$(mktemp -d)
CENTRAL_DB=arena_ci_central
trap 'kill "${SERVER_PID:-}" 2>/dev/null || true; wait 2>/dev/null || true; rm -rf "$WORK"' EXIT

psql -h 127.0.0.1 -U postgres -q -c "DROP DATABASE IF EXISTS $CENTRAL_DB" -c "CREATE DATABASE $CENTRAL_DB"
KEY=$($PY -c 'import secrets; print(secrets.token_urlsafe(50))')
venue() { env DEBUG=0 SECRET_KEY="$KEY" ARENA_HTTPS=0 DATABASE_URL="sqlite:///$WORK/venue.sqlite3" \
  ARENA_PUBLISH_KEY="${PUBLISH_KEY:-}" \
  MEDIA_ROOT="$WORK/venue-media" ARENA_LOG_STREAM=stderr "$PY" manage.py "$@"; }
CENTRAL_ENV=(DEBUG=0 SECRET_KEY="$KEY" ARENA_HTTPS=0 DATABASE_URL="postgres://postgres@127.0.0.1:5432/$CENTRAL_DB"
  MEDIA_ROOT="$WORK/central-media" ARENA_LOG_STREAM=stderr ALLOWED_HOSTS=127.0.0.1,localhost)
central() { env "${CENTRAL_ENV[@]}" "$@"; }

YEAR=$(date +%Y)
SEASON="from leagues import services; from rules.models import Game
services.season_create(game=Game.objects.get(key='weed_monsters'), year=$YEAR)"

echo "== venue (SQLite): migrate, a season, play the example event"
venue migrate --noinput -v0
venue shell --no-imports -c "$SEASON"
venue run_event tests/data/demo_event.csv --seed 2024 --name "Fecha de sede" --quiet-rounds > "$WORK/venue.log"
grep -q "Podio" "$WORK/venue.log"
EVENT_ID=$(venue shell --no-imports -c "from tournaments.models import Event; print(Event.objects.get(name='Fecha de sede').pk)")

echo "== national server (PostgreSQL, gunicorn on 127.0.0.1:$PORT): migrate, the season, the venues, Palermo's organizer"
central "$PY" manage.py migrate --noinput -v0
central "$PY" manage.py shell --no-imports -c "$SEASON"
TOKEN=$(central "$PY" manage.py shell --no-imports -c "
from django.contrib.auth import get_user_model
from rest_framework.authtoken.models import Token
from tournaments.models import Venue
user = get_user_model().objects.create_user('org_palermo', password='x-' + '$KEY'[:20])
import csv
with open('tests/data/demo_event.csv', encoding='utf-8') as rows:  # the national server knows every venue
    for row in csv.DictReader(rows):
        Venue.objects.get_or_create(name=row['sede'], province=row['provincia'])
Venue.objects.get(name='Sede Palermo').organizers.add(user)
print(Token.objects.create(user=user).key)")
# The venue's publish key, issued by the national server and stored on the venue laptop (ARENA_PUBLISH_KEY).
PUBLISH_KEY=$(central "$PY" manage.py venue_publish_key "Sede Palermo" 2>/dev/null)
env "${CENTRAL_ENV[@]}" GUNICORN_BIND="127.0.0.1:$PORT" GUNICORN_WORKERS=2 .venv/bin/gunicorn -c deploy/gunicorn.conf.py \
  config.wsgi > "$WORK/central.log" 2>&1 &
SERVER_PID=$!  # env execs gunicorn: this is the master's pid
for _ in $(seq 1 60); do
  curl -fsS "http://127.0.0.1:$PORT/healthz" > /dev/null 2>&1 && break
  sleep 1
done
curl -fsS "http://127.0.0.1:$PORT/healthz"; echo

echo "== publish from the venue, twice (signed, gzip; the second must update, not duplicate)"
venue publish_event "$EVENT_ID" --to "http://127.0.0.1:$PORT" --token "$TOKEN"
venue publish_event "$EVENT_ID" --to "http://127.0.0.1:$PORT" --token "$TOKEN"
echo "== a file signed with a key the national server did not issue is refused"
if venue publish_event "$EVENT_ID" --to "http://127.0.0.1:$PORT" --token "$TOKEN" --key "otra.clave" \
    > "$WORK/forged.log" 2>&1; then
  echo "FAIL: a file signed with an unknown key was accepted"; exit 1
fi
grep -q "integrity.key_id" "$WORK/forged.log"

SUMMARY="import json
from leagues.models import LedgerEntry
from tournaments.models import Event
from tournaments.selectors import standing_rows
event = Event.objects.get(name='Fecha de sede')
rows = standing_rows(event)
reg = {r.pk: r.player.player_number for r in event.registrations.select_related('player')}
print(json.dumps({
    'events': Event.objects.filter(name='Fecha de sede').count(),
    'state': event.state,
    'standings': [[reg[r.registration_id], r.rank, str(r.match_points)] for r in rows],
    'podium': [reg.get(p) for p in (event.podium_first_id, event.podium_second_id, event.podium_third_id)],
    'league': sorted([e.player.player_number, e.reason, e.scope, e.points]
                     for e in LedgerEntry.objects.filter(event=event).select_related('player')),
}, sort_keys=True))"
venue shell --no-imports -c "$SUMMARY" > "$WORK/venue.json"
central "$PY" manage.py shell --no-imports -c "$SUMMARY" > "$WORK/central.json"
$PY - "$WORK/venue.json" "$WORK/central.json" <<'PY'
import json, sys
venue, central = (json.load(open(path)) for path in sys.argv[1:3])
assert central["events"] == 1, f"the national server holds {central['events']} copies of the event"
assert venue["state"] == central["state"] == "finished", (venue["state"], central["state"])
assert venue["league"], "the venue posted no league points: nothing to compare"
for key in ("standings", "podium", "league"):
    assert venue[key] == central[key], f"{key} differ:\n venue   {venue[key]}\n central {central[key]}"
print(f"OK: {len(venue['standings'])} players, podium {venue['podium']}, {len(venue['league'])} league entries "
      "identical on the venue (SQLite) and the national server (PostgreSQL); published twice, one event.")
PY
