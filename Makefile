# Arena — one command per job. Everything installs into ./.venv.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
PY     := $(BIN)/python
STAMP  := $(VENV)/.installed
DEMO_FILE ?= tests/data/demo_event.csv
DEMO_SEED ?= 2024
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: help install install-prod install-bench venue migrate migrate-demo demo lint test test-unit run serve worker beat bench clean

help:
	@echo "make demo   - instala, migra y juega el evento de ejemplo (24 jugadores) y una temporada corta de Super Liga"
	@echo "make test   - ruff, los contratos de imports (lint-imports) y toda la suite (pytest)"
	@echo "make lint   - sólo ruff y lint-imports"
	@echo "make run    - sirve el sitio en http://$(HOST):$(PORT)/ con datos de demostración"
	@echo "make worker - un worker de Celery (requiere CELERY_BROKER_URL)"
	@echo "make beat   - Celery beat: vuelve a encolar los documentos trabados o fallidos (requiere CELERY_BROKER_URL)"
	@echo "make serve  - servidor de producción (gunicorn, deploy/gunicorn.conf.py); requiere SECRET_KEY"
	@echo "make venue  - la notebook de una sede sin internet: base propia (arena-sede.sqlite3), red local, sin demo"
	@echo "make bench  - benchmarks: emparejamiento, PDF y el sitio bajo carga (PostgreSQL, Redis, wrk, locust)"

$(STAMP): requirements.txt requirements-dev.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements-dev.txt
	touch $(STAMP)

install: $(STAMP)

# Production needs requirements.txt only (make serve/worker/beat); a development install includes it.
PROD_STAMP := $(VENV)/.installed-prod
$(PROD_STAMP): requirements.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	test -f $(STAMP) -a $(STAMP) -nt requirements.txt || $(PY) -m pip install --quiet -r requirements.txt
	touch $(PROD_STAMP)

install-prod: $(PROD_STAMP)

