#!/usr/bin/env bash
# Two nodes (issue #27 point 6): two gunicorn nodes on different ports behind HAProxy (Debian's), sharing
# one PostgreSQL database and one Redis. Judges post on node A, players poll node B; sessions, throttles
# and the page caches' single flights are shared; node A is killed mid-round and the balancer serves on.
# The checks are .ci/two_nodes_check.py. Needs PostgreSQL on 127.0.0.1:5432 and Redis on 127.0.0.1:6379.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=.venv/bin/python
A_PORT=${TWO_NODES_PORT_A:-8791}
B_PORT=${TWO_NODES_PORT_B:-8792}
LB_PORT=${TWO_NODES_PORT_LB:-8790}
DB=arena_ci_nodes
REDIS_DB=12
WORK=$(mktemp -d)

if ! command -v haproxy > /dev/null; then
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q haproxy > "$WORK/apt.log" 2>&1 \
    || { tail -n 20 "$WORK/apt.log"; exit 1; }
fi

stop_all() {
  for pid in ${A_PID:-} ${B_PID:-} ${LB_PID:-}; do kill -- "-$pid" 2>/dev/null || kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  redis-cli -n "$REDIS_DB" flushdb > /dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap stop_all EXIT

psql -h 127.0.0.1 -U postgres -q -c "DROP DATABASE IF EXISTS $DB" -c "CREATE DATABASE $DB"
redis-cli -n "$REDIS_DB" flushdb > /dev/null
KEY=$($PY -c 'import secrets; print(secrets.token_urlsafe(50))')
NODE_ENV=(DEBUG=0 SECRET_KEY="$KEY" ARENA_HTTPS=0 DATABASE_URL="postgres://postgres@127.0.0.1:5432/$DB"
  CACHE_URL="redis://127.0.0.1:6379/$REDIS_DB" MEDIA_ROOT="$WORK/media" ARENA_LOG_STREAM=stderr
  ALLOWED_HOSTS=127.0.0.1,localhost ARENA_LOGIN_RATE=4/min ARENA_API_ANON_RATE= GUNICORN_WORKERS=2
  STATIC_ROOT="$WORK/static")
node() { env "${NODE_ENV[@]}" "$@"; }

echo "== one database: migrate, a 16-player event paired in round 1, a judge"
node "$PY" manage.py migrate --noinput -v0
node "$PY" manage.py collectstatic --noinput -v0
node "$PY" manage.py shell --no-imports -c "
import datetime, json
from django.contrib.auth import get_user_model
from rest_framework.authtoken.models import Token
from rules.models import Game
from tournaments import services
from tournaments.models import Event, Player, Registration, Table, Venue
venue = Venue.objects.create(name='Sede Dos Nodos', province='CABA')
event = Event.objects.create(name='Fecha de dos nodos', game=Game.objects.get(key='weed_monsters'), venue=venue,
                             date=datetime.date.today(), seed=7)
services.registration_open(event=event)
for i in range(16):
    player = Player.objects.create(display_name=f'Jugadora {i:02d}', player_number=f'N-{i:03d}', home_venue=venue)
    Registration.objects.create(event=event, player=player, checked_in=True, draw_order=i)
services.registration_close(event=event)
rnd = services.round_pair_next(event=event)
judge = get_user_model().objects.create_user('jueza-nodos', password='clave-de-la-jueza-1')
event.judges.add(judge)
tables = [{'id': t.pk, 'number': t.table_number, 'version': t.version,
           'players': [seat.registration.player.player_number for seat in t.seat_list]}
          for t in Table.objects.filter(round=rnd, is_bye=False).order_by('table_number')]
json.dump({'event': event.pk, 'event_name': event.name, 'tables': tables, 'judge': judge.username,
           'password': 'clave-de-la-jueza-1', 'token': Token.objects.create(user=judge).key},
          open('$WORK/facts.json', 'w'))
"

start_node() {  # port; prints the process group id (the gunicorn master leads its own session)
  setsid env "${NODE_ENV[@]}" GUNICORN_BIND="127.0.0.1:$1" .venv/bin/gunicorn -c deploy/gunicorn.conf.py \
    config.wsgi > "$WORK/node-$1.log" 2>&1 &
  echo $!
}
A_PID=$(start_node "$A_PORT")
B_PID=$(start_node "$B_PORT")
cat > "$WORK/haproxy.cfg" <<CFG
global
    maxconn 512
defaults
    mode http
    timeout connect 1s
    timeout client 30s
    timeout server 30s
    retries 3
    option redispatch
frontend arena
    bind 127.0.0.1:$LB_PORT
    default_backend nodes
backend nodes
    balance roundrobin
    option httpchk GET /healthz
    server a 127.0.0.1:$A_PORT check inter 500ms fall 1 rise 2
    server b 127.0.0.1:$B_PORT check inter 500ms fall 1 rise 2
CFG
haproxy -f "$WORK/haproxy.cfg" -db > "$WORK/haproxy.log" 2>&1 &
LB_PID=$!
for port in "$A_PORT" "$B_PORT" "$LB_PORT"; do
  up=0
  for _ in $(seq 1 60); do curl -fsS "http://127.0.0.1:$port/healthz" > /dev/null 2>&1 && { up=1; break; }; sleep 1; done
  [ "$up" = 1 ] || { echo "FAIL: nothing answers on $port"; tail -n 30 "$WORK"/*.log; exit 1; }
done
echo "   node A :$A_PORT, node B :$B_PORT, HAProxy :$LB_PORT"

if ! env "${NODE_ENV[@]}" "$PY" .ci/two_nodes_check.py "$WORK/facts.json" "http://127.0.0.1:$A_PORT" \
    "http://127.0.0.1:$B_PORT" "http://127.0.0.1:$LB_PORT" "$A_PID"; then
  echo "-- logs:"; tail -n 20 "$WORK"/node-*.log "$WORK/haproxy.log"; exit 1
fi
A_PID=  # killed by the check

echo "== every table's result stored exactly once"
node "$PY" manage.py shell --no-imports -c "
import json
from django.db.models import Count
from tournaments.models import ResultEntry
facts = json.load(open('$WORK/facts.json'))
ids = [t['id'] for t in facts['tables']]
counts = dict(ResultEntry.objects.filter(table_id__in=ids).values_list('table_id').annotate(n=Count('id')))
assert counts == {i: 1 for i in ids}, counts
print('   %d tables, one entry each' % len(ids))
"
echo "OK: two nodes"
