"""Fixtures for the viewer's tests: a run store filled by REAL runs of the bundled example (in this process), a server,
a browser."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from examples.support_agent import agent, tools

from tests.clirun import wt
from tests.conftest import SUPPORT_AGENT_ENV
from windtunnel.reports.sample import CHROMIUM as _CHROMIUM
from windtunnel.reports.sample import CHROMIUM_ARGS

REPO = Path(__file__).resolve().parents[2]
CONFIG = "examples/support_agent/windtunnel.yaml"
CHROMIUM = Path(_CHROMIUM)


def example_env(store: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in SUPPORT_AGENT_ENV}
    env["WINDTUNNEL_STORE"] = str(store)
    env["PYTHONPATH"] = str(REPO)
    return env


def windtunnel(store: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    """``python -m windtunnel ARGS`` from the repository root, writing runs into ``store``."""
    proc = subprocess.run(
        [sys.executable, "-m", "windtunnel", *args],
        cwd=REPO,
        env=example_env(store),
        capture_output=True,
        text=True,
        timeout=300,
    )
    if check and proc.returncode not in (0, 1):
        raise AssertionError(f"windtunnel {' '.join(args)} exited {proc.returncode}:\n{proc.stderr}")
    return proc


def in_process(store: Path, *args: str) -> None:
    """``windtunnel ARGS`` in this process, as :func:`windtunnel` runs it in a child (from the repository root,
    writing runs into ``store``, the bundled agent's routing environment cleared and its state reset first, as a
    fresh process starts it): the store's runs are what is shown, not how the process that made them started."""
    with pytest.MonkeyPatch.context() as mp:
        mp.chdir(REPO)
        mp.setenv("WINDTUNNEL_STORE", str(store))
        for name in SUPPORT_AGENT_ENV:
            mp.delenv(name, raising=False)
        agent.reset()
        tools.CALLS.clear()
        try:
            code = wt(*args)
        finally:
            agent.reset()
            tools.CALLS.clear()
    if code not in (0, 1):
        raise AssertionError(f"windtunnel {' '.join(args)} exited {code}")


def run_json(store: Path, out: Path, *args: str) -> dict[str, Any]:
    in_process(store, *args, "-q", "-f", "json", "-o", str(out))
    report: dict[str, Any] = json.loads(out.read_text())
    return report


class ExampleStore:
    """The store and the reports of the runs that filled it."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.path = root / "runs.db"
        self.strict_config = root / "strict.yaml"
        config = yaml.safe_load((REPO / CONFIG).read_text())
        for inv in config["invariants"]:  # "today's" agent config: order ids in answers now fail
            if inv["type"] == "excludes_pattern":
                inv["patterns"].append("ORD-1000[23]")
        self.strict_config.write_text(yaml.safe_dump(config))
        self.runs = [
            run_json(self.path, root / f"run{s}.json", "run", "-c", CONFIG, "--seed", str(s)) for s in (1, 2, 3)
        ]
        self.contract = run_json(self.path, root / "contract.json", "contract", "run", "-c", CONFIG, "--seed", "1")
        self.strict = run_json(self.path, root / "strict.json", "run", "-c", str(self.strict_config), "--seed", "3")
        # last: a ci run, stored as one run plus one run per phase (<id>-mutation, -chaos, -contract, -replay)
        in_process(self.path, "ci", "-c", CONFIG, "--seed", "1", "-q", "-o", str(root / "ci"))
        self.ci: dict[str, Any] = json.loads((root / "ci" / "summary.json").read_text())
        self.ci_phases = [f"{self.ci['run']['id']}-{phase}" for phase in self.ci["summary"]["phases"]]

    @property
    def all_reports(self) -> list[dict[str, Any]]:
        """The reports of the runs started directly (the ci run's phases are stored as runs too)."""
        return [*self.runs, self.contract, self.strict, self.ci]


@pytest.fixture(scope="session")
def example_store(tmp_path_factory: pytest.TempPathFactory) -> ExampleStore:
    return ExampleStore(tmp_path_factory.mktemp("view-store"))


@pytest.fixture(scope="module")
def viewer(example_store: ExampleStore) -> Iterator[Any]:
    from windtunnel.view.server import serve_in_thread

    with serve_in_thread(example_store.path, audits=example_store.root / "audits") as server:
        yield server


@pytest.fixture(scope="module")  # not session: a live sync Playwright loop breaks later anyio.run calls
def browser() -> Any:
    """Debian's Chromium driven by Playwright (never a downloaded browser)."""
    if not CHROMIUM.exists():
        pytest.fail(f"Chromium is not installed at {CHROMIUM}: run `make browser` (as root) to install it")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.fail("playwright is not installed: run `make venv` (it is in the dev extra)")
    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


class Page:
    """A page plus what went wrong while it ran (script errors, requests that left the viewer)."""

    def __init__(self, page: Any, base: str) -> None:
        self.page = page
        self.base = base.rstrip("/")
        self.errors: list[str] = []
        self.requests: list[str] = []
        page.on("pageerror", lambda err: self.errors.append(str(err)))
        page.on("request", lambda req: self.requests.append(req.url))

    def goto(self, path: str) -> Any:
        self.page.goto(self.base + path)
        return self.page

    def foreign_requests(self) -> list[str]:
        return [u for u in self.requests if not u.startswith(self.base) and not u.startswith("data:")]


@pytest.fixture
def open_page(browser: Any) -> Iterator[Any]:
    contexts: list[Any] = []

    def opener(base: str, *, width: int = 1200, height: int = 900) -> Page:
        context = browser.new_context(viewport={"width": width, "height": height})
        contexts.append(context)
        return Page(context.new_page(), base)

    yield opener
    for context in contexts:
        context.close()
