# Cardroom: `make run` serves the demo club; `make test` runs the whole suite.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
HOST ?= 127.0.0.1
PORT ?= 8000
RUN_ENV := DEBUG=True
# Links in the console's emails (invitations, resets) point at the server `make run` starts.
SERVE_ENV := $(RUN_ENV) CARDROOM_MAIL_URL_FALLBACK=http://$(HOST):$(PORT)
# The suite runs on every core (pytest-xdist); PYTEST_WORKERS=0 runs it in one process.
PYTEST_WORKERS ?= auto

.PHONY: run test worker install install-dev migrate demo clean bench

$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)

$(VENV)/.installed: requirements.txt | $(VENV)/bin/python
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements.txt
	touch $@

$(VENV)/.installed-dev: requirements-dev.txt $(VENV)/.installed
	$(PY) -m pip install --quiet -r requirements-dev.txt
	touch $@

install: $(VENV)/.installed
install-dev: $(VENV)/.installed-dev

migrate: install
	$(RUN_ENV) $(PY) manage.py migrate --noinput

demo: migrate
	$(RUN_ENV) $(PY) manage.py load_demo

run: demo
	@echo ""
	@echo "Cardroom is starting on http://$(HOST):$(PORT)/"
	@echo "Log in as the demo director: director / cardroom-demo  (also: scorer, player; same password)"
	@echo ""
	@if [ -n "$$REDIS_URL" ]; then \
		echo "REDIS_URL is set: starting a Celery worker beside the server"; \
		$(SERVE_ENV) $(VENV)/bin/celery -A cardroom worker -B --loglevel=info --concurrency=2 & \
		worker=$$!; trap "kill $$worker 2>/dev/null" EXIT INT TERM; \
		$(SERVE_ENV) $(PY) manage.py runserver $(HOST):$(PORT); \
	else \
		$(SERVE_ENV) $(PY) manage.py runserver $(HOST):$(PORT); \
	fi

worker: install
	$(RUN_ENV) $(VENV)/bin/celery -A cardroom worker -B --loglevel=info

test: install-dev
	$(PY) -m pytest -n $(PYTEST_WORKERS) $(PYTEST_ARGS)

clean:
	rm -rf $(VENV) var/*.sqlite3* var/staticfiles

# Every benchmark in its quick mode (a few minutes), then one table of the figures beside their
# targets and floors: bench/results/summary.json (BENCH_SKIP=evening,prints leaves some out).
bench: install
	$(RUN_ENV) $(PY) bench/summary.py
