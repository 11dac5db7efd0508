PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
BIN := $(VENV)/bin

.PHONY: run check test lint install messages demo bench load clean

# Another port when 8000 is taken: make run PORT=8001. The phones at the table reach every
# address of this machine; make run HOST=127.0.0.1 keeps it to this computer.
PORT ?= 8000
HOST ?= 0.0.0.0

$(VENV)/.installed: requirements.txt requirements-dev.txt
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11) and "Python 3.11 or newer is needed" or 0)'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	touch $@

install: $(VENV)/.installed

# The translations are kept as text; Django reads them compiled.
messages: install
	$(PY) manage.py compile_catalogs

# Served by uvicorn, an ASGI server: a followed page's stream of versions needs one (Django's
# runserver would hold it back); under ASGI Django keeps no database connection between requests.
# Open streams are cut 3 s after Ctrl-C; the pages open them again on the next server. The links
# and codes it hands out name the address the phones open, even on a page opened as 127.0.0.1.
run: messages
	$(PY) manage.py migrate --noinput
	@echo ""
	@$(PY) manage.py table_address --host $(HOST) --port $(PORT)
	@echo "  Create the first account with 'Sign up'"
	@echo "  (or on the command line: $(PY) manage.py createsuperuser)."
	@echo "  Optional: '$(PY) manage.py demo' fills the database with a demo group."
	@echo ""
	DJANGO_TABLE_ADDRESS="$$($(PY) manage.py table_address --host $(HOST) --port $(PORT) --url)" \
	DJANGO_CONN_MAX_AGE=0 $(BIN)/uvicorn cardtable.asgi:application --host $(HOST) --port $(PORT) \
		--no-access-log --timeout-graceful-shutdown 3

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

# Before each commit, in a few minutes: lint, the rules' types, and every test but the browser
# tests, the benchmarks, the replays of past migrations and the tests that start real servers,
# spread over the machine's cores.
check: lint messages
	$(PY) manage.py makemigrations --check --dry-run
	$(BIN)/mypy
	$(BIN)/pytest -n auto -m "not browser and not slow and not migration and not servers"

# The whole suite: the tests without a browser spread over the cores, then the browser tests one
# at a time (each drives its own Chromium against a live server).
test: lint messages
	$(PY) manage.py makemigrations --check --dry-run
	$(BIN)/mypy
	$(BIN)/pytest -n auto -m "not browser"
	$(BIN)/pytest -m browser

demo: messages
	$(PY) manage.py migrate --noinput
	$(PY) manage.py demo

# Throughput of the pages and saves under gunicorn, in a throwaway database (docs/performance.md).
bench: install
	$(PY) -m bench --seconds 10

# How many tables one box holds: locust ramps tables of phones up (docs/performance.md). Locust
# lives in its own environment, never in the app's requirements.
LOAD_VENV := .venv-load
$(LOAD_VENV)/.installed: requirements.txt bench/requirements.txt
	$(PYTHON) -m venv $(LOAD_VENV)
	$(LOAD_VENV)/bin/pip install --quiet --disable-pip-version-check \
		-r requirements.txt -r bench/requirements.txt
	touch $@

# Options: make load LOAD="--steps 100,200 --seconds 60 --database-url postgres://..."
load: messages $(LOAD_VENV)/.installed
	$(LOAD_VENV)/bin/python -m bench.ramp $(LOAD)

clean:
	rm -rf $(VENV) $(LOAD_VENV) staticfiles .pytest_cache .ruff_cache .hypothesis
