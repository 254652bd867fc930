# Every target makes its own virtual environment from pyproject.toml.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
BENCH_STAMP := $(VENV)/.bench-installed
HEADLESS := SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy GPIOZERO_PIN_FACTORY=mock

.PHONY: run demo test lint format soak bench clean install uninstall

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

$(BENCH_STAMP): $(STAMP)
	$(BIN)/pip install --quiet -e '.[dev,bench]'
	touch $(BENCH_STAMP)

run: $(STAMP)
	$(BIN)/uno-table run

demo: $(STAMP)
	$(BIN)/uno-table demo

test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(HEADLESS) $(BIN)/pytest -n 2 -m "not slow"

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: $(STAMP)
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

soak: $(STAMP)
	$(HEADLESS) $(BIN)/pytest -m slow

bench: $(BENCH_STAMP)
	$(HEADLESS) $(BIN)/python -m bench

# On the Pi, as root: the systemd kiosk service (systemd/install.sh; DESTDIR=ROOT stages it).
install:
	DESTDIR="$(DESTDIR)" sh systemd/install.sh install

uninstall:
	DESTDIR="$(DESTDIR)" sh systemd/install.sh uninstall

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .ruff_cache .hypothesis
