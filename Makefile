# Spielwerk: `make run` serves the API, `make test` checks the import layers, lints the OpenAPI spec and
# runs the whole suite.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
# npm ci writes node_modules/.package-lock.json: @redocly/cli as package-lock.json pins it
NODE_STAMP := node_modules/.package-lock.json
REDOCLY := REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true node_modules/.bin/redocly

.PHONY: run test test-slow openapi lint-openapi bench clean browser

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(PY) -m service.dev.run

test: $(STAMP) browser lint-openapi
	$(VENV)/bin/lint-imports --no-cache --no-logo
	$(PY) -m pytest

# Debian's chromium + chromedriver for tests/browser (apt-get as root when missing; a no-op
# when installed; when impossible the reason goes to var/browser-unavailable and that test skips)
browser:
	@bash tests/browser/install-browser.sh

test-slow: $(STAMP)
	$(PY) -m pytest -m slow

openapi: $(STAMP)
	$(PY) -m service.api.openapi > openapi/openapi.json

$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund

# the committed spec against Redocly's recommended rules (redocly.yaml): no error, no warning
lint-openapi: $(NODE_STAMP)
	$(REDOCLY) lint --max-problems 1000 openapi/openapi.json

bench: $(STAMP)
	$(PY) bench/bench_api.py

clean:
	rm -rf $(VENV) var .pytest_cache .hypothesis node_modules
