# The two set-up commands are `make demo` and `make test`; each builds or reuses .venv first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
SYSTEM_PACKAGES := redis-server:redis-server Xvfb:xvfb xauth:xauth systemd-analyze:systemd espeak-ng:espeak-ng fusermount3:fuse3 py.pyfuse3:python3-pyfuse3 chromium:chromium chromedriver:chromium-driver zbarimg:zbar-tools sox:sox lib.libportaudio.so.2:libportaudio2
# The languages' catalogues: each .po compiled to the .mo gettext reads (make i18n updates the .po).
PO := $(wildcard companion/locale/*/LC_MESSAGES/companion.po)
MO := $(PO:.po=.mo)

.PHONY: demo test check lint typecheck pytest bench soak clean system-deps screenshots install-pi i18n

$(BIN)/python:
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Python 3.11 or newer is needed (found " + sys.version.split()[0] + ")")'
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	@touch $(STAMP)

system-deps:
	@scripts/system-deps.sh $(SYSTEM_PACKAGES)

%.mo: %.po $(STAMP)
	$(BIN)/pybabel compile --use-fuzzy -D companion -i $< -o $@ >/dev/null

# The ui's marks and the engine's templates (companion/engine/says.py); the same as i18n.KEYWORDS.
BABEL_KEYWORDS := -k _ -k N_ -k ngettext:1,2 -k Refusal:2 -k of:2 -k say -k sentence -k Requirement:1 -k AskRule:3

## Languages: extract every marked sentence and update the catalogues (then translate the new ones).
i18n: $(STAMP)
	$(BIN)/pybabel extract -F babel.cfg $(BABEL_KEYWORDS) --no-location --sort-output --project companion -w 100 -o companion/locale/companion.pot .
	$(BIN)/pybabel update -i companion/locale/companion.pot -d companion/locale -D companion --no-fuzzy-matching -w 100

## Run the companion: the seeded demo game in a window (the table, the simulated dice tower, the
## virtual LED panel); with no display, the same game narrated in the terminal.
demo: $(STAMP) system-deps $(MO)
	$(BIN)/companion demo --or-headless --tower --panel

## Run everything CI runs: lint, types, and the whole test suite.
test: $(STAMP) system-deps $(MO) check pytest

check: lint typecheck

lint: $(STAMP)
	$(BIN)/ruff check companion hardware firmware_bridge tests bench scripts
	$(BIN)/ruff format --check companion hardware firmware_bridge tests bench scripts

typecheck: $(STAMP)
	$(BIN)/mypy

pytest: $(STAMP)
	$(BIN)/python -m pytest -q

## Benchmarks: write docs/performance.md with figures measured on this machine.
bench: $(STAMP)
	$(BIN)/python -m bench

## Reliability: 200 power cuts (on a FUSE file system that forgets unsynced writes) on SQLite and on Redis, then a 10,000-command table; writes docs/reliability.md.
soak: $(STAMP) system-deps
	$(BIN)/python -m bench.soak --trials 200 --commands 10000

## Set up this Raspberry Pi as a table companion (as root; see docs/pi.md).
install-pi:
	scripts/install-pi.sh

## Screenshots of every screen, through a real X server (Xvfb), into docs/screenshots/.
screenshots: $(STAMP) system-deps
	xvfb-run -a -s "-screen 0 1280x800x24" $(BIN)/python scripts/screenshots.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
