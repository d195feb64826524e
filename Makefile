# Two commands: `make demo` and `make test`. Everything lives in .venv.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
DEVSTAMP := $(VENV)/.installed-dev

.PHONY: demo test lint typecheck bench clean venv browser mutation

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# An editable install imports from src/: its bytecode is compiled here, once, so the first command does not
# pay ~1.5 s compiling (and a PYTHONDONTWRITEBYTECODE environment does not pay it on every start).
# pip compiles what it installs from wheels (windtunnel's own wheel included) itself.
$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet -e .
	$(BIN)/python -m compileall -q -j 0 src/windtunnel examples
	touch $@

$(DEVSTAMP): $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	# LlamaIndex's OpenAI model packages pin openai<3 (the dev extra has openai 3): installed without their
	# dependencies so the LlamaIndex tests drive the real package (they work with openai 3).
	$(BIN)/python -m pip install --quiet --no-deps 'llama-index-llms-openai>=0.8' 'llama-index-llms-openai-like>=0.8'
	touch $@

venv: $(DEVSTAMP)

# The demo's openai-SDK variant of the support agent needs the `openai` extra.
$(VENV)/.installed-openai: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[openai]'
	touch $@

demo: $(STAMP) $(VENV)/.installed-openai
	$(BIN)/python -m examples.support_agent.demo

# Debian's chromium for the HTML report's browser tests (Playwright drives it; no browser download).
# Best effort and idempotent: installs only when missing and we are root with apt-get.
browser:
	@if [ ! -x /usr/bin/chromium ]; then \
	  if [ "$$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "installing chromium for the browser tests"; \
	    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium) \
	      || echo "warning: could not install chromium; the browser tests will fail"; \
	  else \
	    echo "warning: /usr/bin/chromium is missing; install Debian's chromium (as root: make browser)"; \
	  fi; \
	fi

test: $(DEVSTAMP) browser
	$(BIN)/ruff check src tests
	$(BIN)/ruff format --check src tests
	$(BIN)/mypy
	$(BIN)/python -m pytest -q -p no:cacheprovider -n 2

lint: $(DEVSTAMP)
	$(BIN)/ruff check src tests benchmarks examples
	$(BIN)/mypy

# Mutation testing of the verdict modules, each against its own tests (a few minutes; see docs/dev/).
mutation: $(DEVSTAMP)
	$(BIN)/python scripts/mutation.py

# The benchmarks drive the real SDKs and Playwright: the dev extra (installed if missing, e.g. after `make demo`).
bench: $(DEVSTAMP)
	$(BIN)/python -m benchmarks

clean:
	rm -rf $(VENV) .windtunnel build dist
