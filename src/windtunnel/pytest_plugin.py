"""The pytest plugin (entry point ``pytest11``): assert an agent's robustness inside an existing test suite.

* ``@pytest.mark.windtunnel(config="windtunnel.yaml", min_score=90)`` runs the config (``kind="contract"``
  or ``"replay"`` runs those) for the test and fails it, after the test body, unless the run passed; the
  failure lists the failing cells with their ``reproduce`` commands and the report path. An unknown
  option is a usage error at collection, before anything runs.
* the ``windtunnel`` fixture: ``windtunnel.outcome`` (the marker's run), ``windtunnel.run(...)`` /
  ``run_contract`` / ``replay`` (the Python API with a per-test store and JSON report), and
  ``windtunnel.check(outcome)`` to fail the test the same way.
* the ``windtunnel_agent`` fixture tests an in-process agent object without a YAML file.

Each test gets its own run store and report under its ``tmp_path``, so ``-x``, ``-k`` and xdist workers
behave as for any other test. See docs/pytest.md.
"""

from __future__ import annotations

import itertools
import sys
import types
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

import windtunnel as api
from windtunnel._util.suggest import did_you_mean
from windtunnel.errors import WindtunnelError

if TYPE_CHECKING:
    from windtunnel.flows.outcome import Outcome

KINDS = ("run", "contract", "replay")
SHOWN_CELLS = 10
_OUTCOME = pytest.StashKey["Outcome"]()
_OBJECTS = "_windtunnel_pytest_objects"
_counter = itertools.count()


def pytest_configure(config: pytest.Config) -> None:
    """Register the ``windtunnel`` marker (``--strict-markers`` knows it)."""
    config.addinivalue_line(
        "markers",
        "windtunnel(config, *, kind='run', min_score=None, **options): run a windtunnel config for this test "
        "and fail it unless the run passes (options: those of windtunnel.run / run_contract / replay)",
    )


def _options_for(kind: str) -> list[str]:
    """The options a ``windtunnel`` marker of ``kind`` accepts: the keyword arguments of the API function."""
    # start-up: pytest loads this plugin in every session; the flows (engine, anyio) only for a marked test
    from windtunnel.flows import contract, replay, run

    if kind == "contract":
        return contract.ContractRequest.option_names()
    return replay.ReplayRequest.option_names() if kind == "replay" else run.RunRequest.option_names()


def _marker_problem(mark: pytest.Mark) -> str | None:
    """Why a ``windtunnel`` marker cannot run (None when it can)."""
    if len(mark.args) > 1:
        return "takes one positional argument (the config path)"
    kwargs = dict(mark.kwargs)
    if mark.args and "config" in kwargs:
        return "got the config twice (positionally and as config=)"
    kind = kwargs.pop("kind", "run")
    if kind not in KINDS:
        return f"kind={kind!r} is not one of {', '.join(KINDS)}"
    kwargs.pop("config", None)
    valid = _options_for(kind)
    for name in kwargs:
        if name not in valid:
            return (
                f"got an unknown option {name!r}{did_you_mean(name, valid)}; "
                f"valid options for kind={kind!r}: config, kind, {', '.join(valid)}"
            )
    return None


def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config, items: list[pytest.Item]) -> None:
    """Check every ``windtunnel`` marker before anything runs: a mistake is a usage error, not a crash mid-run."""
    for item in items:
        for mark in item.iter_markers("windtunnel"):
            problem = _marker_problem(mark)
            if problem is not None:
                raise pytest.UsageError(f"{item.nodeid}: @pytest.mark.windtunnel {problem}")
        names = getattr(item, "fixturenames", None)
        if item.get_closest_marker("windtunnel") is not None and names is not None and "windtunnel" not in names:
            names.append("windtunnel")  # a marked test gets the fixture (its store and report dir) unasked


def _resolve(config: Any, item: pytest.Item) -> Any:
    """A relative config path: beside the test file, else under the rootdir, else as given."""
    if not isinstance(config, str | Path) or Path(config).is_absolute():
        return config
    for base in (item.path.parent, item.config.rootpath):
        if (base / config).exists():
            return base / config
    return config


