# Two commands for a fresh machine: `make run` and `make test`. `make run` goes through `make setup`,
# which does nothing when the environment, catalogues and database are up to date; `make test`
# through its environment and catalogues (the tests make their own databases).
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
INSTALLED := $(VENV)/.installed
# One stamp per database, so switching DATABASE_URL (SQLite ↔ PostgreSQL) sets each one up.
DB_STAMP := $(VENV)/.db-$(shell printf '%s' "$$DATABASE_URL" | md5sum | cut -c1-12)
CONTENT := $(shell find rulebook/content -type f 2>/dev/null)
MIGRATIONS := $(shell find rulebook/migrations tutorial -name '*.py' 2>/dev/null)
PO := $(wildcard locale/*/LC_MESSAGES/django.po)
MO := $(PO:.po=.mo)

.PHONY: setup run serve serve-proxy test test-fast lint format bench bench-load check-content messages

setup: $(INSTALLED) $(MO) $(DB_STAMP)

$(INSTALLED): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --upgrade pip
	$(VENV)/bin/pip install --quiet -e '.[test,lint]'
	touch $@

# Catalogues are compiled with Babel: no GNU gettext needed.
locale/%/LC_MESSAGES/django.mo: locale/%/LC_MESSAGES/django.po $(INSTALLED)
	$(VENV)/bin/pybabel compile --statistics -i $< -o $@

$(DB_STAMP): $(INSTALLED) $(CONTENT) $(MIGRATIONS)
	$(PY) manage.py migrate --noinput
	$(PY) manage.py load_content
	touch $@

run: setup
	$(PY) manage.py runserver 127.0.0.1:8000

# Production mode: gunicorn (config/gunicorn.py: workers by CPU count), static files collected
# and served by WhiteNoise. Needs SECRET_KEY and ALLOWED_HOSTS; BIND=host:port (127.0.0.1:8000).
# On plain HTTP without a proxy (loopback), also SECURE_SSL_REDIRECT=0.
serve: setup
	DEBUG=0 $(PY) manage.py collectstatic --noinput -v 0
	DEBUG=0 $(PY) manage.py error_pages -v 0
	DEBUG=0 $(PY) manage.py check --deploy --fail-level WARNING
	DEBUG=0 $(VENV)/bin/gunicorn config.wsgi --config config/gunicorn.py

# The production stack on loopback (deploy/proxy.py): nginx on PROXY_BIND (127.0.0.1:8080) in front
# of gunicorn on BIND (127.0.0.1:8001), Redis as the cache (CACHE_URL, or a private redis-server with
# maxmemory and allkeys-lru). Needs nginx (Debian: nginx libnginx-mod-http-brotli-filter
# libnginx-mod-http-brotli-static) and SECRET_KEY; builds, checks (--fail-level WARNING), serves.
serve-proxy: setup
	$(PY) -m deploy.proxy

# One pytest worker per CPU (pytest-xdist), a few tests at a time each, in the suite's order (the
# slow ones first: tests/conftest.py); tests marked with one xdist_group run on one worker, so
# that they share a module's set-up (--dist loadgroup). The whole suite, browser tests included.
# The same set-up as `make run` first (README's promise); the tests make their own databases.
# The tests' production servers (the two-server and proxy tests) collect the static files with
# brotli at quality 5: ten times faster than production's 11, and no test depends on it.
test: export STATIC_BROTLI_QUALITY ?= 5
test: setup
	$(PY) -m pytest -n auto --dist loadgroup --no-loadscope-reorder

# The quick loop while working: every test not marked slow (no browser, no production servers, no
# fuzz, no page sweeps); under 2 minutes on 2 CPUs. `make test` still runs everything.
test-fast: $(INSTALLED) $(MO)
	$(PY) -m pytest -n auto --dist loadgroup --no-loadscope-reorder -m "not slow"

# Lint: ruff (rules and formatting), mypy (types, with django-stubs), and no model change without
# its migration. CI runs it before the tests.
lint: $(INSTALLED)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy
	$(PY) manage.py makemigrations --check --dry-run

format: $(INSTALLED)
	$(VENV)/bin/ruff check --fix .
	$(VENV)/bin/ruff format .

bench: setup
	-$(PY) bench/engine.py  # prints SOME TARGETS MISSED and exits 1 if a median is over target
	-$(PY) bench/board.py  # the whole answer for one player on a 22-player board (target 15 ms)
	-$(PY) bench/odds.py  # a whole turn's odds: 10 steps, 3 players, 2 team re-rolls (target 20 ms)
	-$(PY) bench/render.py  # pages no page cache has seen; the odds page on new sequences (target 100 ms)
	-$(PY) bench/search_cold.py  # the first search of each worker after an admin save (target 300 ms)
	$(PY) bench/search.py

# 60 s at 16 connections against the production server on loopback (bench/load.py).
bench-load: setup
	$(PY) bench/load.py

check-content: $(INSTALLED)
	$(PY) manage.py load_content --check

# Developers only (needs GNU gettext): refresh the .po files from the templates and code.
messages: $(INSTALLED)
	$(PY) manage.py makemessages --no-obsolete -l es -l it -l fr --ignore=.venv --ignore=staticfiles
