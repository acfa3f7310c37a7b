#!/usr/bin/env bash
# CI (issue #15): a Celery worker killed with SIGKILL mid-render loses no document.
#
# A worker and a beat of their own (PostgreSQL database arena_ci_worker, Redis db 12,
# a queue named after this run, a temporary MEDIA_ROOT) render the documents of a
# round that check_worker_recovery pairs. The test hook ARENA_RENDER_DELAY_SECONDS
# (worker only) makes each render slow enough to be killed in the middle.
#   1. SIGKILL of the pool child mid-render: the message goes back to the queue
#      (acks_late + reject_on_worker_lost) and the new child renders it again.
#   2. SIGKILL of the whole worker mid-render, then a restart: the reaper (beat)
#      re-queues the document whose lease expired and re-sends the queued ones whose
#      messages the dead worker held.
# Each scenario waits for every document to be ready (120 s at most after the kill,
# no manual step) and reads the PDFs back with pypdf. Processes, Redis keys, files
# and the test events are cleaned up on exit. Takes about 3 minutes.
set -euo pipefail
cd "$(dirname "$0")/.."

DB_NAME="${WORKER_KILL_DB:-arena_ci_worker}"
REDIS_DB=12
QUEUE="arena-ci-kill-$$"
MEDIA="$(mktemp -d)"
LOGS="$(mktemp -d)"
DELAY="${WORKER_KILL_RENDER_DELAY:-8}"
# Production-like: DEBUG off, so a private key of this run's own.
SECRET_KEY="${SECRET_KEY:-$(python3 -c 'import secrets; print(secrets.token_urlsafe(50))')}"
run_env=(SECRET_KEY="$SECRET_KEY" DATABASE_URL="postgres://postgres@127.0.0.1:5432/$DB_NAME"
         CELERY_BROKER_URL="redis://127.0.0.1:6379/$REDIS_DB"
         CELERY_TASK_DEFAULT_QUEUE="$QUEUE" MEDIA_ROOT="$MEDIA")
WORKER_PID=""
BEAT_PID=""
EVENT=""

manage() { env "${run_env[@]}" .venv/bin/python manage.py "$@"; }

stop() {  # $1: a pid started here, or empty
  if [ -n "$1" ] && kill -0 "$1" 2>/dev/null; then
    kill -TERM "$1" 2>/dev/null || true
    for _ in $(seq 1 20); do kill -0 "$1" 2>/dev/null || break; sleep 0.5; done
    kill -KILL "$1" 2>/dev/null || true
    wait "$1" 2>/dev/null || true
  fi
}
cleanup() {
  status=$?
  if [ "$status" -ne 0 ]; then
    echo "-- worker log:"; tail -n 60 "$LOGS/worker.log" 2>/dev/null || true
    echo "-- beat log:"; tail -n 20 "$LOGS/beat.log" 2>/dev/null || true
  fi
  stop "$WORKER_PID"
  stop "$BEAT_PID"
  if [ -n "$EVENT" ]; then manage check_worker_recovery cleanup --event "$EVENT" || true; fi
  redis-cli -n "$REDIS_DB" flushdb >/dev/null 2>&1 || true
  rm -rf "$MEDIA" "$LOGS"
  exit "$status"
}
trap cleanup EXIT

start_worker() {
  env "${run_env[@]}" ARENA_RENDER_DELAY_SECONDS="$DELAY" .venv/bin/celery -A config worker \
    --loglevel=INFO --concurrency=1 --hostname "arena-kill-$$-$1@%h" >> "$LOGS/worker.log" 2>&1 &
  WORKER_PID=$!
  # Ready when the worker says so and its pool process exists (a busy machine takes a while).
  for _ in $(seq 1 120); do
    if grep -q "arena-kill-$$-$1@.* ready" "$LOGS/worker.log" && pgrep -P "$WORKER_PID" >/dev/null; then
      return 0
    fi
    kill -0 "$WORKER_PID" 2>/dev/null || { echo "worker $1 exited while starting"; return 1; }
    sleep 0.5
  done
  echo "worker $1 not ready after 60 s"
  return 1
}

# A database of its own, created fresh: nothing left by an earlier run or another checkout.
psql -h 127.0.0.1 -U postgres -qc "DROP DATABASE IF EXISTS $DB_NAME" >/dev/null
psql -h 127.0.0.1 -U postgres -qc "CREATE DATABASE $DB_NAME" >/dev/null
manage migrate --noinput > /dev/null
redis-cli -n "$REDIS_DB" flushdb > /dev/null

start_worker 1
env "${run_env[@]}" .venv/bin/celery -A config beat --loglevel=INFO \
  --schedule "$LOGS/beat-schedule" --pidfile "$LOGS/beat.pid" > "$LOGS/beat.log" 2>&1 &
BEAT_PID=$!

echo "== 1. SIGKILL of the worker's pool child mid-render"
EVENT="$(manage check_worker_recovery start)"
CHILD="$(pgrep -P "$WORKER_PID" | head -n 1 || true)"
[ -n "$CHILD" ] || { echo "no pool child of worker $WORKER_PID"; exit 1; }
# the command sends SIGKILL the moment it sees a render that just started
DOC="$(manage check_worker_recovery wait-rendering --event "$EVENT" --timeout 90 --kill "$CHILD")"
KILLED_AT="$(date +%s.%N)"
echo "document $DOC was rendering: killed pool child $CHILD of worker $WORKER_PID"
manage check_worker_recovery finish --event "$EVENT" --document "$DOC" --since "$KILLED_AT" --timeout 120
EVENT=""

echo "== 2. SIGKILL of the whole worker mid-render, then a restart"
EVENT="$(manage check_worker_recovery start)"
CHILDREN="$(pgrep -P "$WORKER_PID" || true)"
# shellcheck disable=SC2086  # one pid per word
DOC="$(manage check_worker_recovery wait-rendering --event "$EVENT" --timeout 90 --kill "$WORKER_PID" $CHILDREN)"
KILLED_AT="$(date +%s.%N)"
echo "document $DOC was rendering: killed worker $WORKER_PID and its pool $CHILDREN"
{ wait "$WORKER_PID" || true; } 2>/dev/null
WORKER_PID=""
start_worker 2
manage check_worker_recovery finish --event "$EVENT" --document "$DOC" --since "$KILLED_AT" --timeout 120
EVENT=""
echo "OK: killed workers' documents were rendered again with no manual step"