def explain(outcome: Outcome, label: str) -> str:
    """The failure text: verdict, reasons, the failing cells with their reproduce commands, the report."""
    score = "n/a" if outcome.score is None else f"{outcome.score:.1f}"
    lines = [f"windtunnel {label}: {outcome.status} (score {score}, exit code {int(outcome.exit_code)})"]
    lines += [f"  reason: {why}" for why in outcome.reasons]
    failing = outcome.failing_cells()
    if failing:
        lines.append(f"  failing cells ({len(failing)} of {len(outcome.report.get('cells', []))}):")
        for cell in failing[:SHOWN_CELLS]:
            what = cell.get("error") or "; ".join(
                f"{c.get('id') or c.get('type')}: {c.get('detail') or 'failed'}"
                for c in cell.get("checks") or []
                if not c.get("passed")
            )
            lines.append(f"    {cell['id']}: {what[:300]}")
            if cell.get("reproduce"):
                lines.append(f"      reproduce: {cell['reproduce']}")
        if len(failing) > SHOWN_CELLS:
            lines.append(f"    ... and {len(failing) - SHOWN_CELLS} more in the report")
    if outcome.report_path is not None:
        lines.append(f"  report: {outcome.report_path}")
    return "\n".join(lines)


class WindtunnelFixture:
    """The ``windtunnel`` fixture: the Python API with this test's store and report directory."""

    def __init__(self, item: pytest.Item, tmp: Path) -> None:
        """``item`` is the test (its stash holds the marker's outcome, its user properties the report paths); ``tmp``
        its ``tmp_path``, where every run of this test writes its store and numbered reports.
        """
        self._item = item
        self._tmp = tmp
        self._n = itertools.count()

    @property
    def outcome(self) -> Outcome:
        """The outcome of the test's ``@pytest.mark.windtunnel`` run (run on first access)."""
        found = self._item.stash.get(_OUTCOME, None)
        if found is None:
            found = _run_marked(self._item, self)
        return found

    def _defaults(self, kind: str, options: dict[str, Any]) -> dict[str, Any]:
        """``options`` with this test's defaults filled in: a numbered JSON report under ``tmp`` (so two runs in one
        test do not overwrite each other) and, for ``run``, the test's own store; contract and replay runs are not
        persisted unless asked. The caller's options always win.
        """
        n = next(self._n)
        out = {"output": self._tmp / f"windtunnel-{kind}-{n}.json", **options}
        if kind == "run":
            out.setdefault("store", self._tmp / "runs.db")
        else:
            out.setdefault("persist", False)
        return out

    def run(self, config: Any = None, **options: Any) -> Outcome:
        """``windtunnel.run`` with a per-test store and a JSON report in the test's tmp directory."""
        return self._or_fail("run", config, options)

    def run_contract(self, config: Any = None, **options: Any) -> Outcome:
        """``windtunnel.run_contract`` with a JSON report in the test's tmp directory."""
        return self._or_fail("contract", config, options)

    def replay(self, config: Any = None, **options: Any) -> Outcome:
        """``windtunnel.replay`` with a JSON report in the test's tmp directory."""
        return self._or_fail("replay", config, options)

    def _or_fail(self, kind: str, config: Any, options: dict[str, Any]) -> Outcome:
        """Run ``kind``; a config that cannot run fails the test with windtunnel's message, as the marker does."""
        try:
            return self._call(kind, config, options)
        except WindtunnelError as err:
            problem = f"windtunnel {kind} could not run: {err}"
        pytest.fail(problem, pytrace=False)

    def _call(self, kind: str, config: Any, options: dict[str, Any]) -> Outcome:
        """Run the API function of ``kind`` on ``config`` (a relative path resolved beside the test file) with this
        test's defaults, and record the report path on the test.
        """
        call = {"run": api.run, "contract": api.run_contract, "replay": api.replay}[kind]
        outcome: Outcome = call(_resolve(config, self._item), **self._defaults(kind, options))
        self._attach(outcome)
        return outcome

    def check(self, outcome: Outcome, label: str = "run") -> None:
        """Fail the test unless ``outcome`` passed, listing the failing cells and their reproduce commands."""
        if not (outcome.passed and outcome.status in ("passed", "partial")):
            pytest.fail(explain(outcome, label), pytrace=False)

    def _attach(self, outcome: Outcome) -> None:
        """Add the run's report path to the test's ``user_properties`` (``windtunnel_report``), so a JUnit XML from
        pytest, and a CI system reading it, links every test to its report.
        """
        if outcome.report_path is not None:
            self._item.user_properties.append(("windtunnel_report", str(outcome.report_path)))


def _run_marked(item: pytest.Item, fixture: WindtunnelFixture) -> Outcome:
    """Run the ``@pytest.mark.windtunnel`` of ``item`` (``kind``, ``config`` positionally or by keyword, the rest as
    options) and keep the outcome in the item's stash, so :attr:`WindtunnelFixture.outcome` and the check after
    the test body see the same run and it runs once.
    """
    mark = item.get_closest_marker("windtunnel")
    assert mark is not None
    options = dict(mark.kwargs)
    kind = options.pop("kind", "run")
    config = mark.args[0] if mark.args else options.pop("config", None)
    outcome = fixture._or_fail(kind, config, options)
    item.stash[_OUTCOME] = outcome
    return outcome