# Development commands turn DEBUG on (settings refuse the development SECRET_KEY otherwise).
DEV := DEBUG=$${DEBUG:-1}
# `make demo` and `make run` use a database of their own (arena-demo.sqlite3), never arena.sqlite3,
# unless DATABASE_URL is set; on their own file the demo commands need no --force.
DEMO_DB_FILE ?= arena-demo.sqlite3
DEMO_ENV := $(DEV) DATABASE_URL=$${DATABASE_URL:-sqlite:///$(CURDIR)/$(DEMO_DB_FILE)}
DEMO_FORCE := $(if $(DATABASE_URL),,--force)
# `make run` serves with DEBUG off (the site's Spanish 404 and 500 pages, not Django's technical ones):
# ARENA_DEMO_SERVER=1 accepts the development key for 127.0.0.1/localhost only, over plain HTTP,
# static files read from static/ (config/settings.py).
DEMO_SERVER_ENV := DEBUG=$${DEBUG:-0} ARENA_DEMO_SERVER=1 DATABASE_URL=$${DATABASE_URL:-sqlite:///$(CURDIR)/$(DEMO_DB_FILE)}

migrate: install
	$(DEV) $(PY) manage.py migrate --noinput

migrate-demo: install
	$(DEMO_ENV) $(PY) manage.py migrate --noinput

demo: migrate-demo
	$(DEMO_ENV) $(PY) manage.py run_event $(DEMO_FILE) --seed $(DEMO_SEED) --replace --demo $(DEMO_FORCE)
	$(DEMO_ENV) $(PY) manage.py demo_season --seed $(DEMO_SEED) $(DEMO_FORCE)

# Style (ruff) and the layer contracts (lint-imports, pyproject.toml) first; any failure stops the target.
lint: install
	$(BIN)/ruff check .
	$(BIN)/lint-imports

test: lint
	$(BIN)/pytest

test-unit: install
	$(BIN)/pytest -m unit

run: migrate-demo
	$(DEMO_ENV) $(PY) manage.py demo_setup --host http://$(HOST):$(PORT) $(DEMO_FORCE)
	$(DEMO_SERVER_ENV) ARENA_PUBLIC_URL=$${ARENA_PUBLIC_URL:-http://$(HOST):$(PORT)} $(PY) manage.py runserver $(HOST):$(PORT)

# A venue laptop for an offline day: the embedded default (SQLite file arena-sede.sqlite3, documents
# rendered on first download), gunicorn on the local network, a private key kept in .venue-secret, the
# database marked as a real installation (no demo data ever). At the end of the day the event goes to
# the national server with publish_event (printed when it starts; docs/operators.md, "Offline venues").
VENUE_DB_FILE ?= arena-sede.sqlite3
VENUE_BIND ?= 0.0.0.0:8000
VENUE_ENV = DEBUG=0 ARENA_HTTPS=0 ALLOWED_HOSTS=$${ALLOWED_HOSTS:-*} \
	DATABASE_URL=$${DATABASE_URL:-sqlite:///$(CURDIR)/$(VENUE_DB_FILE)} SECRET_KEY=$$(cat .venue-secret)
venue: install-prod
	test -s .venue-secret || (umask 077; $(PY) -c 'import secrets; print(secrets.token_urlsafe(50))' > .venue-secret)
	$(VENUE_ENV) $(PY) manage.py migrate --noinput
	$(VENUE_ENV) $(PY) manage.py installation_mark --production
	$(VENUE_ENV) $(PY) manage.py collectstatic --noinput -v0
	@echo "Arena de la sede en http://$(VENUE_BIND)/ (los teléfonos de la red local entran por la IP de esta notebook)."
	@echo "Primer organizador (en otra terminal): DEBUG=1 DATABASE_URL=sqlite:///$(CURDIR)/$(VENUE_DB_FILE) $(PY) manage.py create_organizer"
	@echo "Al terminar el día: DEBUG=1 DATABASE_URL=sqlite:///$(CURDIR)/$(VENUE_DB_FILE) ARENA_PUBLISH_KEY=CLAVE-DE-LA-SEDE $(PY) manage.py publish_event ID --to https://SERVIDOR-NACIONAL --token TOKEN"
	$(VENUE_ENV) GUNICORN_BIND=$(VENUE_BIND) $(BIN)/gunicorn -c deploy/gunicorn.conf.py config.wsgi

# Production web server: no demo data; DEBUG off unless told otherwise.
serve: install-prod
	DEBUG=$${DEBUG:-0} $(PY) manage.py migrate --noinput
	DEBUG=$${DEBUG:-0} $(PY) manage.py installation_mark --production
	DEBUG=$${DEBUG:-0} $(PY) manage.py collectstatic --noinput -v0
	DEBUG=$${DEBUG:-0} $(BIN)/gunicorn -c deploy/gunicorn.conf.py config.wsgi

worker: install-prod
	$(BIN)/celery -A config worker --loglevel=INFO --concurrency=2

# One beat per installation: the documents reaper (tournaments.documents.documents_recover).
beat: install-prod
	$(BIN)/celery -A config beat --loglevel=INFO --schedule $${CELERY_BEAT_SCHEDULE_FILE:-celerybeat-schedule}

BENCH_STAMP := $(VENV)/.installed-bench
$(BENCH_STAMP): $(STAMP) requirements-bench.txt
	$(PY) -m pip install --quiet -r requirements-bench.txt
	bash benchmarks/install-tools.sh
	touch $(BENCH_STAMP)

install-bench: $(BENCH_STAMP)

bench: install-bench
	$(PY) benchmarks/pairing.py
	$(PY) benchmarks/pairing_db.py --players 1024 8192 16384 --rounds 3
	$(PY) benchmarks/pdf.py
	$(PY) benchmarks/web.py --players 1024 8192

clean:
	rm -rf $(VENV) arena.sqlite3 $(DEMO_DB_FILE) media staticfiles .pytest_cache .hypothesis
