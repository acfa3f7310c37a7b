#!/usr/bin/env bash
# Schemathesis against /api/schema/ on a live server over PostgreSQL (issue #15, item 6).
#
# Creates its own database (arena_ci_schema), migrates, seeds a small world
# (.ci/schemathesis_seed.py prints the tokens), serves it with gunicorn on
# 127.0.0.1:8766 and runs schemathesis three times: anonymous, as a judge and
# as an organizer (tokens). Bounded: few examples per operation and a time
# budget per run. Checks: no server error, status codes, content types and
# response bodies as the schema says. Exits non-zero on any failure; the server
# is stopped on exit. Needs PostgreSQL on 127.0.0.1:5432 and the .venv.
#
#   SCHEMATHESIS_MAX_EXAMPLES (default 8)   SCHEMATHESIS_MAX_TIME (seconds per run, default 50)
set -euo pipefail
cd "$(dirname "$0")/.."

PORT=8766
DB=arena_ci_schema
BASE="http://127.0.0.1:${PORT}"
MAX_EXAMPLES="${SCHEMATHESIS_MAX_EXAMPLES:-8}"
MAX_TIME="${SCHEMATHESIS_MAX_TIME:-50}"
WORK="$(mktemp -d)"
export DATABASE_URL="postgres://postgres@127.0.0.1:5432/${DB}"
export SECRET_KEY="schemathesis-run-only-$(head -c 48 /dev/urandom | od -An -tx1 | tr -d ' \n')"
export DEBUG=0 ARENA_HTTPS=0 ALLOWED_HOSTS=127.0.0.1,localhost MEDIA_ROOT="$WORK/media"
# The throttles are tested in pytest; here the API itself is under test.
export ARENA_API_ANON_RATE=100000/min ARENA_LOGIN_RATE=100000/min
unset CACHE_URL REDIS_URL CELERY_BROKER_URL || true

stop_server() {
  if [ -n "${SERVER_PID:-}" ]; then
    kill "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
  fi
  rm -rf "$WORK"
}
trap stop_server EXIT

echo "== schemathesis: database ${DB}"
psql -h 127.0.0.1 -U postgres -q -c "DROP DATABASE IF EXISTS ${DB}" >/dev/null
psql -h 127.0.0.1 -U postgres -q -c "CREATE DATABASE ${DB}" >/dev/null
.venv/bin/python manage.py migrate --noinput >/dev/null
.venv/bin/python .ci/schemathesis_seed.py > "$WORK/seed.env"
# shellcheck disable=SC1091
. "$WORK/seed.env"

echo "== schemathesis: gunicorn on ${BASE}"
GUNICORN_BIND="127.0.0.1:${PORT}" GUNICORN_WORKERS=2 GUNICORN_THREADS=2 GUNICORN_TIMEOUT=60 \
  .venv/bin/gunicorn -c deploy/gunicorn.conf.py config.wsgi > "$WORK/server.log" 2>&1 &
SERVER_PID=$!
for _ in $(seq 1 60); do
  curl -fsS -o /dev/null "${BASE}/api/schema/" 2>/dev/null && break
  sleep 0.5
done
curl -fsS -o /dev/null "${BASE}/api/schema/"

status=0
# One worker: with two, Hypothesis' lambda-source parsing raced ("AST constructor recursion
# depth mismatch") inside schemathesis itself, a tool error rather than an API finding.
run() {
  local who="$1"
  shift
  echo "== schemathesis as ${who}"
  if ! .venv/bin/schemathesis run "${BASE}/api/schema/" \
      --checks not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance \
      --max-examples "$MAX_EXAMPLES" --max-time "$MAX_TIME" --phases examples,coverage,fuzzing \
      --request-timeout 20 --workers 1 --seed 15 --warnings off "$@"; then
    status=1
  fi
}
run anonymous
run "judge (token)" -H "Authorization: Token ${JUDGE_TOKEN}"
run "organizer (token)" -H "Authorization: Token ${ORGANIZER_TOKEN}"

if [ "$status" -ne 0 ]; then
  echo "== schemathesis found failures; server log:"
  tail -n 60 "$WORK/server.log"
fi
exit "$status"
