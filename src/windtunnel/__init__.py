"""windtunnel: put AI agents and their evals under controlled stress and measure them honestly.

The Python API (the same flows the CLI runs; nothing is printed)::

    import windtunnel

    outcome = windtunnel.run("windtunnel.yaml", seed=1)      # or a mapping, or a Config
    outcome.status, outcome.score, outcome.exit_code
    for cell in outcome.failing_cells():
        print(cell["id"], cell["reproduce"])

    windtunnel.run_contract(...), windtunnel.replay(...), windtunnel.ci(...)   # same shape
    await windtunnel.arun(...)                                                 # async twins
    windtunnel.leak.scan("items.jsonl")                                        # the leakage auditor

Names are imported on first use, so ``import windtunnel`` stays fast.
"""

from __future__ import annotations

from importlib import import_module

from windtunnel._version import __version__

TYPE_CHECKING = False  # not `typing.TYPE_CHECKING`: importing typing costs start-up time
if TYPE_CHECKING:
    from windtunnel import errors, leak
    from windtunnel._api import aci, areplay, arun, arun_contract, ci, replay, run, run_contract
    from windtunnel.config.model import Config
    from windtunnel.flows.events import Collector, Event, Listener
    from windtunnel.flows.leak import LeakOutcome
    from windtunnel.flows.outcome import Outcome
    from windtunnel.report.models import RunReport

_LAZY = {
    "run": "windtunnel._api",
    "run_contract": "windtunnel._api",
    "replay": "windtunnel._api",
    "ci": "windtunnel._api",
    "arun": "windtunnel._api",
    "arun_contract": "windtunnel._api",
    "areplay": "windtunnel._api",
    "aci": "windtunnel._api",
    "Outcome": "windtunnel.flows.outcome",
    "LeakOutcome": "windtunnel.flows.leak",
    "Listener": "windtunnel.flows.events",
    "Event": "windtunnel.flows.events",
    "Collector": "windtunnel.flows.events",
    "Config": "windtunnel.config.model",
    "RunReport": "windtunnel.report.models",
}
_MODULES = ("leak", "errors")

__all__ = [
    "Collector",
    "Config",
    "Event",
    "LeakOutcome",
    "Listener",
    "Outcome",
    "RunReport",
    "__version__",
    "aci",
    "areplay",
    "arun",
    "arun_contract",
    "ci",
    "errors",
    "leak",
    "replay",
    "run",
    "run_contract",
]


def __getattr__(name: str) -> object:
    """Import a public name on first use (PEP 562)."""
    if name in _MODULES:
        return import_module(f"windtunnel.{name}")
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'windtunnel' has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """The public API only: not the helpers of this module, nor the subpackages imported so far."""
    return sorted(__all__)