@pytest.fixture
def windtunnel(request: pytest.FixtureRequest, tmp_path: Path) -> WindtunnelFixture:
    """Run windtunnel configs in this test (see :class:`WindtunnelFixture`)."""
    fixture = WindtunnelFixture(request.node, tmp_path)
    request.node.stash[_FIXTURE] = fixture
    return fixture


_FIXTURE = pytest.StashKey[WindtunnelFixture]()


@pytest.hookimpl(trylast=True)
def pytest_runtest_call(item: pytest.Item) -> None:
    """A marked test fails after its body unless its windtunnel run passed.

    ``trylast``: this runs after pytest's own implementation has run the body (a body that raised ends
    the call before it), without a hook wrapper, so any pytest and pluggy version accepts it.
    """
    mark = item.get_closest_marker("windtunnel")
    if mark is None:
        return
    fixture = item.stash[_FIXTURE]
    fixture.check(fixture.outcome, label=f"{mark.kwargs.get('kind', 'run')} of {_label(mark)}")


def _label(mark: pytest.Mark) -> str:
    """The config a marker names, for the failure line (``run of tests/agent.yaml``): positional, ``config=``, or the
    default ``windtunnel.yaml``.
    """
    return str(mark.args[0] if mark.args else mark.kwargs.get("config", "windtunnel.yaml"))


class AgentChecker:
    """The ``windtunnel_agent`` fixture: run an in-process agent object through windtunnel without YAML."""

    def __init__(self, fixture: WindtunnelFixture) -> None:
        """``fixture`` runs the generated configs (the test's store and reports); ``_names`` lists the objects this
        test registered, which :meth:`close` removes.
        """
        self._fixture = fixture
        self._names: list[str] = []

    def _ref(self, obj: Any) -> str:
        """A ``module:attr`` reference to ``obj``, which a config's ``agent.endpoint`` can name.

        A python agent is found by import reference; an object that lives only in the test has none, so it is set on a
        synthetic module in ``sys.modules`` under a fresh name (the run imports it from there, in this process).
        """
        module = sys.modules.get(_OBJECTS)
        if module is None:
            module = sys.modules[_OBJECTS] = types.ModuleType(_OBJECTS)
        name = f"obj{next(_counter)}"
        setattr(module, name, obj)
        self._names.append(name)
        return f"{_OBJECTS}:{name}"

    def __call__(
        self,
        agent: Callable[..., Any],
        *,
        golden_prompts: Sequence[str],
        invariants: Sequence[Mapping[str, Any]] | None = None,
        mutations: Mapping[str, Any] | None = None,
        reset: Callable[[], Any] | None = None,
        config: Mapping[str, Any] | None = None,
        expect_pass: bool = True,
        **options: Any,
    ) -> Outcome:
        """Run ``agent`` (a callable taking the prompt, sync or async) on ``golden_prompts`` and their
        mutations, checked by ``invariants`` (default: ``completes``); ``reset`` clears its state between
        cells. ``config`` adds any other config keys; ``options`` are those of ``windtunnel.run``. With
        ``expect_pass`` (default), a run that does not pass fails the test with the failing cells."""
        if not callable(agent):
            raise TypeError(f"windtunnel_agent(): agent must be callable, not {type(agent).__name__}")
        agent_cfg: dict[str, Any] = {"type": "python", "endpoint": self._ref(agent)}
        if reset is not None:
            agent_cfg["reset_function"] = self._ref(reset)
        data: dict[str, Any] = {**(config or {}), "agent": {**agent_cfg, **dict((config or {}).get("agent", {}))}}
        data["golden_prompts"] = list(golden_prompts)
        if invariants is not None:
            data["invariants"] = [dict(i) for i in invariants]
        if mutations is not None:
            data["mutations"] = dict(mutations)
        outcome = self._fixture.run(data, **options)
        if expect_pass:
            self._fixture.check(outcome, label=f"run of agent {getattr(agent, '__name__', agent)!s}")
        return outcome

    def close(self) -> None:
        """Forget the objects this test registered."""
        module = sys.modules.get(_OBJECTS)
        for name in self._names:
            if module is not None and hasattr(module, name):
                delattr(module, name)


@pytest.fixture
def windtunnel_agent(windtunnel: WindtunnelFixture) -> Iterator[AgentChecker]:
    """Test an in-process agent object: ``windtunnel_agent(my_agent, golden_prompts=[...], invariants=[...])``."""
    checker = AgentChecker(windtunnel)
    yield checker
    checker.close()
